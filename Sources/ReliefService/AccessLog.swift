import Dispatch
import Foundation
import Synchronization

/// One line per answered request, e.g. `GET /render?style=dark 200 17553B 0.21ms hit`: method,
/// target, status, body bytes sent, time from request to answer in milliseconds, and how the render
/// cache answered (`hit`, `miss`, or `-` when it was not asked).
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

    /// Appends one line. `target` is shown with control characters and spaces escaped, so one
    /// request is always one line.
    public func record(method: String, target: String, status: Int, bytes: Int, duration: Duration, cache: String) {
        var line = Self.escaped(method)
        line += " "
        line += Self.escaped(target)
        line += " \(status) \(bytes)B \(duration.millisecondsText)ms \(cache)\n"
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

    /// Control characters, spaces and backslashes as `\xHH`, other text as is.
    static func escaped(_ text: String) -> String {
        // The common case, printable ASCII without spaces or backslashes, goes through untouched.
        if text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            // Unicode's control characters (Cc) are exactly U+0000–U+001F and U+007F–U+009F.
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == " " || scalar == "\\" {
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + (hex.count < 2 ? "0" : "") + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
