/// A Prometheus histogram of durations in seconds: cumulative counts per upper bound, a sum and a count.
struct DurationHistogram: Sendable, Hashable {
    /// Upper bounds in seconds, from half a millisecond (a small render) to five seconds (a very
    /// large one), about ×2.5 apart.
    static let upperBounds: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5]

    /// Observations at or below each bound (not yet cumulative).
    private(set) var countsPerBucket = [Int](repeating: 0, count: upperBounds.count)
    private(set) var sum = 0.0
    private(set) var count = 0

    mutating func observe(_ duration: Duration) {
        let seconds = duration.seconds
        if let bucket = Self.upperBounds.firstIndex(where: { seconds <= $0 }) {
            countsPerBucket[bucket] += 1
        }
        sum += seconds
        count += 1
    }

    /// The sample lines of the histogram `name`, in the text exposition format.
    func write(_ name: String, to text: inout String) {
        var cumulative = 0
        for (bound, bucketCount) in zip(Self.upperBounds, countsPerBucket) {
            cumulative += bucketCount
            text += "\(name)_bucket{le=\"\(bound)\"} \(cumulative)\n"
        }
        text += "\(name)_bucket{le=\"+Inf\"} \(count)\n"
        text += "\(name)_sum \(sum)\n"
        text += "\(name)_count \(count)\n"
    }
}
