import Foundation
import Testing

@testable import ReliefHTTPServer

@Suite("HTTPServer: cancelling requests whose client left")
struct HTTPServerCancellationTests {
    /// The one request the handler holds, once it has arrived.
    private func heldRequest(_ running: RunningServer) throws -> HTTPRequest {
        try #require(running.handler.recorder.waitForRequest())
        return try #require(running.handler.recorder.requests.last)
    }

    @Test func closingTheConnectionCancelsTheRequestTheHandlerHolds() throws {
        let running = try RunningServer()
        var client: TestClient? = try running.connect()
        try client?.send(requestText("/held"))
        let request = try heldRequest(running)
        #expect(!request.cancellation.isCancelled)
        client = nil
        #expect(eventually { request.cancellation.isCancelled })
        // The handler still answers; the answer goes nowhere and nothing breaks.
        running.handler.held.releaseAll()
        #expect(eventually { running.server.openConnections == 0 })
    }

    @Test func aResetCancelsTheRequestAndReportsItUnanswered() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/held"))
        let request = try heldRequest(running)
        client.reset()
        #expect(eventually { request.cancellation.isCancelled })
        #expect(running.logs.waitForDropLog())
        #expect(running.logs.dropLog.map(\.reason) == [.clientGone])
        running.handler.held.releaseAll()
    }

    @Test func answeredRequestsAreNeverCancelled() throws {
        let running = try RunningServer()
        let client = try running.connect()
        try client.send(requestText("/a") + requestText("/delay/20"))
        #expect(try client.readResponse().text == "GET /a")
        #expect(try client.readResponse().text == "GET /delay/20")
        #expect(running.handler.recorder.requests.count == 2)
        #expect(running.handler.recorder.requests.allSatisfy { !$0.cancellation.isCancelled })
    }

    @Test func theEndOfTheGracePeriodCancelsTheRequestStillHeld() throws {
        let running = try RunningServer { $0.shutdownGracePeriod = .milliseconds(200) }
        let client = try running.connect()
        try client.send(requestText("/held"))
        let request = try heldRequest(running)
        let stopped = running.shutDownInBackground()
        #expect(try client.readResponse().status == 503)
        #expect(request.cancellation.isCancelled)
        running.handler.held.releaseAll()
        #expect(stopped.wait(timeout: .now() + .seconds(5)) == .success)
    }
}
