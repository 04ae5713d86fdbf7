import Dispatch
import Foundation
import ReliefHTTPServer
import Testing

@testable import ReliefService

/// Every refusal of the real server, driven over loopback sockets: each must appear exactly once in
/// `/metrics` and once in the access log (which the server's hooks feed through the application).
@Suite("Refusals in /metrics and the access log")
struct RefusalAccountingTests {
    /// An application with an access log in a temporary file, behind a real server.
    private final class Setup {
        let directory: TemporaryDirectory
        let log: AccessLog
        let render: CountingRender
        let application: ReliefApplication
        let served: ServedApplication

        init(gate: DispatchSemaphore? = nil, configure: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
            directory = try TemporaryDirectory()
            log = try AccessLog(destination: .file(directory.path + "/access.log"))
            render = CountingRender(gate: gate)
            application = ReliefApplication(accessLog: log, render: render.function)
            served = try ServedApplication(application, configure: configure)
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

        /// Waits until the server has reported a response with `status` (its hook runs once the last
        /// byte is in the kernel, which may be just after the client read it), then checks that
        /// `/metrics` and the log each hold it exactly once.
        func expectOnceInMetricsAndLog(status: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            let deadline = ContinuousClock.now + .seconds(20)
            while countInMetrics(status: status) == 0, ContinuousClock.now < deadline {
                usleep(10_000)
            }
            #expect(countInMetrics(status: status) == 1, "\(metrics)", sourceLocation: sourceLocation)
            #expect(countInLog(status: status) == 1, "\(logLines)", sourceLocation: sourceLocation)
        }
    }

    /// Requests the server refuses by itself, with the status each gets.
    static let refusedRequests: [(String, Int)] = [
        ("NOT A REQUEST LINE\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", 408),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello", 413),
        ("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n\r\n", 417),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + String(repeating: "b", count: 20_000) + "\r\n\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n", 501),
        ("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", 505),
    ]

    @Test(arguments: refusedRequests)
    func eachRefusalIsCountedAndLoggedOnce(request: String, status: Int) throws {
        // A short head timeout, so the 408 comes soon; the other refusals do not wait for it.
        let setup = try Setup { $0.headerReadTimeout = .seconds(1) }
        let socket = try LoopbackSocket(port: setup.served.port)
        try socket.send(request)
        #expect(LoopbackSocket.status(of: try socket.receiveUntilClosed()) == status)
        setup.expectOnceInMetricsAndLog(status: status)
    }

    @Test func aRequestLineTheServerCouldNotReadIsCountedUnderTheDashRoute() throws {
        let setup = try Setup()
        let socket = try LoopbackSocket(port: setup.served.port)
        try socket.send("NOT A REQUEST LINE\r\n\r\n")
        _ = try socket.receiveUntilClosed()
        setup.expectOnceInMetricsAndLog(status: 400)
        #expect(setup.metrics.contains("relief_http_requests_total{route=\"-\",status=\"400\"} 1\n"))
        #expect(setup.logLines.contains { $0.hasPrefix("- - 400 ") })
    }

    @Test func aConnectionOverCapacityGetsA503CountedAndLoggedOnce() throws {
        let gate = DispatchSemaphore(value: 0)
        let setup = try Setup(gate: gate) { $0.maxConnections = 1 }
        defer { gate.signal() }
        // The one connection allowed is busy with a render, so it cannot be closed to make room.
        let busy = try LoopbackSocket(port: setup.served.port)
        try busy.send("GET /render?style=dark HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let deadline = ContinuousClock.now + .seconds(20)
        while setup.render.count == 0, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(setup.render.count == 1)

        let refused = try LoopbackSocket(port: setup.served.port)
        #expect(LoopbackSocket.status(of: try refused.receiveUntilClosed()) == 503)
        setup.expectOnceInMetricsAndLog(status: 503)
        #expect(setup.metrics.contains("relief_connections_refused_total{reason=\"over_capacity\"} 1\n"))
        #expect(setup.metrics.contains("relief_http_requests_total{route=\"-\",status=\"503\"} 1\n"))
        gate.signal()
        let answer = try busy.receive()
        #expect(LoopbackSocket.status(of: answer) == 200, "\(String(decoding: answer, as: UTF8.self))")
    }

    @Test func aConnectionOverThePerAddressLimitIsRefusedCountedAndLoggedOnce() throws {
        let setup = try Setup { $0.maxConnectionsPerAddress = 1 }
        let first = try LoopbackSocket(port: setup.served.port)
        try first.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        _ = try first.receive(endingWith: Array("ok\n".utf8))

        let refused = try LoopbackSocket(port: setup.served.port)
        #expect(LoopbackSocket.status(of: try refused.receiveUntilClosed()) == 503)
        setup.expectOnceInMetricsAndLog(status: 503)
        #expect(setup.metrics.contains("relief_connections_refused_total{reason=\"per_address_limit\"} 1\n"))
        #expect(setup.metrics.contains("relief_connections_refused_total{reason=\"over_capacity\"} 0\n"))
    }

    @Test func anIdleConnectionClosedToMakeRoomIsCountedAsEvicted() throws {
        let setup = try Setup { $0.maxConnections = 1 }
        let idle = try LoopbackSocket(port: setup.served.port)
        try idle.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        _ = try idle.receive(endingWith: Array("ok\n".utf8))
        // The loop publishes the connection as idle just after answering: until then a newcomer
        // finds nothing to close and gets a 503, so ask until one is served.
        let deadline = ContinuousClock.now + .seconds(20)
        while try LoopbackExchange(port: setup.served.port, target: "/healthz").status != 200, ContinuousClock.now < deadline {
            usleep(10_000)
        }
        while !setup.metrics.contains("relief_connections_evicted_total{reason=\"evicted_idle\"} 1\n"),
            ContinuousClock.now < deadline
        {
            usleep(10_000)
        }
        #expect(setup.metrics.contains("relief_connections_evicted_total{reason=\"evicted_idle\"} 1\n"), "\(setup.metrics)")
    }

    @Test func aClientThatLeavesBeforeItsAnswerIsCountedUnansweredAndNotLogged() throws {
        let gate = DispatchSemaphore(value: 0)
        let setup = try Setup(gate: gate)
        do {
            let leaving = try LoopbackSocket(port: setup.served.port)
            try leaving.send("GET /render?style=soft HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let deadline = ContinuousClock.now + .seconds(20)
            while setup.render.count == 0, ContinuousClock.now < deadline { usleep(10_000) }
            // Reset rather than close, so the answer cannot be handed to the kernel.
            var linger = linger(l_onoff: 1, l_linger: 0)
            setsockopt(leaving.descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
        }
        gate.signal()
        let deadline = ContinuousClock.now + .seconds(20)
        while !setup.metrics.contains("relief_requests_unanswered_total{reason=\"client_gone\"} 1\n"),
            ContinuousClock.now < deadline
        {
            usleep(10_000)
        }
        #expect(setup.metrics.contains("relief_requests_unanswered_total{reason=\"client_gone\"} 1\n"), "\(setup.metrics)")
        #expect(setup.countInMetrics(status: 200) == 0)
        #expect(setup.countInLog(status: 200) == 0)
    }
}
