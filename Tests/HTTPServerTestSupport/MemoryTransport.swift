import Dispatch
import Foundation
import ReliefHTTPServer
import Synchronization

/// An event loop's world in memory: each socket is a pair of byte queues a test plays the client
/// of, readiness is worked out from them the way epoll would report it (level-triggered, only what
/// was asked for, errors and hang-ups always), and time is a number the test moves. Nothing blocks:
/// a wait reports what is ready now.
///
/// Used on the test's thread, which is the loop's (``MemoryServer``); only the doorbell may be rung
/// from elsewhere, by a handler answering from another thread.
final class MemoryTransport: EventLoopTransport, @unchecked Sendable {
    typealias Socket = Int

    /// One connection as its client sees it.
    final class Peer {
        /// Sent by the client, not yet received by the server.
        var toServer: [UInt8] = []
        /// The client has ended its sending side (a FIN after `toServer`).
        var clientFinished = false
        /// Sent by the server, not yet read by the client: the kernel's unacknowledged bytes.
        var toClient: [UInt8] = []
        /// How many unread bytes the server may send before a send would block (the socket buffers).
        var capacity: Int
        /// The client reset the connection.
        var isReset = false
        var serverShutWrites = false
        var serverClosed = false
        var interest: UInt32 = 0
        var token: UInt64 = 0

        init(capacity: Int) {
            self.capacity = capacity
        }
    }

    /// The clock, in nanoseconds; only the test moves it.
    var clock: UInt64 = 0
    private(set) var peers: [Peer] = []
    private var ready: [(events: UInt32, token: UInt64)] = []
    private let doorbell = Atomic<Bool>(false)
    /// Signalled at every ring, for a test waiting for an answer from another thread.
    private let rung = DispatchSemaphore(value: 0)

    /// A new socket whose client takes `capacity` bytes before it must read.
    func open(capacity: Int) -> Int {
        peers.append(Peer(capacity: capacity))
        return peers.count - 1
    }

    /// Whether a wait would report anything now.
    var hasReadyEvents: Bool {
        doorbell.load(ordering: .acquiring) || peers.contains { readiness(of: $0) != 0 }
    }

    func now() -> UInt64 { clock }

    func setInterest(_ events: UInt32, of socket: Int, token: UInt64, isNew: Bool) {
        peers[socket].interest = events
        peers[socket].token = token
    }

    func wait(timeoutMilliseconds: Int32) -> SystemCallResult {
        ready = peers.compactMap { peer in
            let events = readiness(of: peer)
            return events == 0 ? nil : (events, peer.token)
        }
        if doorbell.load(ordering: .acquiring) { ready.append((Epoll.readable, Self.doorbellToken)) }
        return .done(ready.count)
    }

    func event(at index: Int) -> (events: UInt32, token: UInt64) { ready[index] }

    func ringDoorbell() {
        doorbell.store(true, ordering: .releasing)
        rung.signal()
    }

    /// Waits until the doorbell has rung since the last wait; false if `deadline` passes first.
    func waitForDoorbell(until deadline: DispatchTime) -> Bool {
        rung.wait(timeout: deadline) == .success
    }

    func answerDoorbell() { doorbell.store(false, ordering: .releasing) }

    func receive(from socket: Int, into buffer: UnsafeMutableRawBufferPointer) -> SystemCallResult {
        let peer = peers[socket]
        if peer.isReset { return .failed(SystemError(code: 104)) }
        guard !peer.toServer.isEmpty else { return peer.clientFinished ? .done(0) : .wouldBlock }
        let count = min(buffer.count, peer.toServer.count)
        buffer.copyBytes(from: peer.toServer[..<count])
        peer.toServer.removeFirst(count)
        return .done(count)
    }

    func send(_ queue: inout OutboundQueue, to socket: Int) -> SystemCallResult {
        let peer = peers[socket]
        return queue.send { vectors in
            if peer.isReset { return .failed(SystemError(code: 32)) }
            var room = peer.capacity - peer.toClient.count
            guard room > 0 else { return .wouldBlock }
            var sent = 0
            for vector in vectors where room > 0 {
                let count = min(room, vector.iov_len)
                peer.toClient += UnsafeRawBufferPointer(start: vector.iov_base, count: count)
                sent += count
                room -= count
            }
            return .done(sent)
        }
    }

    func sendWithoutWaiting(_ bytes: [UInt8], to socket: Int) -> SystemCallResult {
        let peer = peers[socket]
        guard peer.capacity - peer.toClient.count >= bytes.count else { return .wouldBlock }
        peer.toClient += bytes
        return .done(bytes.count)
    }

    func shutdownWrites(_ socket: Int) { peers[socket].serverShutWrites = true }

    func close(_ socket: Int) { peers[socket].serverClosed = true }

    func unreadByteCount(of socket: Int) -> Int? { peers[socket].toServer.count }

    func unacknowledgedByteCount(of socket: Int) -> Int? { peers[socket].toClient.count }

    /// What epoll would report for `peer` now.
    private func readiness(of peer: Peer) -> UInt32 {
        guard !peer.serverClosed else { return 0 }
        if peer.isReset { return Epoll.error | Epoll.hangUp }
        var events: UInt32 = 0
        if !peer.toServer.isEmpty || peer.clientFinished { events |= Epoll.readable }
        if peer.clientFinished { events |= Epoll.peerHalfClosed }
        if !peer.serverShutWrites, peer.toClient.count < peer.capacity { events |= Epoll.writable }
        return events & (peer.interest | Epoll.error | Epoll.hangUp)
    }
}

/// An event loop over a ``MemoryTransport`` serving `handler`, run on the test's thread: the test
/// sends bytes, lets the loop handle what is ready (``settle()``), moves the clock
/// (``advance(by:)``), waits for answers from other threads (``settle(until:within:)``) and reads
/// what came back.
class MemoryServer<Handler: HTTPHandler> {
    let transport = MemoryTransport()
    let loop: EventLoop<MemoryTransport>
    let handler: Handler
    let counters = ServerCounters()

    init(handler: Handler, configuration: HTTPServer.Configuration) {
        self.handler = handler
        loop = EventLoop(
            name: "memory", transport: transport, configuration: configuration, handler: handler,
            counters: counters, connectionsByAddress: nil)
        loop.start()
    }

    /// A new client, whose socket buffers hold `capacity` bytes of responses it has not read.
    /// `makingRoom` asks the loop to close what gives it least first, as at the connection cap.
    func connect(capacity: Int = 1 << 20, makingRoom: Bool = false) -> MemoryClient {
        let (accepted, client) = arrive(capacity: capacity)
        loop.admit(accepted, makingRoom: makingRoom)
        settle()
        return client
    }

    /// A new client refused on arrival for `reason`, as the acceptor refuses one: a bare 503, then closed.
    func connectRefused(because reason: DropLogEntry.Reason) -> MemoryClient {
        let (accepted, client) = arrive(capacity: 1 << 20)
        loop.refuse(accepted, because: reason)
        return client
    }

    /// A socket accepted and counted open, as the acceptor hands it over, and its client.
    private func arrive(capacity: Int) -> (AcceptedConnection<Int>, MemoryClient) {
        let socket = transport.open(capacity: capacity)
        counters.openConnections.add(1, ordering: .relaxed)
        return (
            AcceptedConnection(socket: socket, remoteAddress: "memory", countedAddress: nil),
            MemoryClient(peer: transport.peers[socket], settle: settle)
        )
    }

    /// Lets the loop handle everything ready now, until nothing is.
    func settle() {
        repeat { loop.turn() } while transport.hasReadyEvents
    }

    /// Settles, and again each time a handler answering from another thread rings the loop's
    /// doorbell, until `done` holds; false if `timeout` passes first (a bound on a hang, not a
    /// measure of speed).
    func settle(until done: () -> Bool, within timeout: Duration = .seconds(120)) -> Bool {
        let deadline = DispatchTime.now() + .seconds(Int(timeout.components.seconds))
        settle()
        while !done() {
            guard transport.waitForDoorbell(until: deadline) else { return false }
            settle()
        }
        return true
    }

    /// The next whole response `client` reads, waiting for answers from other threads as
    /// ``settle(until:within:)`` does; nil if none came within `timeout`.
    func awaitResponse(of client: MemoryClient, within timeout: Duration = .seconds(120)) -> ReceivedResponse? {
        var response: ReceivedResponse?
        _ = settle(
            until: {
                response = client.readResponse()
                return response != nil
            }, within: timeout)
        return response
    }

    /// Moves the clock on by `duration` in steps of at most 50 ms, letting timers fire on the way.
    func advance(by duration: Duration) {
        var remaining =
            UInt64(duration.components.seconds) * 1_000_000_000 + UInt64(duration.components.attoseconds / 1_000_000_000)
        while remaining > 0 {
            let step = min(remaining, 50_000_000)
            transport.clock += step
            remaining -= step
            settle()
        }
    }
}

/// The client end of one in-memory connection.
final class MemoryClient {
    let peer: MemoryTransport.Peer
    /// Lets the server handle what the client did.
    private let settle: () -> Void
    /// Bytes taken from the server and not yet read as responses.
    private var received: [UInt8] = []

    init(peer: MemoryTransport.Peer, settle: @escaping () -> Void) {
        self.peer = peer
        self.settle = settle
    }

    /// Sends `text` and lets the server handle it.
    func send(_ text: String) {
        peer.toServer += Array(text.utf8)
        settle()
    }

    /// Ends the client's sending side (a FIN).
    func finish() {
        peer.clientFinished = true
        settle()
    }

    /// Resets the connection, as a client that closes with the server's bytes unread does.
    func reset() {
        peer.isReset = true
        settle()
    }

    /// Takes every byte the server sends, letting it send more until it has nothing more to send
    /// now, and returns the whole responses among them (a partial one stays unread).
    func readResponses() -> [ReceivedResponse] {
        var responses: [ReceivedResponse] = []
        while let response = readResponse() { responses.append(response) }
        return responses
    }

    /// Takes what the server sends, as ``readResponses()``, and returns the first whole response,
    /// nil if there is none yet; `bodyExpected: false` for the answer to a `HEAD`.
    func readResponse(bodyExpected: Bool = true) -> ReceivedResponse? {
        while !peer.toClient.isEmpty {
            received += peer.toClient
            peer.toClient.removeAll()
            settle()
        }
        guard let (response, length) = Self.response(at: received, bodyExpected: bodyExpected) else { return nil }
        received.removeFirst(length)
        return response
    }

    /// Bytes taken from the server and not yet read as a response.
    var unreadBytes: [UInt8] { received }

    /// Whether the server closed the socket.
    var isClosed: Bool { peer.serverClosed }

    /// Whether the server will send nothing more: it shut its side (a FIN) or closed.
    var hasSeenTheEnd: Bool { peer.serverShutWrites || peer.serverClosed }

    /// The first whole response in `bytes` and its length, nil while it is incomplete.
    private static func response(at bytes: [UInt8], bodyExpected: Bool) -> (ReceivedResponse, Int)? {
        guard let end = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
        let lines = String(decoding: bytes[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        let headers = lines.dropFirst().compactMap { line -> (name: String, value: String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var response = ReceivedResponse(status: status, headers: headers, body: [])
        let bodyStart = end.upperBound
        let bodyEnd = bodyStart + (bodyExpected ? response.header("Content-Length").flatMap(Int.init) ?? 0 : 0)
        guard bytes.count >= bodyEnd else { return nil }
        response.body = Array(bytes[bodyStart..<bodyEnd])
        return (response, bodyEnd)
    }
}

/// One response as a client read it; public, as the loopback clients' tests read it too.
public struct ReceivedResponse {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
