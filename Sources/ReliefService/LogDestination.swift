/// Where a log's lines go.
public enum LogDestination: Sendable, Equatable {
    /// The process's standard output.
    case standardOutput
    /// A file opened for appending and created when missing; it is opened again on request (after
    /// log rotation has moved it away, `relief serve` does so on `SIGHUP`).
    case file(String)
}
