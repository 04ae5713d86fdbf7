import Dispatch

/// Pieces of one piece of work done on several threads at once, their results kept in order.
public enum SideBySide {
    /// `work(index)` for every index in `0..<count`, each on a thread of its own when there are
    /// several (`DispatchQueue.concurrentPerform`), the results in index order. The results are
    /// handed over under a ``Locked``, so ThreadSanitizer sees each written before it is read.
    public static func map<Result: Sendable>(_ count: Int, _ work: @Sendable (Int) -> Result) -> [Result] {
        guard count > 1 else { return count == 1 ? [work(0)] : [] }
        let results = Locked([Result?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = work(index)
            results.withLock { $0[index] = result }
        }
        return results.withLock { $0 }.map { result in
            guard let result else { preconditionFailure("concurrentPerform runs every index") }
            return result
        }
    }
}
