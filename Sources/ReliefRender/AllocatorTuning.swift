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

    /// The most allocator arenas: one, which every thread shares. A rendered PNG is allocated by
    /// the worker thread that encoded it and then lives in the cache; with an arena per worker,
    /// every arena held a share of the cache with the holes its evicted entries leave between the
    /// live ones, and as the pool's threads came and went the cache moved to further arenas: in
    /// `relief serve` with four, after 300,000 distinct renders 45 MiB of the heaps was free,
    /// 31 MiB of it between the entries left in the arena that had held the cache
    /// (docs/PERFORMANCE.md). One arena also bounds the retained memory to one ``retainedBytes``;
    /// small allocations are served from each thread's cache without taking its lock.
    public static let maximumArenas: Int32 = 1

    /// A render allocates and frees megabytes of layers. By default glibc serves blocks this large
    /// from fresh mappings and unmaps them when freed, so every render pays for page faults and
    /// zeroing; up to ``retainedBytes`` they now come from, and return to, the reusable heap.
    /// Gives the system back every free page of the heap, wherever it lies (glibc's `malloc_trim`),
    /// and not only what lies above the last block in use, as freeing does past
    /// ``retainedBytes``: what a burst of renders left between the blocks still in use (the cache's
    /// entries) is resident until then. For when the renders have stopped: it walks the whole heap.
    public static func returnFreeMemory() {
        #if canImport(CMalloc)
            malloc_trim(0)
        #endif
    }

    /// The heap's bytes in blocks in use and free but still resident or mapped (glibc's `mallinfo2`).
    public static var heap: (inUse: Int, free: Int) {
        #if canImport(CMalloc)
            let info = mallinfo2()
            return (Int(info.uordblks + info.hblkhd), Int(info.fordblks))
        #else
            return (0, 0)
        #endif
    }

    public static func keepFreedMemoryForReuse() {
        #if canImport(CMalloc)
            mallopt(M_MMAP_THRESHOLD, retainedBytes)
            mallopt(M_TRIM_THRESHOLD, retainedBytes)
            mallopt(M_ARENA_MAX, maximumArenas)
        #endif
    }
}
