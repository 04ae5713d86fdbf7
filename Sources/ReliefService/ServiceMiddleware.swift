import ReliefHTTPServer

/// Work that concerns every route rather than one: it sees each request before its route and each
/// answer on its way out. ``ReliefApplication/middleware`` is the one chain of it.
///
/// The chain is built of concrete types (``MiddlewareChain``), so a request pays direct calls for
/// it, not a look-up per link.
protocol ServiceMiddleware: Sendable {
    /// Looks at `request` before `route` does: returns the request to pass on, possibly changed, or
    /// nil after answering it with `reply` itself.
    func admit(
        _ request: HTTPRequest, to route: ServiceRoute, in application: ReliefApplication,
        reply: ReliefApplication.Reply
    ) -> HTTPRequest?
    /// Adjusts an answer of the application on its way to the server.
    func finish(_ response: inout HTTPResponse, in application: ReliefApplication)
}

extension ServiceMiddleware {
    func admit(
        _ request: HTTPRequest, to route: ServiceRoute, in application: ReliefApplication,
        reply: ReliefApplication.Reply
    ) -> HTTPRequest? {
        request
    }

    func finish(_ response: inout HTTPResponse, in application: ReliefApplication) {}
}

/// `first`, then `rest`, for requests; answers pass back through them the other way round.
struct MiddlewareChain<First: ServiceMiddleware, Rest: ServiceMiddleware>: ServiceMiddleware {
    let first: First
    let rest: Rest

    func admit(
        _ request: HTTPRequest, to route: ServiceRoute, in application: ReliefApplication,
        reply: ReliefApplication.Reply
    ) -> HTTPRequest? {
        first.admit(request, to: route, in: application, reply: reply)
            .flatMap { rest.admit($0, to: route, in: application, reply: reply) }
    }

    func finish(_ response: inout HTTPResponse, in application: ReliefApplication) {
        rest.finish(&response, in: application)
        first.finish(&response, in: application)
    }
}

/// Headers safe on any response: no MIME sniffing, and readable from any origin (the images are public).
struct CommonHeaders: ServiceMiddleware {
    static let block = HTTPHeaderBlock([
        ("X-Content-Type-Options", "nosniff"),
        ("Access-Control-Allow-Origin", "*"),
    ])

    func finish(_ response: inout HTTPResponse, in application: ReliefApplication) {
        response.headers.append(Self.block)
    }
}

/// While draining (``ReliefApplication/beginDraining()``), each answer closes its connection: a
/// keep-alive client (a proxy, or one behind a load balancer that spreads connections) reconnects,
/// to another replica, instead of holding a connection the shutdown will close under its next request.
struct CloseWhileDraining: ServiceMiddleware {
    func finish(_ response: inout HTTPResponse, in application: ReliefApplication) {
        if application.isDraining { response.closesConnection = true }
    }
}

/// Signed routes' requests lose their trailing `sig`, checked first when signed URLs are required
/// (``ReliefApplication/checkedSignature(of:reply:)``).
struct SignatureCheck: ServiceMiddleware {
    func admit(
        _ request: HTTPRequest, to route: ServiceRoute, in application: ReliefApplication,
        reply: ReliefApplication.Reply
    ) -> HTTPRequest? {
        route.isSigned ? application.checkedSignature(of: request, reply: reply) : request
    }
}
