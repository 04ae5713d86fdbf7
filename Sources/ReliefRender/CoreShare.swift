import Foundation
import Synchronization

/// How many threads one render may split its work into now: as many as there are cores no other
/// render is using, so that a render alone on an idle machine finishes sooner, and renders side by
/// side never take cores from each other.
///
/// A render's bands (``BandRounds``), its low-vision blur and its encoder's strips each run on up to
/// ``threads(atMost:)`` threads. On a busy service every core already runs a render: splitting one
/// then buys it nothing and costs the others the threads' start-up and hand-overs, so each render
/// stays on its own thread. Work that runs renders side by side (the service's render workers) marks
/// each one with ``running(_:)``; a render outside it (the command line, the bench) counts as the
/// only one.
public final class CoreShare: Sendable {
    /// The process's share: the cores it may use, and the renders marked as running.
    public static let process = CoreShare(cores: ProcessInfo.processInfo.activeProcessorCount)

    /// The cores the process may use.
    public let cores: Int
    private let rendersRunning = Atomic<Int>(0)

    /// A share of `cores` cores.
    public init(cores: Int) {
        self.cores = max(1, cores)
    }

    /// Runs `body`, one render, counted as running until it returns.
    public func running<Result>(_ body: () throws -> Result) rethrows -> Result {
        rendersRunning.add(1, ordering: .relaxed)
        defer { rendersRunning.subtract(1, ordering: .relaxed) }
        return try body()
    }

    /// Runs `body`, one render that must stay on the calling thread: background work, whose
    /// thread runs only on idle cores, must not hand parts to threads that would not.
    public func alone<Result>(_ body: () throws -> Result) rethrows -> Result {
        try Self.$isAlone.withValue(true) { try body() }
    }

    @TaskLocal private static var isAlone = false

    /// The threads a render may use now for work it can split: the cores no other running render
    /// takes, at least 1, at most `wanted`; 1 inside ``alone(_:)``.
    public func threads(atMost wanted: Int) -> Int {
        guard !Self.isAlone else { return 1 }
        let others = max(rendersRunning.load(ordering: .relaxed), 1) - 1
        return max(1, min(wanted, cores - others))
    }
}
