/// What `relief serve` says to its operator — its banner on standard output; its notes, the
/// server's complaints and the logs' failures on standard error — through a bounded writer that
/// never blocks the caller (``LogWriter``): a stalled terminal or log collector costs dropped
/// lines, counted and said once it takes lines again, never a stuck event loop or a shutdown that
/// does not end.
public final class ConsoleLog: Sendable {
    /// Lines for standard output.
    public static let standardOutput = ConsoleLog(.output)
    /// Lines for standard error.
    public static let standardError = ConsoleLog(.error)

    /// The most bytes waiting for a stream that is not taking them: 256 KiB, thousands of messages.
    public static let bufferBytes = 256 << 10

    private let writer: LogWriter

    private init(_ stream: LogWriter.StandardStream) {
        writer = LogWriter(standardStream: stream, capacityBytes: Self.bufferBytes) { count in
            "relief: \(count) line\(count == 1 ? "" : "s") dropped: \(stream.destination) was not taking them\n"
        }
    }

    /// Buffers `message` as one line (a newline is added); never waits for the stream.
    public func write(_ message: String) {
        writer.append(message + "\n")
    }

    /// Waits until the lines written so far have reached the stream, at most `timeout`; returns
    /// whether they all did.
    @discardableResult
    public func flush(within timeout: Duration) -> Bool {
        writer.flush(within: timeout)
    }

    /// Lines dropped since the start because the stream was not taking them.
    public var droppedLines: Int { writer.droppedLines }
}
