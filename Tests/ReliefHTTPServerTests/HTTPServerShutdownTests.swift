import Dispatch
import Testing

@testable import ReliefHTTPServer

@Suite("HTTPServer: lifecycle and graceful shutdown")
struct HTTPServerShutdownTests {
    @Test func shutdownFinishesTheRequestInFlightThenRefusesNewConnections() throws {
        // One loop: once the idle connection is seen closing, that loop is draining, so the held
        // answer released afterwards reaches a draining connection.
        let running = try RunningServer { $0.eventLoopCount = 1 }
        let busy = try running.connect()
        let idle = try running.connect()
        try idle.send(requestText("/warm"))
        _ = try idle.readResponse()
        try busy.send(requestText("/held"))
        #expect(running.handler.recorder.waitForRequest())
        #expect(running.handler.recorder.waitForRequest())

        let stopped = running.shutDownInBackground()
        // The idle keep-alive connection is closed at once; the busy one gets its whole response,
        // which is its last.
        #expect(idle.waitForClose())
        running.handler.held.releaseAll()
        let response = try busy.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "GET /held")
        #expect(response.header("Connection") == "close")
        #expect(busy.waitForClose())
        #expect(stopped.wait(timeout: .now() + .seconds(3)) == .success)
        #expect(running.server.openConnections == 0)
        #expect(throws: TestClient.Failure.self) { try running.connect() }
    }

    @Test func waitUntilStoppedReturnsAfterShutdown() throws {
        let running = try RunningServer()
        let server = running.server
        let waited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            server.waitUntilStopped()
            waited.signal()
        }
        // A request served meanwhile gives a waiter that wrongly returned the time to show it.
        let client = try running.connect()
        try client.send(requestText("/x"))
        _ = try client.readResponse()
        #expect(waited.wait(timeout: .now()) == .timedOut)
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
        func rejectedField(_ adjust: (inout HTTPServer.Configuration) -> Void) -> String? {
            var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
            adjust(&configuration)
            let server = HTTPServer(configuration: configuration, handler: ScriptedHandler())
            defer { server.shutdown() }
            do {
                try server.start()
                return nil
            } catch {
                guard case let .invalidConfiguration(field, _) = error else { return nil }
                return field
            }
        }
        #expect(rejectedField { $0.maxConnections = 0 } == "maxConnections")
        #expect(rejectedField { $0.maxConnectionsPerAddress = 0 } == "maxConnectionsPerAddress")
        #expect(rejectedField { $0.socketSendBufferBytes = 1024 } == "socketSendBufferBytes")
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
