import Glibc

/// Nanoseconds on the monotonic clock, for timeouts and durations that wall-clock jumps must not bend.
enum MonotonicClock {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// `start + timeout`, stopping at the far future instead of overflowing for huge timeouts.
    static func deadline(_ start: UInt64, after timeout: UInt64) -> UInt64 {
        let (sum, overflowed) = start.addingReportingOverflow(timeout)
        return overflowed ? .max : sum
    }
}
