import Foundation
import ReliefRender
import ReliefSpec

/// `relief render 'QUERY' -o FILE`: the `/render` grammar from the command line.
enum RenderCommand {
    static let usage = """
        usage: relief render 'QUERY' -o FILE
          QUERY  the query string of /render, e.g. 'style=colorful&pressed=true&scale=2'
          FILE   where to write the PNG ('-' for standard output)
        """

    static func run(_ arguments: [String]) {
        let (query, values) = CommandLineTool.arguments(arguments, command: "render", usage: usage,
                                                        valueOptions: ["-o": "output", "--output": "output"])
        let output = values["output"]
        guard let query, let output else { CommandLineTool.fail(usage) }
        AllocatorTuning.keepFreedMemoryForReuse()
        do {
            let png = try Renderer().png(for: CommandLineTool.spec(of: query))
            if output == "-" {
                FileHandle.standardOutput.write(Data(png.bytes))
            } else {
                try Data(png.bytes).write(to: URL(fileURLWithPath: output))
            }
        } catch let refusal as SpecError {
            // Refused as /render refuses: by the parser, or by a label that grows the image too far.
            CommandLineTool.fail("relief render: \(refusal)")
        } catch {
            CommandLineTool.fail("relief render: \(error)", status: 1)
        }
    }
}
