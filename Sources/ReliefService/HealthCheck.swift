import Dispatch
import ReliefLock

/// Whether the service can render, found out by rendering one small image with text (so fonts,
/// rasterizer and encoder are all exercised) the first time someone asks.
///
/// Success is remembered; a failure is not, so the next question tries again. Questions asked while
/// a check runs wait for it. The check runs on a global thread, never on the caller's.
final class HealthCheck: Sendable {
    /// The query of the test render: a 16-point button with a label and no margin.
    static let probeQuery = "size=16&margin=0&label=ok"

    /// The answer to one question: healthy, or the reason not.
    typealias Completion = @Sendable (Result<Void, RenderFailure>) -> Void

    private enum State {
        case unknown
        case checking([Completion])
        case healthy
    }

    private let state = Locked(State.unknown)
    private let probe: @Sendable () throws -> Void

    /// A check that calls `probe` and counts it a success when it does not throw.
    init(probe: @escaping @Sendable () throws -> Void) {
        self.probe = probe
    }

    /// Answers at once when a check has succeeded; otherwise starts or joins a check.
    func check(completion: @escaping Completion) {
        enum Step { case healthy, wait, start }
        let step = state.withLock { state -> Step in
            switch state {
            case .healthy:
                return .healthy
            case .checking(let waiters):
                state = .checking(waiters + [completion])
                return .wait
            case .unknown:
                state = .checking([completion])
                return .start
            }
        }
        switch step {
        case .healthy: completion(.success(()))
        case .wait: break
        case .start: DispatchQueue.global(qos: .utility).async { self.run() }
        }
    }

    private func run() {
        let result: Result<Void, RenderFailure>
        do {
            try probe()
            result = .success(())
        } catch {
            result = .failure(.failed(String(describing: error)))
        }
        let waiters = state.withLock { state -> [Completion] in
            guard case .checking(let waiters) = state else { return [] }
            state = if case .success = result { .healthy } else { .unknown }
            return waiters
        }
        for waiter in waiters {
            waiter(result)
        }
    }
}
