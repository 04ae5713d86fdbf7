#if canImport(CMalloc)
import CMalloc
#endif

/// Process-wide settings of the C allocator for rendering workloads; every executable opts in at
/// start-up (`relief render`, `relief serve`, `relief-bench`).
///
/// Measured in `relief serve` (docs/PERFORMANCE.md): with glibc's defaults a 320 × 320 miss spent
/// 3.9 ms rendering, faulting in about 2 MiB of fresh pages each time; with these settings 2.2 ms,
/// and the RSS after 100,000 distinct renders fell from 98 to 93 MiB. (16 MiB of retention had
/// cost 12 MiB of RSS instead.)
public enum AllocatorTuning {
    /// How much freed memory each allocator arena keeps for the next render instead of returning it
    /// to the system: 8 MiB, the transient memory of a 760 × 760 card (a 320 × 320 button needs
    /// about 3 MiB). Blocks up to this size come from the reusable heap, not fresh mappings.
    public static let retainedBytes: Int32 = 8 << 20

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
