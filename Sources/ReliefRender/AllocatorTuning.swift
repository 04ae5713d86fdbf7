#if canImport(CMalloc)
import CMalloc
#endif

/// Process-wide settings of the C allocator for rendering workloads; executables opt in at start-up.
///
/// For processes that render and exit (`relief render`, `relief-bench`). `relief serve` keeps the
/// defaults: a freed layer retained next to long-lived cache entries cannot be returned, and 100,000
/// distinct renders then left the server 12 MiB further from its memory budget.
public enum AllocatorTuning {
    /// How much freed memory each allocator arena keeps for the next render instead of returning it
    /// to the system: 16 MiB, the layers of a 320 × 320 render with room to spare.
    public static let retainedBytes: Int32 = 16 << 20

    /// The most allocator arenas: threads beyond it share one, bounding retained memory to
    /// 4 × ``retainedBytes``.
    public static let maximumArenas: Int32 = 4

    /// A render allocates and frees megabytes of layers. By default glibc serves blocks this large
    /// from fresh mappings and unmaps them when freed, so every render pays for page faults and
    /// zeroing; up to ``retainedBytes`` they now come from, and return to, the reusable heap.
    public static func keepFreedMemoryForReuse() {
        #if canImport(CMalloc)
        mallopt(M_MMAP_THRESHOLD, retainedBytes)
        mallopt(M_TRIM_THRESHOLD, retainedBytes)
        mallopt(M_ARENA_MAX, maximumArenas)
        #endif
    }
}
