import ReliefHTTPServer
import ReliefRender
import ReliefScreen
import ReliefSpec

extension ReliefApplication {
    /// The cache key of a screen: its canonical query behind a prefix no render or audit key starts
    /// with, so two spellings of one layout share an entry and never collide with a component's.
    static func screenKey(canonicalQuery: String) -> String {
        "screen?" + canonicalQuery
    }

    /// `/screen`: a whole screen from one layout (SPEC §14), in any format (in the configured default
    /// format when it names none), cached and tagged by its canonical form like every render. A layout or query that is refused gets a `400` naming the
    /// problem, with the line and column of a problem in the layout.
    func respondToScreen(_ request: HTTPRequest, reply: @escaping Reply) {
        let screen: ScreenRequest
        do {
            screen = try ScreenRequest.parse(query: String(request.query), format: configuration.defaultFormat)
        } catch {
            return respondToRefusal(ProblemDetails(error), request: request, reply: reply)
        }
        respond(with: screen, to: request, reply: reply)
    }

    /// `screen` from the cache, or drawn into it, answering `request` as `GET /screen` does: a
    /// `format=auto` screen in the format the request's `Accept` chooses, as `/render` chooses it
    /// (``AcceptHeader/negotiatedFormat(for:)``), keyed and tagged by that format, with `Vary: Accept`.
    func respond(with asked: ScreenRequest, to request: HTTPRequest, reply: @escaping Reply) {
        let chosen = AcceptHeader(request.header("Accept")).negotiatedFormat(for: asked.page.output)
        let screen = chosen.map(asked.written(in:)) ?? asked
        let format = screen.page.output.format
        let key = Self.screenKey(canonicalQuery: screen.canonicalQuery)
        let headers = CachedFileHeaders(
            contentType: format.mediaType, tag: EntityTag.forRender(canonicalQuery: key),
            more: [("Content-Disposition", "inline; filename=\"screen.\(format.keys.fileExtensions[0])\"")],
            variesByAccept: chosen != nil, provisionalMaxAge: configuration.provisionalMaxAge)
        respondFromCache(
            request, key: key, headers: headers,
            produce: { flight in
                let cost = RenderCost.screen(screen)
                schedule(
                    flight, cost: cost,
                    tooLarge: { memory, limit, budget in
                        RenderCost.tooLargeError(screen: screen, memory: memory, limit: limit, budget: budget)
                    }
                ) { [self] supervisor in
                    let entry = try renderScreen(screen, .fast, supervisor)
                    metrics.recordRender(entry)
                    return entry
                }
            },
            refusalMayBePicture: true, reply: reply)
    }
}

extension ReliefApplication {
    /// The longest request line the service reads (the server's `maxRequestLineBytes`, which
    /// `relief serve` sets to this): `GET /screen?source=` with the longest `source=`
    /// (``ScreenSource/maximumEncodedLength``, 16,384 characters) and 4 KiB for the other parameters
    /// and the method and version around them, so that every screen `POST /screen` links to can be
    /// asked for.
    public static let maxRequestLineBytes = 20 * 1024

    /// `POST /screen` with the layout text as the body: `303 See Other` to the `GET /screen` URL that
    /// draws it, its query's parameters the screen's settings, both in canonical form, so any tool
    /// can make a link. The screen is drawn first, as its `GET` draws it and into the cache, so it is
    /// refused as `GET` refuses it (its layout, its canonical form, its memory and pixels once laid
    /// out, and a request line longer than ``maxRequestLineBytes``) and a `303` always names a URL
    /// that draws.
    func respondToScreenPost(_ request: HTTPRequest, reply: @escaping Reply) {
        guard let text = String(validating: request.body, as: UTF8.self) else {
            return reply(
                Self.problem(
                    ProblemDetails(
                        ScreenRequestError(
                            SpecError(
                                parameter: ScreenRequest.sourceName, allowed: "the layout as UTF-8 text",
                                detail: "the body is not UTF-8 text; send the layout (SPEC §14) as UTF-8")))))
        }
        let screen: ScreenRequest
        do {
            screen = try ScreenRequest.parse(text: text, query: String(request.query), format: configuration.defaultFormat)
        } catch {
            return reply(Self.problem(ProblemDetails(error)))
        }
        let location = "/screen?" + screen.canonicalQuery
        let requestLineBytes = "GET \(location) HTTP/1.1".utf8.count
        guard requestLineBytes <= Self.maxRequestLineBytes else {
            return reply(
                Self.problem(
                    ProblemDetails(
                        SpecError(
                            parameter: ScreenRequest.sourceName,
                            allowed: "a screen whose GET request line is at most \(Self.maxRequestLineBytes) bytes",
                            detail: "the screen's URL would take a request line of \(requestLineBytes) bytes, more than "
                                + "the \(Self.maxRequestLineBytes) this server reads; write a shorter layout or query"))))
        }
        // Drawn as its GET draws it, into the cache: the 303 names only a URL that draws, and the GET
        // that follows it is a hit. Every other answer (a refusal past the budgets once laid out, a
        // 503 when busy) is the GET's own.
        respond(with: screen, to: request) { response in
            guard response.status == 200 || response.status == 304 else { return reply(response) }
            reply(
                HTTPResponse(
                    status: 303,
                    headers: [
                        ("Location", location), ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"),
                    ],
                    body: Array((location + "\n").utf8)))
        }
    }
}

extension ProblemDetails {
    /// `400`: a `/screen` query or its layout was refused; a problem in the layout carries its line
    /// and column.
    public init(_ error: ScreenRequestError) {
        self.init(
            type: "urn:relief:problem:invalid-screen", title: "Invalid screen", status: 400, detail: error.problem.detail,
            parameter: error.problem.parameter, allowed: error.problem.allowed, suggestion: error.problem.suggestion,
            line: error.location?.line,
            column: error.location?.column)
    }
}
