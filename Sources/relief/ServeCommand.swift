import Foundation
import ReliefHTTPServer
import ReliefRender
import ReliefService

/// `relief serve`: the HTTP service of the contract's §5.
enum ServeCommand {
    static let usage = """
        usage: relief serve [--host 127.0.0.1] [--port 8080] [--public Public] [--cache-mb 64]
                            [--render-mb 256] [--max-queue-seconds 10]
          --host      the address to listen on (0.0.0.0 for every interface)
          --port      the TCP port, 0 to 65535 (0 picks a free one)
          --public    the directory served at /
          --cache-mb  the render cache in MiB, 0 to 65536 (0 caches nothing)
          --render-mb the memory of the renders running at once in MiB, 16 to 65536
          --max-queue-seconds  the longest estimated wait for a render in seconds, 0 to 3600 (longer: 503)
        """

    static func run(_ arguments: [String]) {
        AllocatorTuning.keepFreedMemoryForReuse()
        var configuration = ReliefApplication.Configuration()
        var host = "127.0.0.1"
        var port = 8080
        var cacheMiB = configuration.cacheBytes >> 20
        var renderMiB = configuration.renders.memoryBytes >> 20
        var maxQueueSeconds = Int(configuration.renders.maxQueueWait.components.seconds)
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // Both `--port 8080` and `--port=8080`.
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let flag = parts[0]
            func value() -> String {
                if parts.count == 2 { return parts[1] }
                guard let next = rest.popFirst() else { CommandLineTool.fail("relief serve: \(flag) needs a value\n\(usage)") }
                return next
            }
            func number(in range: ClosedRange<Int>) -> Int {
                let text = value()
                guard let number = Int(text), range.contains(number) else {
                    CommandLineTool.fail("relief serve: \(flag) must be a whole number from \(range.lowerBound) "
                        + "to \(range.upperBound); got \"\(text)\"")
                }
                return number
            }
            switch flag {
            case "--host":
                host = value()
                guard !host.isEmpty else { CommandLineTool.fail("relief serve: --host must not be empty") }
            case "--port":
                port = number(in: 0...65535)
            case "--public":
                configuration.publicDirectory = value()
            case "--cache-mb":
                cacheMiB = number(in: 0...65536)
            case "--render-mb":
                renderMiB = number(in: 16...65536)
            case "--max-queue-seconds":
                maxQueueSeconds = number(in: 0...3600)
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                CommandLineTool.fail("relief serve: unknown option '\(argument)'\n\(usage)")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: configuration.publicDirectory, isDirectory: &isDirectory),
              isDirectory.boolValue else {
            CommandLineTool.fail("relief serve: --public \(configuration.publicDirectory) is not a directory")
        }
        configuration.cacheBytes = cacheMiB << 20
        configuration.renders.memoryBytes = renderMiB << 20
        configuration.renders.maxQueueWait = .seconds(maxQueueSeconds)

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
            CommandLineTool.fail("relief serve: \(error)", status: 1)
        }
        server.handleSignals()
        let shownHost = host.contains(":") ? "[\(host)]" : host
        let banner = "relief: serving http://\(shownHost):\(boundPort) "
            + "(Public: \(configuration.publicDirectory), cache: \(cacheMiB) MiB)\n"
        FileHandle.standardOutput.write(Data(banner.utf8))
        server.waitUntilStopped()
        accessLog.flush()
        exit(0)
    }
}
