import ReliefService

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
default:
    CommandLineTool.fail(usage)
}
