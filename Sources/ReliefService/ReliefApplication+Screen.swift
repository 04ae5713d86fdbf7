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

    /// `/screen`: a whole screen from one layout (SPEC §14), in any format, cached and tagged by its
    /// canonical form like every render. A layout or query that is refused gets a `400` naming the
    /// problem, with the line and column of a problem in the layout.
    func respondToScreen(_ request: HTTPRequest, reply: @escaping Reply) {
        let screen: ScreenRequest
        do {
            screen = try ScreenRequest.parse(query: String(request.query))
        } catch {
            return respondToRefusal(ProblemDetails(error), request: request, reply: reply)
        }
        let format = screen.page.output.format
        let key = Self.screenKey(canonicalQuery: screen.canonicalQuery)
        let tag = EntityTag.forRender(canonicalQuery: key, isWeak: format == .png)
        let headers =
            Array(Self.contentHeaders(contentType: format.mediaType, tag: tag)) + [
                ("Content-Disposition", "inline; filename=\"screen.\(format.keys.fileExtensions[0])\"")
            ]
        respondFromCache(
            request, key: key, tag: tag, contentHeaders: HTTPHeaders(headers),
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
            refused: { error in self.respondToRefusal(ProblemDetails(error), request: request, reply: reply) },
            reply: reply)
    }
}

extension ReliefApplication {
    /// `POST /screen` with the layout text as the body: `303 See Other` to the `GET /screen` URL that
    /// draws it, its query's parameters the screen's settings, both in canonical form, so any tool
    /// can make a link; the layout is checked first, and refused as `GET` refuses it.
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
            screen = try ScreenRequest.parse(text: text, query: String(request.query))
        } catch {
            return reply(Self.problem(ProblemDetails(error)))
        }
        let location = "/screen?" + screen.canonicalQuery
        reply(
            HTTPResponse(
                status: 303,
                headers: [("Location", location), ("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Array((location + "\n").utf8)))
    }
}

extension ProblemDetails {
    /// `400`: a `/screen` query or its layout was refused; a problem in the layout carries its line
    /// and column.
    public init(_ error: ScreenRequestError) {
        self.init(
            type: "urn:relief:problem:invalid-screen", title: "Invalid screen", status: 400, detail: error.problem.detail,
            parameter: error.problem.parameter, allowed: error.problem.allowed, line: error.location?.line,
            column: error.location?.column)
    }
}
