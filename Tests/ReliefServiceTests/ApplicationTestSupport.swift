import Dispatch
import Foundation
import ReliefHTTPServer
import ReliefLock
import ReliefSpec

@testable import ReliefService

extension HTTPResponse {
    /// The first value of header `name`, compared case-insensitively.
    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    var bodyText: String {
        String(decoding: body, as: UTF8.self)
    }

    /// The body parsed as a JSON object.
    var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any]
    }
}

extension ReliefApplication {
    /// The answer to `method target` with `headers` and `body`, awaited without a socket, and reported
    /// written as the server reports it (``responseWritten(_:)``) before it is returned.
    func response(
        _ target: String, method: String = "GET", headers: [(name: String, value: String)] = [], body: [UInt8] = []
    ) async -> HTTPResponse {
        let response = await withCheckedContinuation { continuation in
            respond(to: HTTPRequest(method: method, target: target, minorVersion: 1, headers: headers, body: body)) {
                continuation.resume(returning: $0)
            }
        }
        responseWritten(
            AccessLogEntry(
                method: method, target: target, status: response.status,
                bodyBytes: method == "HEAD" ? 0 : response.body.count, duration: .zero,
                remoteAddress: "127.0.0.1", note: response.logNote))
        return response
    }

    /// An application for tests: no access log, the public directory `publicDirectory`, a query
    /// without `format` in `defaultFormat`, two workers per lane unless `renders` says otherwise.
    static func forTesting(
        publicDirectory: String = "/nonexistent",
        cacheBytes: Int = 1 << 20,
        defaultFormat: RenderSpec.Format = .png,
        renders: (inout RenderScheduler.Configuration) -> Void = { _ in },
        render: @escaping RenderFunction = ReliefApplication.standardRender,
        audit: @escaping AuditFunction = ReliefApplication.standardAudit
    ) -> ReliefApplication {
        var configuration = Configuration()
        configuration.publicDirectory = publicDirectory
        configuration.cacheBytes = cacheBytes
        configuration.defaultFormat = defaultFormat
        configuration.renders.workers = 2
        renders(&configuration.renders)
        return ReliefApplication(configuration: configuration, render: render, audit: audit)
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let value = Locked(0)

    func increment() {
        value.withLock { $0 += 1 }
    }

    var count: Int { value.withLock { $0 } }
}

/// A render function that counts its calls and returns the canonical query as the "PNG", optionally
/// waiting for `gate` first.
final class CountingRender: Sendable {
    private let calls = Counter()
    private let called = DispatchSemaphore(value: 0)
    private let gate: DispatchSemaphore?

    init(gate: DispatchSemaphore? = nil) {
        self.gate = gate
    }

    var count: Int { calls.count }

    /// Waits until the function has been called `count` times in all; false if 60 s pass first (a
    /// bound on a hang, not a measure of speed).
    func waitForCalls(_ count: Int) -> Bool {
        let deadline = DispatchTime.now() + .seconds(60)
        while calls.count < count {
            guard called.wait(timeout: deadline) == .success else { return false }
        }
        return true
    }

    var function: ReliefApplication.RenderFunction {
        { [self] spec, _, _ in
            calls.increment()
            called.signal()
            gate?.wait()
            return RenderCache.Entry(
                bytes: Array(spec.canonicalQuery.utf8),
                renderDuration: .milliseconds(2), encodeDuration: .milliseconds(1))
        }
    }
}

/// A response that arrives later, for requests started without awaiting them.
final class PendingResponse: Sendable {
    private let state = Locked<(response: HTTPResponse?, waiter: CheckedContinuation<HTTPResponse, Never>?)>((nil, nil))

    /// Starts `target` on `application`; the answer is kept for ``value``.
    init(_ application: ReliefApplication, _ target: String) {
        application.respond(to: HTTPRequest(method: "GET", target: target, minorVersion: 1, headers: [])) { [self] in
            deliver($0)
        }
    }

    private func deliver(_ response: HTTPResponse) {
        let waiter = state.withLock { state in
            state.response = response
            return state.waiter
        }
        waiter?.resume(returning: response)
    }

    var value: HTTPResponse {
        get async {
            await withCheckedContinuation { continuation in
                let ready = state.withLock { state in
                    if state.response == nil { state.waiter = continuation }
                    return state.response
                }
                if let ready { continuation.resume(returning: ready) }
            }
        }
    }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("relief-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ text: String, to name: String) throws {
        try write(Array(text.utf8), to: name)
    }

    func write(_ bytes: [UInt8], to name: String) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The headers a browser's `<img>` sends for its image.
let browserImageAccept = [(name: "Accept", value: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8")]
