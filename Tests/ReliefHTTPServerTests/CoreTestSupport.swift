import Dispatch
import Synchronization
@testable import ReliefHTTPServer

/// A handler whose answer is chosen by the target path:
/// - `/delay/N`: answered after N milliseconds, from another thread;
/// - `/held`: answered only when the test calls `held.releaseAll()`, from the test's thread;
/// - `/inject`: a header value that tries to smuggle in a second header;
/// - `/bytes/N`: a body of N bytes;
/// - anything else: answered at once with the body `METHOD TARGET`.
/// Every request is recorded first.
struct ScriptedHandler: HTTPHandler {
    let recorder = RequestRecorder()
    let held = HeldResponses()

    func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void) {
        recorder.record(request)
        let echo = HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")],
                                body: Array("\(request.method) \(request.target)".utf8))
        let parts = request.path.split(separator: "/")
        switch (parts.first, parts.dropFirst().first.flatMap { Int($0) }) {
        case let ("delay", milliseconds?):
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { completion(echo) }
        case ("held", _):
            held.hold { completion(echo) }
        case ("inject", _):
            completion(HTTPResponse(status: 200, headers: [("X-Note", "fine\r\nSet-Cookie: stolen=1")], body: Array("injected".utf8)))
        case let ("bytes", count?):
            completion(HTTPResponse(status: 200, body: [UInt8](repeating: UInt8(ascii: "x"), count: count)))
        default:
            completion(echo)
        }
    }
}

/// The requests a handler received, and a way to wait for the next one.
final class RequestRecorder: Sendable {
    private let seen = Mutex<[HTTPRequest]>([])
    private let arrivals = DispatchSemaphore(value: 0)

    func record(_ request: HTTPRequest) {
        seen.withLock { $0.append(request) }
        arrivals.signal()
    }

    var requests: [HTTPRequest] { seen.withLock { $0 } }

    /// Waits for one more request to arrive; false after `timeout`.
    func waitForRequest(timeout: Duration = .seconds(3)) -> Bool {
        arrivals.wait(timeout: .now() + .milliseconds(Int(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000))) == .success
    }
}

/// Answers a test holds back, to decide itself when a handler completes.
final class HeldResponses: Sendable {
    private let answers = Mutex<[@Sendable () -> Void]>([])

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

/// What the server logged: access-log entries and error messages.
final class ServerLogs: Sendable {
    private let entries = Mutex<[AccessLogEntry]>([])
    private let errors = Mutex<[String]>([])

    var accessLog: [AccessLogEntry] { entries.withLock { $0 } }
    var errorLog: [String] { errors.withLock { $0 } }

    func install(in configuration: inout HTTPServer.Configuration) {
        configuration.accessLog = { entry in self.entries.withLock { $0.append(entry) } }
        configuration.errorLog = { message in self.errors.withLock { $0.append(message) } }
    }
}

/// A server started on an ephemeral port with test-sized limits; shut down when released.
final class RunningServer {
    let server: HTTPServer
    let port: Int
    let handler = ScriptedHandler()
    let logs = ServerLogs()

    init(_ adjust: (inout HTTPServer.Configuration) -> Void = { _ in }) throws {
        var configuration = HTTPServer.Configuration(host: "127.0.0.1", port: 0)
        configuration.eventLoopCount = 2
        configuration.headerReadTimeout = .seconds(3)
        configuration.keepAliveIdleTimeout = .seconds(3)
        configuration.writeTimeout = .seconds(3)
        configuration.lingeringCloseTimeout = .milliseconds(500)
        configuration.shutdownGracePeriod = .seconds(2)
        logs.install(in: &configuration)
        adjust(&configuration)
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

    func connect(receiveBufferBytes: Int32? = nil) throws -> TestClient {
        try TestClient(port: port, receiveBufferBytes: receiveBufferBytes)
    }
}

/// The text of a minimal HTTP/1.1 request (GET unless told) with the Host header the server requires.
func requestText(_ target: String, method: String = "GET", headers: String = "") -> String {
    "\(method) \(target) HTTP/1.1\r\nHost: test\r\n\(headers)\r\n"
}
