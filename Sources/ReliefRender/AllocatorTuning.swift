#if canImport(CMalloc)
import CMalloc
#endif

/// Process-wide settings of the C allocator for rendering workloads; executables opt in at start-up.
public enum AllocatorTuning {
    /// How much freed memory the allocator keeps for the next render instead of returning it to
    /// the system: 32 MiB, several renders' worth of layers, and well inside the service's memory
    /// budget (cache + 40 MiB).
    public static let retainedBytes: Int32 = 32 << 20

    /// A render allocates and frees megabytes of layers. By default glibc serves blocks this large
    /// from fresh mappings and unmaps them when freed, so every render pays for page faults and
    /// zeroing; up to ``retainedBytes`` they now come from, and return to, the reusable heap.
    public static func keepFreedMemoryForReuse() {
        #if canImport(CMalloc)
        mallopt(M_MMAP_THRESHOLD, retainedBytes)
        mallopt(M_TRIM_THRESHOLD, retainedBytes)
        #endif
    }
}
