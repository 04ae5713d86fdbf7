/// Where a log's lines go.
public enum LogDestination: Sendable, Equatable, CustomStringConvertible {
    /// The process's standard output.
    case standardOutput
    /// The process's standard error: where `relief serve` writes its own messages (``ConsoleLog``).
    case standardError
    /// A file opened for appending and created when missing; it is opened again on request (after
    /// log rotation has moved it away, `relief serve` does so on `SIGHUP`).
    case file(String)

    /// How messages name the destination: `standard output`, or the file's path.
    public var description: String {
        switch self {
        case .standardOutput: "standard output"
        case .standardError: "standard error"
        case .file(let path): path
        }
    }
}
