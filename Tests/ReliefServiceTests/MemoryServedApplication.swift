import ReliefHTTPServer

@testable import HTTPServerTestSupport
@testable import ReliefService

extension ReliefApplication {
    /// A loopback server configuration for the application, its hooks installed as `relief serve`
    /// does, after `configure` has changed the server's limits.
    func serverConfiguration(_ configure: (inout HTTPServer.Configuration) -> Void = { _ in }) -> HTTPServer.Configuration {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configure(&configuration)
        configuration.accessLog = responseWritten
        configuration.dropLog = workDropped
        return configuration
    }
}

/// The application behind the event loop over memory (``MemoryServer``): its clients are byte
/// queues on the test's thread, its renders run on the scheduler's workers, whose answers the test
/// waits for with ``MemoryServer/awaitResponse(of:within:)``.
final class MemoryServedApplication: MemoryServer<ReliefApplication> {
    init(_ application: ReliefApplication, configure: (inout HTTPServer.Configuration) -> Void = { _ in }) {
        super.init(handler: application, configuration: application.serverConfiguration(configure))
    }

    var application: ReliefApplication { handler }
}

extension MemoryClient {
    /// Sends a `GET` of each of `targets`, pipelined.
    func send(gets targets: [String]) {
        send(targets.map { "GET \($0) HTTP/1.1\r\nHost: test\r\n\r\n" }.joined())
    }
}
