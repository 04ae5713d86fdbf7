import Foundation
import ReliefHTTPServer
import ReliefService
import ReliefSpec

/// The flags of `relief serve`, each with its default.
struct ServeOptions {
    var host = "127.0.0.1"
    var port = 8080
    /// `nil`: the playground found by ``PlaygroundLocation``, if any.
    var publicDirectory: String?
    var cacheMiB = ReliefApplication.Configuration().cacheBytes >> 20
    var renderMiB = ReliefApplication.Configuration().renders.memoryBytes >> 20
    var maxQueueSeconds = Int(ReliefApplication.Configuration().renders.maxQueueWait.components.seconds)
    var maxConnections = HTTPServer.Configuration().maxConnections
    var maxConnectionsPerAddress = HTTPServer.Configuration().maxConnectionsPerAddress
    var sendBufferKiB = HTTPServer.Configuration().socketSendBufferBytes >> 10
    var drainSeconds = ServeOptions.defaultDrainSeconds
    var provisionalMaxAge = ReliefApplication.Configuration().provisionalMaxAge
    /// `nil`: no access log.
    var accessLog: LogDestination? = .standardOutput
    var accessLogFormat = AccessLog.Format.text
    var signingKeyFile: String?
    var defaultFormat = ReliefApplication.Configuration().defaultFormat

    /// On SIGTERM, how long `/healthz` answers `503` while serving goes on, before the shutdown:
    /// 5 s, a few periods of a typical readiness probe.
    static let defaultDrainSeconds = 5

    static var usage: String {
        let defaults = ServeOptions()
        return """
            usage: relief serve [OPTION...]
              --host HOST                      the address to listen on, 0.0.0.0 for every interface (default \(defaults.host))
              --port PORT                      the TCP port, 0 to 65535, 0 picks a free one (default \(defaults.port))
              --public DIR                     the directory served at / (default: the playground installed beside the
                                               binary in <prefix>/share/relief/Public, or the checkout's Public for a
                                               binary in .build; with neither, only the API is served)
              --cache-mb MIB                   the render cache, 0 to 65536 MiB, 0 caches nothing (default \(defaults.cacheMiB))
              --render-mb MIB                  the estimated working memory of the renders running at once, 16 to 65536
                                               MiB (default \(defaults.renderMiB)); a render waits until it fits, and one
                                               that needs more than seven eighths of it is refused with 400
              --max-queue-seconds S            the longest estimated wait for a render, 0 to 3600; a render that would
                                               wait longer is answered 503 with Retry-After (default \(defaults.maxQueueSeconds))
              --max-connections N              connections open at once, 1 to 1000000; beyond it the longest idle one is
                                               closed to make room, else the new one gets 503 (default \(defaults.maxConnections))
              --max-connections-per-address N  connections open at once from one client address, 1 to 1000000 (default off).
                                               Leave it off behind a reverse proxy, where every request comes from the
                                               proxy's address: limit clients at the proxy instead
              --send-buffer-kb KIB             the kernel send buffer of each connection, 4 to 65536 KiB (default \(defaults.sendBufferKiB))
              --drain-seconds S                on SIGTERM, how long /healthz answers 503 while requests are still served,
                                               before the listener closes and what still runs is cancelled and answered
                                               503, 0 to 3600 (default \(defaults.drainSeconds)); SIGINT skips it
              --provisional-max-age S          how long caches may keep a PNG's fast first encoding before they revalidate
                                               and get its smallest, 0 to 300 s (default \(defaults.provisionalMaxAge))
              --default-format png|auto        the format of a /render or /screen URL that names none: png, one object per
                                               URL, or auto, AVIF, WebP or PNG by the request's Accept with Vary: Accept,
                                               for caches that key by it (docs/HTTP.md) (default \(defaults.defaultFormat.rawValue))
              --access-log off|stdout|FILE     where one line per response goes; SIGHUP reopens FILE after rotation
                                               (default stdout)
              --access-log-format text|json    the lines as text or as JSON objects (default \(defaults.accessLogFormat.rawValue))
              --signing-key-file FILE          answer only signed /render and /audit URLs; each non-empty line of FILE is
                                               a key, its bytes as they are, at least \(URLSigner.minimumKeyBytes) of them; any
                                               one verifies (default: no signing)
            """
    }

    /// The options of `arguments`; exits with status 2 and a message naming the flag for a bad one.
    static func parse(_ arguments: [String]) -> ServeOptions {
        var options = ServeOptions()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            // Both `--port 8080` and `--port=8080`.
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let flag = parts[0]
            func value() -> String {
                if parts.count == 2 { return parts[1] }
                guard let next = rest.popFirst() else { fail("\(flag) needs a value\n\(usage)") }
                return next
            }
            func number(in range: ClosedRange<Int>) -> Int {
                let text = value()
                guard let number = Int(text), range.contains(number) else {
                    fail("\(flag) must be a whole number from \(range.lowerBound) to \(range.upperBound); got \"\(text)\"")
                }
                return number
            }
            func nonEmpty() -> String {
                let text = value()
                guard !text.isEmpty else { fail("\(flag) must not be empty") }
                return text
            }
            switch flag {
            case "--host": options.host = nonEmpty()
            case "--port": options.port = number(in: 0...65535)
            case "--public": options.publicDirectory = nonEmpty()
            case "--cache-mb": options.cacheMiB = number(in: 0...65536)
            case "--render-mb": options.renderMiB = number(in: 16...65536)
            case "--max-queue-seconds": options.maxQueueSeconds = number(in: 0...3600)
            case "--max-connections": options.maxConnections = number(in: 1...1_000_000)
            case "--max-connections-per-address": options.maxConnectionsPerAddress = number(in: 1...1_000_000)
            case "--send-buffer-kb": options.sendBufferKiB = number(in: 4...65536)
            case "--drain-seconds": options.drainSeconds = number(in: 0...3600)
            case "--provisional-max-age":
                options.provisionalMaxAge = number(in: ReliefApplication.Configuration.provisionalMaxAgeRange)
            case "--access-log":
                options.accessLog =
                    switch nonEmpty() {
                    case "off": nil
                    case "stdout": .standardOutput
                    case let path: .file(path)
                    }
            case "--access-log-format":
                let text = value()
                guard let format = AccessLog.Format(rawValue: text) else {
                    fail("\(flag) must be text or json; got \"\(text)\"")
                }
                options.accessLogFormat = format
            case "--signing-key-file": options.signingKeyFile = nonEmpty()
            case "--default-format":
                let text = value()
                let allowed = ReliefApplication.Configuration.defaultFormats
                guard let format = RenderSpec.Format(rawValue: text), allowed.contains(format) else {
                    fail("\(flag) must be \(allowed.map(\.rawValue).joined(separator: " or ")); got \"\(text)\"")
                }
                options.defaultFormat = format
            case "-h", "--help":
                print(usage)
                exit(0)
            default:
                let options = CommandLineTool.documentedOptions(in: usage) + ["-h", "--help"]
                fail(CommandLineTool.unknownOption(flag, among: options) + "\n" + usage)
            }
        }
        if let directory = options.publicDirectory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                fail("--public \(directory) is not a directory")
            }
        }
        return options
    }

    /// Exits with status 2 after `message`, as every refused flag does.
    static func fail(_ message: String) -> Never {
        CommandLineTool.fail("relief serve: " + message)
    }
}
