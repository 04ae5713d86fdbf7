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
///
/// The server is held weakly: it holds the application, which holds this reference, so a strong
/// one would keep all three alive for ever once the server is done.
public final class ServerReference: Sendable {
    private let server = Locked(WeakServer())

    private struct WeakServer {
        weak var server: HTTPServer?
    }

    /// A reference bound to no server yet.
    public init() {}

    /// From now on, figures are read from `server`, for as long as its owner keeps it.
    public func bind(_ server: HTTPServer) {
        self.server.withLock { $0.server = server }
    }

    /// The bound server's open connections; 0 before ``bind(_:)`` and after the server is gone.
    public var openConnections: Int {
        server.withLock { $0.server?.openConnections ?? 0 }
    }
}
