import Foundation
import ReliefRender
import ReliefSpec

/// `relief render 'QUERY' -o FILE`: the `/render` grammar from the command line.
let usage = """
    usage: relief render 'QUERY' -o FILE
      QUERY  the query string of /render, e.g. 'style=colorful&pressed=true&scale=2'
      FILE   where to write the PNG ('-' for standard output)
    """

/// Writes one line to standard error and exits with `status`.
func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

func render(_ arguments: [String]) {
    var query: String?
    var output: String?
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        switch argument {
        case "-o", "--output":
            guard let file = rest.popFirst() else { fail("relief render: -o needs a file name\n\(usage)") }
            output = file
        case "-h", "--help":
            print(usage)
            exit(0)
        default:
            guard query == nil, !argument.hasPrefix("-") || argument == "-" else {
                fail("relief render: unexpected argument '\(argument)'\n\(usage)")
            }
            query = argument
        }
    }
    guard let query, let output else { fail(usage) }
    let spec: RenderSpec
    do {
        spec = try RenderSpec.parse(query: query.hasPrefix("?") ? String(query.dropFirst()) : query)
    } catch {
        fail("relief render: \(error)")
    }
    do {
        let png = try Renderer().png(for: spec)
        if output == "-" {
            FileHandle.standardOutput.write(Data(png.bytes))
        } else {
            try Data(png.bytes).write(to: URL(fileURLWithPath: output))
        }
    } catch {
        fail("relief render: \(error)", status: 1)
    }
}

var arguments = CommandLine.arguments.dropFirst()
switch arguments.popFirst() {
case "render":
    render(Array(arguments))
case "-h", "--help", "help":
    print(usage)
default:
    fail(usage)
}
