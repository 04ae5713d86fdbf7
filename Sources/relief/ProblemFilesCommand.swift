import Foundation
import ReliefService

/// `relief problem-files DIR`: the answers a proxy in front of `relief serve` replicas gives when
/// none of them can answer, in Relief's own formats, so that a client sees a problem it can read
/// (JSON, or an image in an `<img>`) instead of the proxy's HTML error page.
enum ProblemFilesCommand {
    static let usage = """
        usage: relief problem-files DIR
          DIR  where to write unavailable.json (application/problem+json) and unavailable.png (the same
               problem drawn), the 503 answers deploy/nginx/ serves when no replica answers
        """

    static func run(_ arguments: [String]) {
        let (directory, _) = CommandLineTool.arguments(arguments, command: "problem-files", usage: usage, valueOptions: [:])
        guard let directory else { CommandLineTool.fail(usage) }
        let problem = ProblemDetails.unavailable
        let folder = URL(fileURLWithPath: directory, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(problem.jsonBody).write(to: folder.appendingPathComponent("unavailable.json"))
            try Data(problem.pngBody()).write(to: folder.appendingPathComponent("unavailable.png"))
        } catch {
            CommandLineTool.fail("relief problem-files: \(error)", status: 1)
        }
    }
}
