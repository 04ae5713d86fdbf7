import Foundation
import ReliefRender
import ReliefScreen
import ReliefSpec

/// `relief render-screen FILE -o OUT`: a screen's layout (SPEC §14) from a file, drawn as `/screen`
/// draws it.
enum RenderScreenCommand {
    static let usage = """
        usage: relief render-screen FILE -o OUT [--query 'QUERY']
          FILE   the layout text (SPEC §14), or '-' for standard input
          OUT    where to write the screen ('-' for standard output); without format in QUERY, its
                 extension chooses one: .png, .svg, .css, .html, .swift or .json
          QUERY  what /screen takes beside source, e.g. 'style=soft&textsize=ax3&scale=2'
        """

    static func run(_ arguments: [String]) {
        let (file, values) = CommandLineTool.arguments(
            arguments, command: "render-screen", usage: usage,
            valueOptions: ["-o": "output", "--output": "output", "--query": "query"])
        guard let file, let output = values["output"] else { CommandLineTool.fail(usage) }
        AllocatorTuning.keepFreedMemoryForReuse()
        let text: String
        do {
            let data =
                file == "-" ? FileHandle.standardInput.readDataToEndOfFile() : try Data(contentsOf: URL(fileURLWithPath: file))
            guard let decoded = String(data: data, encoding: .utf8) else {
                CommandLineTool.fail("relief render-screen: \(file) is not UTF-8 text")
            }
            text = decoded
        } catch {
            CommandLineTool.fail("relief render-screen: cannot read \(file): \(error.localizedDescription)", status: 1)
        }
        do {
            var query = values["query"].map { $0.hasPrefix("?") ? String($0.dropFirst()) : $0 } ?? ""
            if !query.split(separator: "&").contains(where: { $0.hasPrefix("format=") }), output != "-",
                let format = RenderSpec.Format(fileExtension: URL(fileURLWithPath: output).pathExtension)
            {
                query += (query.isEmpty ? "" : "&") + "format=" + format.rawValue
            }
            let request = try ScreenRequest.parse(
                query: QuerySettings.query([(ScreenRequest.sourceName, ScreenSource.encode(text))])
                    + (query.isEmpty ? "" : "&" + query))
            let rendered = try Renderer().file(for: request)
            if output == "-" {
                FileHandle.standardOutput.write(Data(rendered.bytes))
            } else {
                try Data(rendered.bytes).write(to: URL(fileURLWithPath: output))
            }
        } catch let refusal as ScreenRequestError {
            CommandLineTool.fail("relief render-screen: \(refusal.problem.detail)")
        } catch let refusal as SpecError {
            CommandLineTool.fail("relief render-screen: \(refusal)")
        } catch {
            CommandLineTool.fail("relief render-screen: \(error)", status: 1)
        }
    }
}
