import Foundation
import ReliefService
import ReliefSpec

/// `relief audit 'QUERY'`: the accessibility audit of a query, the same JSON bytes as `GET /audit?QUERY`.
enum AuditCommand {
    static let usage = """
        usage: relief audit 'QUERY'
          QUERY  the query string of /audit (the same as /render's), e.g. 'style=light&contrast=high'
        The JSON goes to standard output; a refused query is reported on standard error (status 2).
        """

    static func run(_ arguments: [String]) {
        if arguments.contains("-h") || arguments.contains("--help") {
            print(usage)
            exit(0)
        }
        guard arguments.count == 1, let query = arguments.first else { CommandLineTool.fail(usage) }
        do {
            // The service's own audit function, so the bytes are the route's.
            FileHandle.standardOutput.write(
                Data(try ReliefApplication.standardAudit(CommandLineTool.spec(of: query), .unsupervised)))
        } catch let refusal as SpecError {
            // Refused as /audit refuses: by the parser, or by a label that grows the image too far.
            CommandLineTool.fail("relief audit: \(refusal)")
        } catch {
            CommandLineTool.fail("relief audit: \(error)", status: 1)
        }
    }
}
