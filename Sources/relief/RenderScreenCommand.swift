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
                 extension chooses one: .png, .webp, .avif, .svg, .css, .html, .swift or .json
          QUERY  what /screen takes beside source, e.g. 'style=soft&textsize=ax3&scale=2'
        """

    static func run(_ arguments: [String]) {
        let (file, values) = CommandLineTool.arguments(
            arguments, command: "render-screen", usage: usage,
            valueOptions: ["-o": "output", "--output": "output", "--query": "query"])
        guard let file, let output = values["output"] else { CommandLineTool.fail(usage) }
        AllocatorTuning.keepFreedMemoryForReuse()
        let text = CommandLineTool.layoutText(of: file, command: "render-screen")
        CommandLineTool.running("render-screen") {
            let request = try CommandLineTool.screen(
                text: text, query: values["query"] ?? "", format: CommandLineTool.format(namedBy: output))
            try CommandLineTool.write(Renderer().file(for: request).bytes, to: output)
        }
    }
}
