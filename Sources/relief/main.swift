import Foundation
import ReliefService
import ReliefHTTPServer
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
    AllocatorTuning.keepFreedMemoryForReuse()
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

/// `relief audit 'QUERY'`: the accessibility audit of a query, the same JSON bytes as `GET /audit?QUERY`.
let auditUsage = """
    usage: relief audit 'QUERY'
      QUERY  the query string of /audit (the same as /render's), e.g. 'style=light&contrast=high'
    The JSON goes to standard output; a refused query is reported on standard error (status 2).
    """

func audit(_ arguments: [String]) {
    if arguments.contains("-h") || arguments.contains("--help") {
        print(auditUsage)
        exit(0)
    }
    guard arguments.count == 1, let query = arguments.first else { fail(auditUsage) }
    do {
        let spec = try RenderSpec.parse(query: query.hasPrefix("?") ? String(query.dropFirst()) : query)
        // The service's own audit function, so the bytes are the route's.
        FileHandle.standardOutput.write(Data(try ReliefApplication.standardAudit(spec)))
    } catch let refusal as SpecError {
        // Refused as /audit refuses: by the parser, or by a label that grows the image too far.
        fail("relief audit: \(refusal)")
    } catch {
        fail("relief audit: \(error)", status: 1)
    }
}

/// `relief serve`: the HTTP service of the contract's §5.
let serveUsage = """
    usage: relief serve [--host 127.0.0.1] [--port 8080] [--public Public] [--cache-mb 64]
      --host      the address to listen on (0.0.0.0 for every interface)
      --port      the TCP port, 0 to 65535 (0 picks a free one)
      --public    the directory served at /
      --cache-mb  the render cache in MiB, 0 to 65536 (0 caches nothing)
    """

func serve(_ arguments: [String]) {
    AllocatorTuning.keepFreedMemoryForReuse()
    var configuration = ReliefApplication.Configuration()
    var host = "127.0.0.1"
    var port = 8080
    var cacheMiB = configuration.cacheBytes >> 20
    var rest = arguments[...]
    while let argument = rest.popFirst() {
        // Both `--port 8080` and `--port=8080`.
        let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let flag = parts[0]
        func value() -> String {
            if parts.count == 2 { return parts[1] }
            guard let next = rest.popFirst() else { fail("relief serve: \(flag) needs a value\n\(serveUsage)") }
            return next
        }
        func number(in range: ClosedRange<Int>) -> Int {
            let text = value()
            guard let number = Int(text), range.contains(number) else {
                fail("relief serve: \(flag) must be a whole number from \(range.lowerBound) to \(range.upperBound); got \"\(text)\"")
            }
            return number
        }
        switch flag {
        case "--host":
            host = value()
            guard !host.isEmpty else { fail("relief serve: --host must not be empty") }
        case "--port":
            port = number(in: 0...65535)
        case "--public":
            configuration.publicDirectory = value()
        case "--cache-mb":
            cacheMiB = number(in: 0...65536)
        case "-h", "--help":
            print(serveUsage)
            exit(0)
        default:
            fail("relief serve: unknown option '\(argument)'\n\(serveUsage)")
        }
    }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: configuration.publicDirectory, isDirectory: &isDirectory),
          isDirectory.boolValue else {
        fail("relief serve: --public \(configuration.publicDirectory) is not a directory")
    }
    configuration.cacheBytes = cacheMiB << 20

    let accessLog = AccessLog()
    let reference = ServerReference()
    let application = ReliefApplication(configuration: configuration, accessLog: accessLog,
                                        openConnections: { reference.openConnections })
    var serverConfiguration = HTTPServer.Configuration(host: host, port: port)
    serverConfiguration.accessLog = application.responseWritten
    let server = HTTPServer(configuration: serverConfiguration, handler: application)
    reference.bind(server)
    let boundPort: Int
    do {
        boundPort = try server.start()
    } catch {
        fail("relief serve: \(error)", status: 1)
    }
    server.shutdownOnTerminationSignals()
    let shownHost = host.contains(":") ? "[\(host)]" : host
    let banner = "relief: serving http://\(shownHost):\(boundPort) "
        + "(Public: \(configuration.publicDirectory), cache: \(cacheMiB) MiB)\n"
    FileHandle.standardOutput.write(Data(banner.utf8))
    server.waitUntilStopped()
    accessLog.flush()
    exit(0)
}

/// `relief gallery`: every picture of the gallery (`Showcase`), one line each, tab-separated: its
/// style, a file name, its render query and a caption. scripts/render-gallery.sh renders them.
func gallery() {
    for picture in Showcase.pictures {
        let caption = picture.group.title + ": " + picture.entry.caption
        print([picture.style.rawValue, picture.name, picture.query, caption].joined(separator: "\t"))
    }
}

var arguments = CommandLine.arguments.dropFirst()
switch arguments.popFirst() {
case "render":
    render(Array(arguments))
case "serve":
    serve(Array(arguments))
case "audit":
    audit(Array(arguments))
case "gallery":
    gallery()
case "-h", "--help", "help":
    print(usage + "\n" + serveUsage + "\n" + auditUsage)
default:
    fail(usage + "\n" + serveUsage + "\n" + auditUsage)
}
