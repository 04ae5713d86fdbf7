import Foundation
import Glibc
import ReliefHTTPServer
import ReliefRender
import ReliefService

/// `relief serve`: the HTTP service of the contract's §5, with the flags of ``ServeOptions``.
///
/// Signals (docs/HTTP.md): SIGTERM drains — `/healthz` answers `503` for `--drain-seconds` while
/// everything else is still served — then the server shuts down gracefully and the process exits 0;
/// SIGINT shuts down at once; SIGHUP reopens the access-log file; SIGQUIT exits 131.
enum ServeCommand {
    static let usage = ServeOptions.usage

    static func run(_ arguments: [String]) {
        HTTPServer.reserveSignalsForHandlers()
        let options = ServeOptions.parse(arguments)
        AllocatorTuning.keepFreedMemoryForReuse()
        var configuration = ReliefApplication.Configuration()
        configuration.cacheBytes = options.cacheMiB << 20
        configuration.renders.memoryBytes = options.renderMiB << 20
        ShadowCache.shared.setCapacity(bytes: ShadowCache.capacityBytes(renderBudget: configuration.renders.memoryBytes))
        configuration.renders.maxQueueWait = .seconds(options.maxQueueSeconds)
        configuration.provisionalMaxAge = options.provisionalMaxAge
        configuration.defaultFormat = options.defaultFormat
        let playground = options.publicDirectory ?? PlaygroundLocation.find()
        configuration.publicDirectory = playground ?? ""
        if let keyFile = options.signingKeyFile {
            do {
                configuration.urlSigner = try URLSigner(keyFile: keyFile)
            } catch {
                ServeOptions.fail("--signing-key-file: \(error)")
            }
        }
        let accessLog: AccessLog?
        do {
            accessLog = try options.accessLog.map { try AccessLog(destination: $0, format: options.accessLogFormat) }
        } catch {
            ServeOptions.fail("--access-log: \(error)")
        }

        let reference = ServerReference()
        let application = ReliefApplication(
            configuration: configuration, accessLog: accessLog,
            openConnections: { reference.openConnections })
        var serverConfiguration = HTTPServer.Configuration(host: options.host, port: options.port)
        serverConfiguration.maxConnections = options.maxConnections
        serverConfiguration.maxConnectionsPerAddress = options.maxConnectionsPerAddress
        serverConfiguration.maxRequestLineBytes = ReliefApplication.maxRequestLineBytes
        // --drain-seconds is the time requests in flight get: at its end what still runs is cancelled
        // and answered 503, as a client's cut cancels it, so a stop takes the drain and at most the
        // lingering close of the answers being written (2 s) more, whatever is in flight.
        serverConfiguration.shutdownGracePeriod = .zero
        serverConfiguration.socketSendBufferBytes = options.sendBufferKiB << 10
        serverConfiguration.accessLog = application.responseWritten
        serverConfiguration.dropLog = application.workDropped
        serverConfiguration.errorLog = { ConsoleLog.standardError.write("relief serve: \($0)") }
        let server = HTTPServer(configuration: serverConfiguration, handler: application)
        reference.bind(server)
        let boundPort: Int
        do {
            boundPort = try server.start()
        } catch {
            CommandLineTool.fail("relief serve: \(error)", status: 1)
        }
        server.handleSignals(
            onHangUp: { accessLog?.reopen() },
            beforeShutdown: { signal in
                drain(application, for: signal == SIGTERM ? options.drainSeconds : 0)
            })
        if playground == nil {
            let looked = PlaygroundLocation.runningExecutablePath.map(PlaygroundLocation.candidates(forExecutableAt:)) ?? []
            note(
                "no playground found (looked in \(looked.joined(separator: ", "))): serving the API without it; "
                    + "--public DIR names one")
        }
        let shownHost = options.host.contains(":") ? "[\(options.host)]" : options.host
        let banner =
            "relief: serving http://\(shownHost):\(boundPort) "
            + "(Public: \(playground ?? "none"), cache: \(options.cacheMiB) MiB)"
        ConsoleLog.standardOutput.write(banner)
        server.waitUntilStopped()
        // Bounded: a destination that takes nothing cannot keep the process from exiting.
        if let accessLog, !accessLog.flush() {
            note(
                "the access log's destination took nothing for \(AccessLog.finalFlushTimeout): "
                    + "exiting without its last lines")
        }
        flushConsole()
        exit(0)
    }

    /// The drain before a shutdown: `/healthz` answers `503` from now on, so readiness probes and
    /// load balancers take the server out of rotation while it still serves, for `seconds`.
    private static func drain(_ application: ReliefApplication, for seconds: Int) {
        application.beginDraining()
        guard seconds > 0 else { return }
        note(
            "SIGTERM: draining for \(seconds) s (/healthz answers 503, requests are still served), then shutting down; "
                + "SIGINT shuts down now")
        Thread.sleep(forTimeInterval: Double(seconds))
    }

    /// One line on standard error, for the operator.
    private static func note(_ message: String) {
        ConsoleLog.standardError.write("relief serve: \(message)")
    }

    /// How long the exit waits for each console stream: streams nobody reads cannot hold it longer.
    static let consoleFlushTimeout: Duration = .milliseconds(200)

    /// Waits, bounded, for the lines said so far to reach standard output and error.
    private static func flushConsole() {
        ConsoleLog.standardOutput.flush(within: consoleFlushTimeout)
        ConsoleLog.standardError.flush(within: consoleFlushTimeout)
    }
}
