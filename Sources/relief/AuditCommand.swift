import Foundation
import ReliefScreen
import ReliefService
import ReliefSpec

/// `relief audit 'QUERY'`: the accessibility audit of a query, the same JSON bytes as `GET /audit?QUERY`;
/// `relief audit --screen FILE ['QUERY']`: a screen's, the same as `GET /audit?source=…&QUERY`.
enum AuditCommand {
    static let usage = """
        usage: relief audit 'QUERY'
               relief audit --screen FILE ['QUERY']
          QUERY  the query string of /audit (the same as /render's), e.g. 'style=light&contrast=high'; with
                 --screen, what /screen takes beside source, e.g. 'style=soft&textsize=ax3'
          FILE   a screen's layout text (SPEC §14), or '-' for standard input; its checks name their elements
                 by line and column in it
        The JSON goes to standard output; a refused query or layout is reported on standard error (status 2).
        """

    static func run(_ arguments: [String]) {
        let (query, values) = CommandLineTool.arguments(
            arguments, command: "audit", usage: usage, valueOptions: ["--screen": "screen"])
        CommandLineTool.running("audit") {
            // The service's own audit functions, so the bytes are the route's.
            let json: [UInt8]
            if let file = values["screen"] {
                let text = CommandLineTool.layoutText(of: file, command: "audit")
                json = try ReliefApplication.standardScreenAudit(
                    CommandLineTool.screen(text: text, query: query ?? ""), .unsupervised)
            } else {
                guard let query else { CommandLineTool.fail(usage) }
                json = try ReliefApplication.standardAudit(CommandLineTool.spec(of: query), .unsupervised)
            }
            try CommandLineTool.write(json, to: "-")
        }
    }
}
