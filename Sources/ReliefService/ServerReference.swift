import ReliefHTTPServer
import ReliefLock

/// The server an application runs behind, for reading its figures once it exists.
///
/// The application is made first (the server needs its handler at init), so `/metrics` reads the
/// server's open connections through a reference bound afterwards:
///
/// ```swift
/// let reference = ServerReference()
/// let application = ReliefApplication(openConnections: { reference.openConnections })
/// let server = HTTPServer(configuration: configuration, handler: application)
/// reference.bind(server)
/// ```
public final class ServerReference: Sendable {
    private let server = Locked<HTTPServer?>(nil)

    /// A reference bound to no server yet.
    public init() {}

    /// From now on, figures are read from `server`.
    public func bind(_ server: HTTPServer) {
        self.server.withLock { $0 = server }
    }

    /// The bound server's open connections; 0 before ``bind(_:)``.
    public var openConnections: Int {
        server.withLock { $0?.openConnections ?? 0 }
    }
}
