import ReliefService
import ReliefSpec

/// `relief`: render, audit and serve the neumorphic components of the contract from the command line.
let usage = [
    RenderCommand.usage, RenderScreenCommand.usage, AuditCommand.usage, GalleryCommand.usage, ServeCommand.usage,
    SignCommand.usage,
    ProblemFilesCommand.usage,
]
.joined(separator: "\n")

var arguments = CommandLine.arguments.dropFirst()
switch arguments.popFirst() {
case "render":
    RenderCommand.run(Array(arguments))
case "render-screen":
    RenderScreenCommand.run(Array(arguments))
case "audit":
    AuditCommand.run(Array(arguments))
case "gallery":
    GalleryCommand.run()
case "serve":
    ServeCommand.run(Array(arguments))
case "sign":
    SignCommand.run(Array(arguments))
case "problem-files":
    ProblemFilesCommand.run(Array(arguments))
case "--version", "version":
    print("relief \(ReliefRelease.version) (renderer \(ReliefRelease.rendererVersion))")
case "-h", "--help", "help":
    print(usage)
case nil:
    CommandLineTool.fail(usage)
case let command?:
    // The commands are those the usage names (`usage: relief render …`), and the two above.
    let commands =
        usage.split(separator: "\n").compactMap { line in
            line.hasPrefix("usage: relief ") ? line.split(separator: " ").dropFirst(2).first.map(String.init) : nil
        } + ["version", "help"]
    let suggestion = NameSuggestion.nearest(to: command, among: commands)
    CommandLineTool.fail("relief: unknown command '\(command)'" + NameSuggestion.sentence(suggestion) + "\n" + usage)
}
