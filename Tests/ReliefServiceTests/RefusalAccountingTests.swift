import Dispatch
import Foundation
import ReliefHTTPServer
import Testing

@testable import HTTPServerTestSupport
@testable import ReliefService

/// Every refusal of the server, driven through its event loop in memory: each must appear exactly
/// once in `/metrics` and once in the access log (which the server's hooks feed through the
/// application). The server reports a response once its last byte is handed over, so by the time
/// the client has read it, it is counted.
@Suite("Refusals in /metrics and the access log")
struct RefusalAccountingTests {
    /// An application with an access log in a temporary file, behind the event loop in memory.
    private final class Setup {
        let directory: TemporaryDirectory
        let log: AccessLog
        let render: CountingRender
        let application: ReliefApplication
        let served: MemoryServedApplication

        init(gate: DispatchSemaphore? = nil, configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
            directory = try TemporaryDirectory()
            log = try AccessLog(destination: .file(directory.path + "/access.log"))
            render = CountingRender(gate: gate)
            application = ReliefApplication(accessLog: log, render: render.function)
            served = MemoryServedApplication(application, configure: configure)
        }

        deinit {
            directory.remove()
        }

        /// The body of `/metrics`.
        var metrics: String {
            application.metricsResponse().bodyText
        }

        /// The lines of the access log so far.
        var logLines: [Substring] {
            log.flush(within: .seconds(20))
            let text = (try? String(contentsOfFile: directory.path + "/access.log", encoding: .utf8)) ?? ""
            return text.split(separator: "\n")
        }

        /// Responses with `status` in `/metrics`, over every route.
        func countInMetrics(status: Int) -> Int {
            metrics.split(separator: "\n")
                .filter { $0.hasPrefix("relief_http_requests_total{") && $0.contains("status=\"\(status)\"") }
                .compactMap { $0.split(separator: " ").last.flatMap { Int($0) } }
                .reduce(0, +)
        }

        /// Lines of the access log with `status`.
        func countInLog(status: Int) -> Int {
            logLines.filter { $0.split(separator: " ").dropFirst(2).first == Substring(String(status)) }.count
        }

        /// Checks that `/metrics` and the log each hold a response with `status` exactly once.
        func expectOnceInMetricsAndLog(status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(countInMetrics(status: status) == 1, "\(metrics)", sourceLocation: sourceLocation)
            #expect(countInLog(status: status) == 1, "\(logLines)", sourceLocation: sourceLocation)
        }
    }

    /// Requests the server refuses by itself, with the status each gets.
    static let refusedRequests: [(String, Int)] = [
        ("NOT A REQUEST LINE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 408),
        ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 20000\r\n\r\nhello", 413),
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\n\r\n", 417),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "b", count: 20_000) + "\r\n\r\n", 431),
        ("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
    ]

    @Test(arguments: refusedRequests)
    func eachRefusalIsCountedAndLoggedOnce(request: String, status: Int) throws {
        let setup = try Setup { $0.headerReadTimeout = .seconds(1) }
        let client = setup.served.connect()
        client.send(request)
        // Past the head timeout, for the 408; the other refusals do not wait for it.
        setup.served.advance(by: .milliseconds(1_100))
        #expect(client.readResponse()?.status == status)
        #expect(client.hasSeenTheEnd)
        setup.expectOnceInMetricsAndLog(status: status)
    }

    @Test func aRequestLineTheServerCouldNotReadIsCountedUnderTheDashRoute() throws {
        let setup = try Setup()
        let client = setup.served.connect()
        client.send("NOT A REQUEST LINE\r\n\r\n")
        #expect(client.readResponse()?.status == 400)
        setup.expectOnceInMetricsAndLog(status: 400)
        #expect(setup.metrics.contains("relief_http_requests_total{route=\"-\",status=\"400\"} 1\n"))
        #expect(setup.logLines.contains { $0.hasPrefix("- - 400 ") })
    }

    @Test func aConnectionOverCapacityGetsA503CountedAndLoggedOnce() throws {
        let gate = DispatchSemaphore(value: 0)
        let setup = try Setup(gate: gate)
        defer { gate.signal() }
        // The one connection is busy with a render, so it cannot be closed to make room.
        let busy = setup.served.connect()
        busy.send(gets: ["/render?style=dark"])
        #expect(setup.render.waitForCalls(1))

        let refused = setup.served.connect(makingRoom: true)
        #expect(refused.readResponse()?.status == 503)
        #expect(refused.isClosed)
        setup.expectOnceInMetricsAndLog(status: 503)
        #expect(setup.metrics.contains("relief_connections_refused_total{reason=\"over_capacity\"} 1\n"))
        #expect(setup.metrics.contains("relief_http_requests_total{route=\"-\",status=\"503\"} 1\n"))
        gate.signal()
        #expect(setup.served.awaitResponse(of: busy)?.status == 200)
    }

    @Test func aConnectionOverThePerAddressLimitIsRefusedCountedAndLoggedOnce() throws {
        let setup = try Setup()
        let refused = setup.served.connectRefused(because: .perAddressLimit)
        #expect(refused.readResponse()?.status == 503)
        setup.expectOnceInMetricsAndLog(status: 503)
        #expect(setup.metrics.contains("relief_connections_refused_total{reason=\"per_address_limit\"} 1\n"))
        #expect(setup.metrics.contains("relief_connections_refused_total{reason=\"over_capacity\"} 0\n"))
    }

    @Test func anIdleConnectionClosedToMakeRoomIsCountedAsEvicted() throws {
        let setup = try Setup()
        let idle = setup.served.connect()
        idle.send(gets: ["/healthz"])
        #expect(setup.served.awaitResponse(of: idle)?.status == 200)
        let newcomer = setup.served.connect(makingRoom: true)
        #expect(idle.isClosed)
        newcomer.send(gets: ["/healthz"])
        #expect(setup.served.awaitResponse(of: newcomer)?.status == 200)
        #expect(setup.metrics.contains("relief_connections_evicted_total{reason=\"evicted_idle\"} 1\n"), "\(setup.metrics)")
    }

    @Test func aClientThatLeavesBeforeItsAnswerIsCountedUnansweredAndNotLogged() throws {
        let gate = DispatchSemaphore(value: 0)
        let setup = try Setup(gate: gate)
        let leaving = setup.served.connect()
        leaving.send(gets: ["/render?style=soft"])
        #expect(setup.render.waitForCalls(1))
        // Reset rather than closed, so the answer cannot be handed over.
        leaving.reset()
        #expect(setup.metrics.contains("relief_requests_unanswered_total{reason=\"client_gone\"} 1\n"), "\(setup.metrics)")
        // The render's late answer finds its connection gone.
        gate.signal()
        #expect(setup.served.transport.waitForDoorbell(until: .now() + .seconds(60)))
        setup.served.settle()
        #expect(setup.countInMetrics(status: 200) == 0)
        #expect(setup.countInLog(status: 200) == 0)
    }
}
