import Foundation
import ReliefRender
import ReliefSpec

/// `relief render 'QUERY' -o FILE`: the `/render` grammar from the command line.
enum RenderCommand {
    static let usage = """
        usage: relief render 'QUERY' -o FILE
          QUERY  the query string of /render, e.g. 'style=colorful&pressed=true&scale=2'
          FILE   where to write the render ('-' for standard output); without format in the query,
                 its extension chooses one: .png, .webp, .avif, .svg, .css, .html, .swift or .json
        """

    static func run(_ arguments: [String]) {
        let (query, values) = CommandLineTool.arguments(
            arguments, command: "render", usage: usage,
            valueOptions: ["-o": "output", "--output": "output"])
        let output = values["output"]
        guard let query, let output else { CommandLineTool.fail(usage) }
        AllocatorTuning.keepFreedMemoryForReuse()
        CommandLineTool.running("render") {
            let spec = try CommandLineTool.spec(of: query, format: CommandLineTool.format(namedBy: output))
            try CommandLineTool.write(Renderer().file(for: spec).bytes, to: output)
        }
    }
}
