import ReliefAudit
import ReliefHTTPServer
import ReliefLock
import ReliefRender
import ReliefScreen
import ReliefSpec
import Synchronization

/// Relief's HTTP application: the routes, the render cache, the render workers and the metrics,
/// behind the server's ``HTTPHandler`` interface.
///
/// Routes (the table ``routes``, each with the methods it answers; every one answers `GET` and `HEAD`,
/// `/screen` `POST` too, and any other method is `405` with `Allow` naming the route's methods):
/// - `/render?…`: the PNG of a query (see ``RenderSpec/parse(query:)``), or its `format`'s file,
///   from the cache or rendered on a worker; `304` for a matching `If-None-Match` without rendering; `400` for a refused query,
///   as problem JSON or, for clients that rank images first, as a PNG stating the problem.
/// - `/screen?source=…&…`: a whole screen from one layout (see ``ScreenRequest``), in any format,
///   cached and tagged by its canonical form like a render; `400` with the line and column of a fault
///   in the layout. `POST /screen` takes the layout as the body and answers `303 See Other` to the
///   `GET /screen` URL that draws it.
/// - `/audit?…`: the accessibility checks of the same query as JSON (see ``AccessibilityAudit``), or
///   with `source`, of a screen (see ``ScreenAudit``), cached like images; `400` for a refused query.
/// - `/describe?…`: the alt text and size in points of a `/render` query's image as JSON, laid out
///   without drawing, cached like images; the same `400` as `/render`.
/// - `/healthz`: `200 ok` once a test render has succeeded; `503` while draining (``beginDraining()``).
/// - `/metrics`: Prometheus text.
/// - `/openapi.json`: the OpenAPI 3.1 description.
/// - anything else: the files of the public directory; `404` problem JSON when there is none.
///
/// With signed URLs (``Configuration/urlSigner``), `/render`, `/screen` and `/audit` answer `403` unless their
/// query ends with a valid `sig` (see ``URLSigner``); the other routes stay open. That check, the
/// headers every answer gets and closing connections while draining are the ``middleware``.
///
/// `respond` never blocks: cache hits, files and errors are answered on the calling thread, renders
/// and audits on the render scheduler's workers (``RenderScheduler``), the pictures of problems on
/// a thread of their own (``ProblemImage``).
public final class ReliefApplication: HTTPHandler {
    /// Draws one image, its PNG encoded with the effort given, under a supervisor that grants its
    /// memory and says whether it is still wanted; the default is the project's pipeline. Tests pass
    /// slow or counting ones.
    public typealias RenderFunction =
        @Sendable (RenderSpec, Renderer.EncodingEffort, RenderSupervisor) throws -> RenderCache.Entry
    /// Draws one screen in its format, its PNG encoded with the effort given, under a supervisor; the
    /// default is the project's pipeline.
    public typealias ScreenRenderFunction =
        @Sendable (ScreenRequest, Renderer.EncodingEffort, RenderSupervisor) throws -> RenderCache.Entry
    /// Audits one query under a supervisor, giving the JSON document; the default measures the
    /// project's renders.
    public typealias AuditFunction = @Sendable (RenderSpec, RenderSupervisor) throws -> [UInt8]

    /// The settings this application runs with.
    public let configuration: Configuration
    /// The rendered images, by canonical query.
    public let cache: RenderCache
    /// The workers renders and audits run on.
    public let scheduler: RenderScheduler
    let metrics = ServiceMetrics()
    /// Parses of recent `/render` queries.
    let queryMemo: RenderQueryMemo
    let publicDirectory: PublicDirectory
    let health: HealthCheck
    let render: RenderFunction
    let renderScreen: ScreenRenderFunction
    let audit: AuditFunction
    let openConnections: @Sendable () -> Int
    let accessLog: AccessLog?
    let problemImage = ProblemImage()
    /// The cache keys being encoded again at the smallest effort (``shrinkInBackground(_:)``).
    let shrinking = Locked(Set<String>())
    /// Cache keys whose smallest encoding no background job may hold under the render budget, the
    /// most recent ``keptFastCapacity``: their hits keep the fast encoding without parsing the key
    /// again to find that out.
    let keptFast = Locked(LeastRecentlyUsed<Bool>(capacity: keptFastCapacity))
    /// How many keys ``keptFast`` remembers (each costs one).
    static let keptFastCapacity = 4096
    /// `/openapi.json` for this configuration (it says when URLs must be signed), and its tag.
    let openAPIDocument: OpenAPIDocument.Served
    private let draining = Atomic<Bool>(false)

    /// An application with `configuration`.
    ///
    /// - Parameters:
    ///   - accessLog: where ``responseWritten(_:)`` writes one line per response; none by default.
    ///   - openConnections: the server's count of open connections, read by `/metrics`.
    ///   - render: how images are drawn; the project's ``Renderer`` by default.
    ///   - audit: how queries are audited; ``AccessibilityAudit`` on the project's renders by default.
    ///   - renderScreen: how screens are drawn; the project's ``Renderer`` by default.
    public init(
        configuration: Configuration = .init(),
        accessLog: AccessLog? = nil,
        openConnections: @escaping @Sendable () -> Int = { 0 },
        render: @escaping RenderFunction = ReliefApplication.standardRender,
        audit: @escaping AuditFunction = ReliefApplication.standardAudit,
        renderScreen: @escaping ScreenRenderFunction = ReliefApplication.standardScreenRender
    ) {
        self.configuration = configuration
        self.accessLog = accessLog
        self.openConnections = openConnections
        self.render = render
        self.renderScreen = renderScreen
        self.audit = audit
        cache = RenderCache(capacityBytes: configuration.cacheBytes)
        queryMemo = RenderQueryMemo(provisionalMaxAge: configuration.provisionalMaxAge)
        scheduler = RenderScheduler(configuration: configuration.renders, whenIdle: AllocatorTuning.returnFreeMemory)
        publicDirectory = PublicDirectory(path: configuration.publicDirectory)
        health = HealthCheck {
            _ = try render(RenderSpec.parse(query: HealthCheck.probeQuery), .fast, .unsupervised)
        }
        openAPIDocument = configuration.urlSigner == nil ? OpenAPIDocument.withoutSigning : OpenAPIDocument.withSigning
    }

    /// From now on `/healthz` answers `503` ("draining") while every other route keeps serving, so
    /// load balancers and readiness probes stop sending new clients before the server shuts down;
    /// every answer closes its connection, so kept-alive clients reconnect elsewhere.
    public func beginDraining() {
        draining.store(true, ordering: .relaxed)
    }

    /// Whether ``beginDraining()`` was called.
    public var isDraining: Bool {
        draining.load(ordering: .relaxed)
    }

    /// The project's pipeline: ``Renderer`` with its standard fonts and PNG settings, in the
    /// query's format.
    public static let standardRender: RenderFunction = { [renderer = Renderer()] spec, effort, supervisor in
        try RenderCache.Entry(renderer.file(for: spec, effort: effort, supervisor: supervisor), effort: effort)
    }

    /// The project's screens: ``Renderer`` in the query's format.
    public static let standardScreenRender: ScreenRenderFunction = { [renderer = Renderer()] screen, effort, supervisor in
        try RenderCache.Entry(renderer.file(for: screen, effort: effort, supervisor: supervisor), effort: effort)
    }

    /// The project's audit: ``AccessibilityAudit`` measured on ``Renderer``'s images, as indented JSON.
    public static let standardAudit: AuditFunction = { [renderer = Renderer()] spec, supervisor in
        try AccessibilityAudit(spec: spec, renderer: renderer, supervisor: supervisor).json.serialized(indent: 2)
    }

    public func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        let reply: Reply = { response in
            var response = response
            Self.middleware.finish(&response, in: self)
            completion(response)
        }
        let route = Self.routes[Self.routeIndex(forTarget: request.target)]
        guard route.methods.contains(method: request.method) else {
            var response = Self.problem(.methodNotAllowed(request.method, allowed: route.methods.names))
            response.headers.append(("Allow", route.methods.allowHeader))
            return reply(response)
        }
        guard let request = Self.middleware.admit(request, to: route, in: self, reply: reply) else { return }
        route.respond(self, request, reply)
    }

    /// What every route's requests and answers pass through, in this order (answers the other way).
    static let middleware = MiddlewareChain(
        first: CommonHeaders(),
        rest: MiddlewareChain(first: CloseWhileDraining(), rest: SignatureCheck()))
}
