/// Why ``HTTPServer/start()`` could not start serving.
public enum HTTPServerError: Error, Equatable, CustomStringConvertible {
    /// A configuration field is out of range; names the field and what it accepts.
    case invalidConfiguration(field: String, allowed: String)
    /// The host could not be resolved to an address to listen on.
    case unknownHost(String, reason: String)
    /// Creating, binding or listening on the socket failed (address in use, permission denied...).
    case cannotListen(host: String, port: Int, reason: String)
    /// Event loops could not be created (descriptor or thread limits).
    case cannotCreateEventLoop(reason: String)
    /// `start()` was called on a server that is running or has stopped; servers start once.
    case alreadyStarted

    /// One line naming what failed and why.
    public var description: String {
        switch self {
        case let .invalidConfiguration(field, allowed):
            "invalid server configuration: \(field) must be \(allowed)"
        case let .unknownHost(host, reason):
            "cannot listen on host \"\(host)\": \(reason)"
        case let .cannotListen(host, port, reason):
            "cannot listen on \(host):\(port): \(reason)"
        case let .cannotCreateEventLoop(reason):
            "cannot create an event loop: \(reason)"
        case .alreadyStarted:
            "the server was already started; an HTTPServer starts once"
        }
    }
}
