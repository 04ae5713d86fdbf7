import ReliefAudit
import ReliefHTTPServer
import ReliefRender
import ReliefScreen

extension ReliefApplication {
    /// The cache key of a screen's audit: its canonical query behind a prefix no render, audit or
    /// screen key starts with, then where its elements start in the source as sent.
    ///
    /// The answer names each element by its line and column in that source, so two spellings share
    /// an entry only when they also put every element in the same place (arguments reordered, defaults
    /// or comments added on a line); a spelling that moves an element is audited again, to name it
    /// where it is.
    static func screenAuditKey(_ screen: ScreenRequest) -> String {
        let starts = screen.looks.keys.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return "screen-audit?" + screen.canonicalQuery + "#" + starts.map { "\($0.line):\($0.column)" }.joined(separator: ",")
    }

    /// `/audit?source=…`: the accessibility checks of a screen (``ScreenAudit``), as JSON, cached and
    /// tagged like an audit. A layout or query that is refused gets `/screen`'s `400`, with the line
    /// and column of a problem in the layout.
    func respondToScreenAudit(_ request: HTTPRequest, reply: @escaping Reply) {
        let screen: ScreenRequest
        do {
            screen = try ScreenRequest.parse(query: String(request.query))
        } catch {
            return reply(Self.problem(ProblemDetails(error)))
        }
        respondWithJSON(
            request, key: Self.screenAuditKey(screen), stage: "audit", cost: RenderCost.screenAudit(screen),
            tooLarge: { memory, limit, budget in
                RenderCost.tooLargeError(screen: screen, memory: memory, limit: limit, budget: budget)
            }, recorded: { [self] in metrics.recordAudit($0) }, reply: reply
        ) { supervisor in try Self.standardScreenAudit(screen, supervisor) }
    }

    /// The project's audit of a screen: ``ScreenAudit`` on ``Renderer``'s images, as indented JSON,
    /// the bytes `/audit?source=…` and `relief audit --screen` answer.
    public static let standardScreenAudit: @Sendable (ScreenRequest, RenderSupervisor) throws -> [UInt8] = {
        [renderer = Renderer()] screen, supervisor in
        try ScreenAudit(request: screen, renderer: renderer, supervisor: supervisor).json.serialized(indent: 2)
    }
}
