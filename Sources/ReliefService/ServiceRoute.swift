import Glibc
import ReliefHTTPServer

/// One thing the service answers. ``ReliefApplication/routes`` is the one table of them: dispatch,
/// the metrics' `route` label and the paths of `/openapi.json` are all read from it, so a route is
/// added, renamed or described in one place. Its fields hold no counted references, so looking a
/// route up per request costs no reference counting.
struct ServiceRoute: Sendable {
    /// The path answered; nil for the route that takes every other path (the public files).
    let path: StaticString?
    /// The methods answered; any other is `405` with `Allow` naming these. The server reads any
    /// request's body (up to its limit); only a route that declares ``Methods/post`` looks at it.
    let methods: Methods
    /// The `route` label of its responses in `/metrics`.
    let metricsLabel: StaticString
    /// With signed URLs, its requests must carry a valid `sig` (``SignatureCheck``).
    let isSigned: Bool
    /// How `/openapi.json` describes it; nil for a route it does not describe.
    let operation: OpenAPIDocument.Operation?
    /// Answers a request that passed the middleware.
    let respond: @Sendable (ReliefApplication, HTTPRequest, @escaping ReliefApplication.Reply) -> Void

    /// Whether this route answers the request path `requestPath` (its UTF-8 bytes).
    func answers(_ requestPath: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let path else { return true }
        guard requestPath.count == path.utf8CodeUnitCount else { return false }
        return requestPath.baseAddress.map { memcmp($0, path.utf8Start, requestPath.count) == 0 } ?? requestPath.isEmpty
    }

    /// A set of request methods.
    struct Methods: OptionSet, Sendable {
        let rawValue: UInt8

        static let get = Methods(rawValue: 1)
        static let head = Methods(rawValue: 2)
        /// A request whose body (``HTTPRequest/body``) the route reads.
        static let post = Methods(rawValue: 4)
        /// The methods of a route that only reads.
        static let read: Methods = [.get, .head]

        private static let names: [(Methods, String)] = [(.get, "GET"), (.head, "HEAD"), (.post, "POST")]

        /// Whether `method` (case-sensitive, as HTTP's are) is one of these.
        func contains(method: String) -> Bool {
            Self.names.contains { contains($0.0) && $0.1 == method }
        }

        /// The value of `Allow` on a `405`: these methods' names.
        var allowHeader: String {
            names.joined(separator: ", ")
        }

        /// These methods' names, in the order `Allow` gives them.
        var names: [String] {
            Self.names.filter { contains($0.0) }.map(\.1)
        }
    }
}

extension ReliefApplication {
    /// Every route, looked up by path in this order; the last takes the paths no other names.
    static let routes: [ServiceRoute] = [
        ServiceRoute(path: "/render", methods: .read, metricsLabel: "render", isSigned: true, operation: .render) {
            $0.respondToRender($1, reply: $2)
        },
        ServiceRoute(
            path: "/screen", methods: [.get, .head, .post], metricsLabel: "screen", isSigned: true, operation: .screen
        ) { application, request, reply in
            if request.method == "POST" {
                application.respondToScreenPost(request, reply: reply)
            } else {
                application.respondToScreen(request, reply: reply)
            }
        },
        ServiceRoute(path: "/audit", methods: .read, metricsLabel: "audit", isSigned: true, operation: .audit) {
            $0.respondToAudit($1, reply: $2)
        },
        ServiceRoute(
            path: "/describe", methods: .read, metricsLabel: "describe", isSigned: false, operation: .describe
        ) { $0.respondToDescribe($1, reply: $2) },
        ServiceRoute(path: "/healthz", methods: .read, metricsLabel: "healthz", isSigned: false, operation: .health) {
            $0.respondToHealth(reply: $2)
        },
        ServiceRoute(path: "/metrics", methods: .read, metricsLabel: "metrics", isSigned: false, operation: .metrics) {
            $2($0.metricsResponse())
        },
        ServiceRoute(
            path: "/openapi.json", methods: .read, metricsLabel: "openapi", isSigned: false,
            operation: .openAPI
        ) { $2($0.openAPIResponse($1)) },
        ServiceRoute(path: nil, methods: .read, metricsLabel: "files", isSigned: false, operation: nil) {
            $2($0.fileResponse($1))
        },
    ]

    /// The index in ``routes`` of the route answering `target`'s path, the bytes before any `?`:
    /// looked up in the target's bytes, as every request's route and every response's count ask for it.
    static func routeIndex(forTarget target: String) -> Int {
        var target = target
        return target.withUTF8 { bytes in
            let path = UnsafeBufferPointer(rebasing: bytes[..<(bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.count)])
            return routes.firstIndex { $0.answers(path) } ?? routes.count - 1
        }
    }
}
