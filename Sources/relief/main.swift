/// `relief`: render, audit and serve the neumorphic components of the contract from the command line.
let usage = [RenderCommand.usage, AuditCommand.usage, GalleryCommand.usage, ServeCommand.usage].joined(separator: "\n")

var arguments = CommandLine.arguments.dropFirst()
switch arguments.popFirst() {
case "render":
    RenderCommand.run(Array(arguments))
case "audit":
    AuditCommand.run(Array(arguments))
case "gallery":
    GalleryCommand.run()
case "serve":
    ServeCommand.run(Array(arguments))
case "-h", "--help", "help":
    print(usage)
default:
    CommandLineTool.fail(usage)
}
