import Dispatch
import Foundation
import ReliefHTTPServer
import Synchronization

/// One line per response written, e.g. `GET /render?style=dark 200 17553B 0.21ms hit`: method,
/// target, status, body bytes sent, time from request to answer in milliseconds, and the
/// response's note (how the render cache answered: `hit` or `miss`; `-` when it was not asked).
///
/// Lines are appended to a buffer under a lock; a background flush at most ``flushDelay`` later
/// writes everything buffered with a single `write`, so under load thousands of lines share one
/// system call and one thread wake-up, and the event loop never waits for the terminal or a pipe.
public final class AccessLog: Sendable {
    private struct State {
        var buffer: [UInt8] = []
        var flushScheduled = false
    }

    private let handle: FileHandle
    private let state = Mutex(State())
    private let flushQueue = DispatchQueue(label: "relief.access-log")
    /// How long a line may wait in the buffer: short enough to watch the log live.
    public static let flushDelay = DispatchTimeInterval.milliseconds(50)

    /// A log writing to `handle`, by default standard output.
    public init(handle: FileHandle = .standardOutput) {
        self.handle = handle
    }

    /// Appends the line of `entry`. Method and target are shown with control characters and spaces
    /// escaped, so one response is always one line.
    public func write(_ entry: AccessLogEntry) {
        var line = LogText.escaped(entry.method)
        line += " "
        line += LogText.escaped(entry.target)
        line += " \(entry.status) \(entry.bodyBytes)B \(entry.duration.millisecondsText)ms \(entry.note ?? "-")\n"
        let mustSchedule = state.withLock { state -> Bool in
            state.buffer.append(contentsOf: line.utf8)
            defer { state.flushScheduled = true }
            return !state.flushScheduled
        }
        if mustSchedule {
            flushQueue.asyncAfter(deadline: .now() + Self.flushDelay) { self.flush() }
        }
    }

    /// Writes every buffered line now.
    public func flush() {
        let bytes = state.withLock { state -> [UInt8] in
            state.flushScheduled = false
            defer { state.buffer.removeAll(keepingCapacity: true) }
            return state.buffer
        }
        guard !bytes.isEmpty else { return }
        // A closed or full stdout must not take the service down; the lines are dropped.
        try? handle.write(contentsOf: bytes)
    }
}
