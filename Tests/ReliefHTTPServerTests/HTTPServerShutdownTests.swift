import Dispatch
import Synchronization
import Testing
@testable import ReliefHTTPServer

@Suite("HTTPServer: lifecycle and graceful shutdown")
struct HTTPServerShutdownTests {
    @Test func shutdownFinishesTheRequestInFlightThenRefusesNewConnections() throws {
        let running = try RunningServer()
        let busy = try running.connect()
        let idle = try running.connect()
        try idle.send(requestText("/warm"))
        _ = try idle.readResponse()
        try busy.send(requestText("/delay/400"))
        #expect(running.handler.recorder.waitForRequest())
        #expect(running.handler.recorder.waitForRequest())

        let stopped = DispatchSemaphore(value: 0)
        let server = running.server
        DispatchQueue.global().async {
            server.shutdown()
            stopped.signal()
        }
        // The idle keep-alive connection is closed at once; the busy one gets its whole response.
        #expect(idle.waitForClose())
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "GET /delay/400")
        #expect(response.header("Connection") == "close")
        #expect(busy.waitForClose())
        #expect(stopped.wait(timeout: .now() + .seconds(3)) == .success)
        #expect(server.openConnections == 0)
        #expect(throws: TestClient.Failure.self) { try running.connect() }
    }

    @Test func shutdownGivesUpOnHandlersAfterTheGracePeriod() throws {
        let running = try RunningServer { $0.shutdownGracePeriod = .milliseconds(200) }
        let client = try running.connect()
        try client.send(requestText("/delay/5000"))
        #expect(running.handler.recorder.waitForRequest())
        let start = ContinuousClock.now
        running.server.shutdown()
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(client.waitForClose())
    }

    @Test func waitUntilStoppedReturnsAfterShutdown() throws {
        let running = try RunningServer()
        let server = running.server
        let waited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.waitUntilStopped()
            waited.signal()
        }
        #expect(waited.wait(timeout: .now() + .milliseconds(100)) == .timedOut)
        server.shutdown()
        #expect(waited.wait(timeout: .now() + .seconds(3)) == .success)
    }

    @Test func aServerStartsOnce() throws {
        let running = try RunningServer()
        #expect(throws: HTTPServerError.alreadyStarted) { try running.server.start() }
    }

    @Test func shutdownOfAServerNeverStartedReturnsAtOnce() {
        let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 0), handler: ScriptedHandler())
        server.shutdown()
        server.waitUntilStopped()
        #expect(throws: HTTPServerError.alreadyStarted) { try server.start() }
    }

    @Test func invalidConfigurationNamesTheField() {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.maxConnections = 0
        let server = HTTPServer(configuration: configuration, handler: ScriptedHandler())
        #expect(throws: HTTPServerError.invalidConfiguration(field: "maxConnections", allowed: "at least 1")) { try server.start() }
    }

    @Test func portInUseIsReported() throws {
        let running = try RunningServer()
        let second = HTTPServer(configuration: .init(host: "127.0.0.1", port: running.port), handler: ScriptedHandler())
        #expect {
            try second.start()
        } throws: { error in
            guard case let .cannotListen(_, port, reason) = error as? HTTPServerError else { return false }
            return port == running.port && reason.contains("in use")
        }
    }
}
