import ReliefHTTPServer

/// One line per response written, in one of two formats (``Format``), through a bounded buffer and
/// a writer thread of its own (see ``LogWriter``): an event loop reporting a response only writes
/// the line's bytes into the buffer, never waits for the destination nor wakes the writer for its
/// line alone (lines are written in batches of up to 64 KiB, at most 10 ms after the first), and
/// when the destination stops taking lines they are dropped and counted (``droppedLines``) once
/// ``bufferBytes`` are waiting, with a line saying how many once it takes them again. Writes that
/// fail (a full disk, a closed pipe) are counted the same way and said once on standard error
/// (``ConsoleLog``), and once more when writing works again.
public final class AccessLog: Sendable {
    /// How a line is written.
    public enum Format: String, Sendable, CaseIterable {
        /// `GET /render?style=dark 200 17553B 0.21ms hit`: method, target, status, body bytes sent,
        /// milliseconds from the request read whole to the answer's last byte handed to the kernel,
        /// and the response's note (how the render cache answered: `hit` or `miss`; `-` when it was
        /// not asked). An empty method or target (a request line the server could not read) is `-`.
        case text
        /// One JSON object per line for log collectors: `time` (UTC, RFC 3339 with milliseconds),
        /// `remote`, `method`, `target`, `status`, `bytes`, `duration_ms` and `note` when there is one.
        case json
    }

    /// The default of ``bufferBytes``: 1 MiB, half a second of lines at 20,000 responses a second.
    public static let defaultBufferBytes = 1 << 20
    /// How long ``flush(within:)`` waits by default, at exit: 1 s, so a destination that takes
    /// nothing cannot hold up a shutdown (the lines still buffered are then lost).
    public static let finalFlushTimeout: Duration = .seconds(1)

    /// How lines are written.
    public let format: Format
    private let writer: LogWriter

    /// A log writing to `destination` in `format`, buffering at most `bufferBytes` while the
    /// destination does not take lines. Throws when a file cannot be opened for appending, a FIFO
    /// that no process has open for reading included (the open never waits for one).
    public init(
        destination: LogDestination = .standardOutput, format: Format = .text,
        bufferBytes: Int = AccessLog.defaultBufferBytes
    ) throws {
        self.format = format
        writer = try LogWriter(
            destination: destination, capacityBytes: bufferBytes,
            droppedLinesNotice: { count in Self.droppedLinesNotice(count, format: format) },
            reportFailure: { ConsoleLog.standardError.write("relief: access log: \($0)") })
    }

    deinit {
        writer.stop()
    }

    /// Where the lines go.
    public var destination: LogDestination { writer.destination }
    /// The most bytes of lines waiting for the destination.
    public var bufferBytes: Int { writer.capacityBytes }

    /// Lines dropped since the start: the buffer was full, or the destination failed.
    public var droppedLines: Int { writer.droppedLines }

    /// Buffers the line of `entry`; never waits for the destination.
    public func write(_ entry: AccessLogEntry) {
        writer.append { Self.appendLine(for: entry, format: format, to: &$0) }
    }

    /// Opens a log file again, for log rotation: after `mv access.log access.log.1`, new lines go
    /// to a new `access.log`. Nothing for standard output.
    public func reopen() {
        writer.reopen()
    }

    /// Waits until the lines written so far have reached the destination, at most `timeout`;
    /// returns whether they all did.
    @discardableResult
    public func flush(within timeout: Duration = AccessLog.finalFlushTimeout) -> Bool {
        writer.flush(within: timeout)
    }
}
