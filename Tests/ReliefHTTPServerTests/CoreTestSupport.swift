import Dispatch
import Glibc
import ReliefLock

@testable import HTTPServerTestSupport
@testable import ReliefHTTPServer

/// The in-memory server with the ``ScriptedHandler``, logging into ``logs``.
final class ScriptedMemoryServer: MemoryServer<ScriptedHandler> {
    let logs: ServerLogs

    /// Timeouts: header read 1 s, keep-alive idle 2 s, write 3 s, lingering 0.5 s, unless adjusted.
    init(_ adjust: (inout HTTPServer.Configuration) -> Void = { _ in }) {
        let logs = ServerLogs()
        self.logs = logs
        super.init(
            handler: ScriptedHandler(),
            configuration: testConfiguration(headerRead: .seconds(1), keepAliveIdle: .seconds(2), logs: logs, adjust))
    }
}

/// A handler whose answer is chosen by the target path:
/// - `/held`: answered only when the test calls `held.releaseAll()`, from the test's thread, which
///   a test does before it ends: a held answer holds the loop, which holds the handler holding it;
/// - `/inject`: a header value that tries to smuggle in a second header;
/// - `/bytes/N`: a body of N bytes;
/// - anything else: answered at once with the body `METHOD TARGET`, then a space and the request's
///   body when it has one.
/// Every request is recorded before it is answered (a held one once it is held, so a test that saw
/// it arrive can release it), and how many are being answered at once is measured.
struct ScriptedHandler: HTTPHandler {
    let recorder = RequestRecorder()
    let held = HeldResponses()
    let inFlight = InFlightGauge()

    func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        inFlight.enter()
        let inFlight = inFlight
        let completion: @Sendable (HTTPResponse) -> Void = { response in
            inFlight.leave()
            completion(response)
        }
        let echo = HTTPResponse(
            status: 200, headers: [("Content-Type", "text/plain")],
            body: Array("\(request.method) \(request.target)".utf8)
                + (request.body.isEmpty ? [] : [UInt8(ascii: " ")] + request.body))
        let parts = request.path.split(separator: "/")
        if parts.first == "held" {
            held.hold { completion(echo) }
            recorder.record(request)
            return
        }
        recorder.record(request)
        switch (parts.first, parts.dropFirst().first.flatMap { Int($0) }) {
        case ("inject", _):
            completion(
                HTTPResponse(status: 200, headers: [("X-Note", "fine\r\nSet-Cookie: stolen=1")], body: Array("injected".utf8)))
        case let ("bytes", count?):
            completion(HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: count)))
        default:
            completion(echo)
        }
    }
}

/// The requests a handler received, and a way to wait for the next one.
final class RequestRecorder: Sendable {
    private let seen = Locked<[HTTPRequest]>([])
    private let arrivals = DispatchSemaphore(value: 0)

    func record(_ request: HTTPRequest) {
        seen.withLock { $0.append(request) }
        arrivals.signal()
    }

    var requests: [HTTPRequest] { seen.withLock { $0 } }

    /// Waits for one more request to arrive; false after `timeout`.
    func waitForRequest(timeout: Duration = .seconds(3)) -> Bool {
        arrivals.wait(
            timeout: .now()
                + .milliseconds(Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)))
            == .success
    }
}

/// How many requests a handler is answering now, and the most it ever was.
final class InFlightGauge: Sendable {
    private let counts = Locked((now: 0, most: 0))

    func enter() {
        counts.withLock {
            $0.now += 1; $0.most = max($0.most, $0.now)
        }
    }

    func leave() {
        counts.withLock { $0.now -= 1 }
    }

    /// The most requests answered at once so far.
    var most: Int { counts.withLock { $0.most } }
}

/// Answers a test holds back, to decide itself when a handler completes.
final class HeldResponses: Sendable {
    private let answers = Locked<[@Sendable () -> Void]>([])

    func hold(_ answer: @escaping @Sendable () -> Void) {
        answers.withLock { $0.append(answer) }
    }

    /// Gives every held answer, oldest first.
    func releaseAll() {
        let held = answers.withLock { answers in
            defer { answers = [] }
            return answers
        }
        for answer in held { answer() }
    }
}

/// What the server logged: access-log and drop-log entries and error messages, with a way to wait
/// for the next access-log or drop-log entry.
final class ServerLogs: Sendable {
    private let entries = Locked<[AccessLogEntry]>([])
    private let drops = Locked<[DropLogEntry]>([])
    private let errors = Locked<[String]>([])
    private let accessLogged = DispatchSemaphore(value: 0)
    private let dropLogged = DispatchSemaphore(value: 0)

    var accessLog: [AccessLogEntry] { entries.withLock { $0 } }
    var dropLog: [DropLogEntry] { drops.withLock { $0 } }
    var errorLog: [String] { errors.withLock { $0 } }

    func install(in configuration: inout HTTPServer.Configuration) {
        configuration.accessLog = { entry in
            self.entries.withLock { $0.append(entry) }
            self.accessLogged.signal()
        }
        configuration.dropLog = { entry in
            self.drops.withLock { $0.append(entry) }
            self.dropLogged.signal()
        }
        configuration.errorLog = { message in self.errors.withLock { $0.append(message) } }
    }

    /// Waits until `count` more access-log entries have been written; false after 3 s.
    func waitForAccessLog(count: Int = 1) -> Bool {
        (0..<count).allSatisfy { _ in accessLogged.wait(timeout: .now() + .seconds(3)) == .success }
    }

    /// Waits until `count` more drop-log entries have been written; false after 3 s.
    func waitForDropLog(count: Int = 1) -> Bool {
        (0..<count).allSatisfy { _ in dropLogged.wait(timeout: .now() + .seconds(3)) == .success }
    }
}

/// A server started on an ephemeral port with test-sized limits; shut down when released.
final class RunningServer {
    let server: HTTPServer
    let port: Int
    let handler = ScriptedHandler()
    let logs = ServerLogs()

    init(_ adjust: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        let configuration = testConfiguration(headerRead: .seconds(3), keepAliveIdle: .seconds(3), logs: logs) {
            $0.eventLoopCount = 2
            adjust(&$0)
        }
        server = HTTPServer(configuration: configuration, handler: handler)
        port = try server.start()
    }

    deinit {
        server.shutdown()
    }

    /// Starts ``HTTPServer/shutdown()`` on another thread; the semaphore is signalled once it returns.
    func shutDownInBackground() -> DispatchSemaphore {
        let stopped = DispatchSemaphore(value: 0)
        let server = server
        DispatchQueue.global().async {
            server.shutdown()
            stopped.signal()
        }
        return stopped
    }

    func connect(receiveBufferBytes: Int32? = nil, timeout: Duration = .seconds(3)) throws -> TestClient {
        try TestClient(port: port, timeout: timeout, receiveBufferBytes: receiveBufferBytes)
    }
}

/// A configuration on an ephemeral loopback port with the timeouts given (write 3 s, lingering
/// 0.5 s, grace period 2 s), logging into `logs`, then `adjust`ed.
func testConfiguration(
    headerRead: Duration, keepAliveIdle: Duration, logs: ServerLogs,
    _ adjust: (inout HTTPServer.Configuration) -> Void
) -> HTTPServer.Configuration {
    var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
    configuration.headerReadTimeout = headerRead
    configuration.keepAliveIdleTimeout = keepAliveIdle
    configuration.writeTimeout = .seconds(3)
    configuration.lingeringCloseTimeout = .milliseconds(500)
    configuration.shutdownGracePeriod = .seconds(2)
    logs.install(in: &configuration)
    adjust(&configuration)
    return configuration
}

/// The text of a minimal HTTP/1.1 request (GET unless told) with the Host header the server requires.
func requestText(_ target: String, method: String = "GET", headers: String = "") -> String {
    "\(method) \(target) HTTP/1.1\r\nHost: test\r\n\(headers)\r\n"
}
