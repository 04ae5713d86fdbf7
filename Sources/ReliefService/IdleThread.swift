import Dispatch
import Foundation
import Glibc
import ReliefLock

/// A thread that runs the work it is given one piece after another, scheduled by the operating
/// system only when a core would otherwise idle (Linux's `SCHED_IDLE`, or the lowest nice value
/// where that is refused): work on it never takes a core from a thread with anything to do. It is
/// started by the first piece of work and ends after ``idleLifetime`` without any.
final class IdleThread: Sendable {
    /// How long the thread waits for more work before it ends.
    static let idleLifetime: Duration = .seconds(10)

    private struct State {
        var pending: [@Sendable () -> Void] = []
        var isRunning = false
    }

    private let name: String
    private let state = Locked(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    init(name: String) {
        self.name = name
    }

    /// Runs `work` on the thread, after the work given before it.
    func run(_ work: @escaping @Sendable () -> Void) {
        let mustStart = state.withLock { state -> Bool in
            state.pending.append(work)
            defer { state.isRunning = true }
            return !state.isRunning
        }
        if mustStart {
            let thread = Thread { [self] in drain() }
            thread.name = name
            thread.start()
        } else {
            wakeUp.signal()
        }
    }

    private func drain() {
        Self.lowerOwnPriority()
        while true {
            let next = state.withLock { state -> (@Sendable () -> Void)? in
                state.pending.isEmpty ? nil : state.pending.removeFirst()
            }
            if let next {
                next()
                continue
            }
            let (seconds, _) = Self.idleLifetime.components
            guard wakeUp.wait(timeout: .now() + .seconds(Int(seconds))) == .timedOut else { continue }
            // Ends unless work came in the meantime; a signal left for it is harmless to a later thread.
            let ends = state.withLock { state -> Bool in
                if state.pending.isEmpty { state.isRunning = false }
                return !state.isRunning
            }
            if ends { return }
        }
    }

    /// Linux's `SCHED_IDLE` (`<bits/sched.h>`), which Glibc's module leaves out: it is declared only
    /// under `_GNU_SOURCE`.
    private static let idleScheduling: Int32 = 5

    /// Puts the calling thread under `SCHED_IDLE`, or failing that at nice 19; an unprivileged
    /// thread may always lower its own priority. On Linux both calls, given 0, change the calling
    /// thread alone.
    private static func lowerOwnPriority() {
        var parameters = sched_param(sched_priority: 0)
        if sched_setscheduler(0, idleScheduling, &parameters) != 0 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }
    }
}
