import ReliefHTTPServer

/// One thing the service answers. ``ReliefApplication/routes`` is the one table of them: dispatch,
/// the metrics' `route` label and the paths of `/openapi.json` are all read from it, so a route is
/// added, renamed or described in one place.
struct ServiceRoute: Sendable {
    /// The path answered; nil for the route that takes every other path (the public files).
    let path: String?
    /// The methods answered; any other is `405` with `Allow` naming these.
    let methods: [String]
    /// The `route` label of its responses in `/metrics`.
    let metricsLabel: String
    /// With signed URLs, its requests must carry a valid `sig` (``SignatureCheck``).
    let isSigned: Bool
    /// How `/openapi.json` describes it; nil for a route it does not describe.
    let operation: OpenAPIDocument.Operation?
    /// Answers a request that passed the middleware.
    let respond: @Sendable (ReliefApplication, HTTPRequest, @escaping ReliefApplication.Reply) -> Void

    /// The value of `Allow` on a `405`.
    var allowedMethods: String { methods.joined(separator: ", ") }
}

extension ReliefApplication {
    /// Every route, looked up by path in this order; the last takes the paths no other names.
    static let routes: [ServiceRoute] = [
        ServiceRoute(path: "/render", methods: readMethods, metricsLabel: "render", isSigned: true, operation: .render) {
            $0.respondToRender($1, reply: $2)
        },
        ServiceRoute(path: "/audit", methods: readMethods, metricsLabel: "audit", isSigned: true, operation: .audit) {
            $0.respondToAudit($1, reply: $2)
        },
        ServiceRoute(path: "/healthz", methods: readMethods, metricsLabel: "healthz", isSigned: false, operation: .health) {
            $0.respondToHealth(reply: $2)
        },
        ServiceRoute(path: "/metrics", methods: readMethods, metricsLabel: "metrics", isSigned: false, operation: .metrics) {
            $2($0.metricsResponse())
        },
        ServiceRoute(path: "/openapi.json", methods: readMethods, metricsLabel: "openapi", isSigned: false,
                     operation: .openAPI) { $2($0.openAPIResponse($1)) },
        ServiceRoute(path: nil, methods: readMethods, metricsLabel: "files", isSigned: false, operation: nil) {
            $2($0.fileResponse($1))
        },
    ]

    /// Every route reads; none changes anything.
    private static let readMethods = ["GET", "HEAD"]

    /// The index in ``routes`` of the route answering `path`.
    static func routeIndex(forPath path: Substring) -> Int {
        routes.firstIndex { $0.path.map { $0 == path } ?? true } ?? routes.count - 1
    }
}
