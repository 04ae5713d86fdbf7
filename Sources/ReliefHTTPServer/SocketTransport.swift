import Glibc

/// The transport of a running server: non-blocking sockets, one epoll instance per event loop, an
/// eventfd as its doorbell, and the monotonic clock. Used on its loop's thread but for
/// ``ringDoorbell()``, a `write` to the eventfd, which is why it may be shared (`@unchecked Sendable`).
final class SocketTransport: EventLoopTransport, @unchecked Sendable {
    typealias Socket = Int32

    private let epoll: Int32
    private let doorbell: Int32
    private let events = Epoll.EventBuffer(capacity: 256)
    /// What epoll reports for each connection's descriptor, by descriptor: asking again for the same
    /// costs no system call. Descriptors are small and reused, so this grows to the most open at once.
    /// Unchecked for exclusivity, as the loop's own state is (``EventLoop``): only its thread reaches it.
    @exclusivity(unchecked) private var interests: [UInt32] = []

    init() throws(HTTPServerError) {
        epoll = try Self.descriptor(from: Epoll.create())
        do {
            doorbell = try Self.descriptor(from: Epoll.makeEventDescriptor())
        } catch {
            Glibc.close(epoll)
            throw error
        }
        Epoll.control(epoll, .add, doorbell, events: Epoll.readable, token: Self.doorbellToken)
    }

    deinit {
        Glibc.close(doorbell)
        Glibc.close(epoll)
    }

    func now() -> UInt64 {
        MonotonicClock.now()
    }

    func setInterest(_ events: UInt32, of socket: Int32, token: UInt64, isNew: Bool) {
        let index = Int(socket)
        if index >= interests.count { interests += repeatElement(0, count: index + 1 - interests.count) }
        guard isNew || interests[index] != events else { return }
        interests[index] = events
        Epoll.control(epoll, isNew ? .add : .modify, socket, events: events, token: token)
    }

    /// Starts or stops reporting the listening socket's readiness under `token`.
    func setListening(_ listening: Bool, on listener: Int32, token: UInt64) {
        Epoll.control(epoll, listening ? .add : .remove, listener, events: Epoll.readable, token: token)
    }

    func wait(timeoutMilliseconds: Int32) -> SystemCallResult {
        Epoll.wait(epoll, into: events, timeoutMilliseconds: timeoutMilliseconds)
    }

    func event(at index: Int) -> (events: UInt32, token: UInt64) {
        events.event(at: index)
    }

    func ringDoorbell() {
        var one: UInt64 = 1
        _ = SystemCallResult { write(doorbell, &one, 8) }
    }

    func answerDoorbell() {
        var count: UInt64 = 0
        _ = SystemCallResult { read(doorbell, &count, 8) }
    }

    func receive(from socket: Int32, into buffer: UnsafeMutableRawBufferPointer) -> SystemCallResult {
        SystemCallResult { recv(socket, buffer.baseAddress, buffer.count, 0) }
    }

    func send(_ queue: inout OutboundQueue, to socket: Int32) -> SystemCallResult {
        queue.send { vectors in
            var message = msghdr()
            message.msg_iov = UnsafeMutablePointer(mutating: vectors.baseAddress)
            message.msg_iovlen = vectors.count
            // MSG_NOSIGNAL: a vanished peer is an error rather than a signal.
            return SystemCallResult { sendmsg(socket, &message, Int32(MSG_NOSIGNAL)) }
        }
    }

    func sendWithoutWaiting(_ bytes: [UInt8], to socket: Int32) -> SystemCallResult {
        bytes.withUnsafeBytes { bytes in
            SystemCallResult { Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        }
    }

    func shutdownWrites(_ socket: Int32) {
        shutdown(socket, Int32(SHUT_WR))
    }

    func close(_ socket: Int32) {
        Glibc.close(socket)
    }

    func unreadByteCount(of socket: Int32) -> Int? {
        var count: Int32 = 0
        return ioctl(socket, UInt(FIONREAD), &count) == 0 ? Int(count) : nil
    }

    func unacknowledgedByteCount(of socket: Int32) -> Int? {
        var count: Int32 = 0
        return ioctl(socket, UInt(TIOCOUTQ), &count) == 0 ? Int(count) : nil
    }

    /// The descriptor a successful `create` call returned, or the reason the loop cannot exist.
    private static func descriptor(from result: SystemCallResult) throws(HTTPServerError) -> Int32 {
        guard case let .done(descriptor) = result else { throw .cannotCreateEventLoop(reason: "\(result)") }
        return Int32(descriptor)
    }
}
