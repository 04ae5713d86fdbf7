/// Everything an event loop and its connections ask of the world outside: which sockets are ready,
/// their bytes, the doorbell other threads ring, and the time. ``SocketTransport`` is epoll and
/// real sockets; the tests' in-memory transport plays clients byte by byte on a clock they move,
/// so framing, pipelining, eviction, half-close, timeouts and back-pressure are tested without
/// sockets or waiting.
///
/// The loop is generic over its transport, so these calls are direct ones, specialised, not looked
/// up per call. Used on the loop's thread, but for ``ringDoorbell()``.
package protocol EventLoopTransport: AnyObject, SendableMetatype {
    /// One connection's handle.
    associatedtype Socket: Sendable

    /// Monotonic nanoseconds.
    func now() -> UInt64
    /// Reports `events` (readiness bits, ``Epoll``'s) of `socket` from now on, under `token`;
    /// `isNew` for a socket not reported before. Called after every step of a connection, so asking
    /// for what is already reported must be cheap.
    func setInterest(_ events: UInt32, of socket: Socket, token: UInt64, isNew: Bool)
    /// Waits up to `timeoutMilliseconds` for readiness; `.done` holds how many events came.
    func wait(timeoutMilliseconds: Int32) -> SystemCallResult
    /// Event `index` of the last wait: its readiness bits and token.
    func event(at index: Int) -> (events: UInt32, token: UInt64)
    /// Wakes the loop: its next wait reports ``doorbellToken``. Callable from any thread.
    func ringDoorbell()
    /// The loop has seen the doorbell; it rings again at the next ``ringDoorbell()``.
    func answerDoorbell()

    /// Moves bytes that arrived on `socket` into `buffer`; `.done(0)` when the peer sent its last.
    func receive(from socket: Socket, into buffer: UnsafeMutableRawBufferPointer) -> SystemCallResult
    /// Sends what `socket` takes now from the front of `queue`, consuming it; `.done` holds how much.
    func send(_ queue: inout OutboundQueue, to socket: Socket) -> SystemCallResult
    /// Sends `bytes` if `socket` takes them now, without waiting; for refusals on arrival.
    func sendWithoutWaiting(_ bytes: [UInt8], to socket: Socket) -> SystemCallResult
    /// Ends the sending side (a FIN); reading goes on.
    func shutdownWrites(_ socket: Socket)
    func close(_ socket: Socket)
    /// Bytes the peer sent that were not received yet, or nil if that cannot be told.
    func unreadByteCount(of socket: Socket) -> Int?
    /// Bytes sent that the peer has not acknowledged, or nil if that cannot be told.
    func unacknowledgedByteCount(of socket: Socket) -> Int?
}

extension EventLoopTransport {
    /// The token ``wait(timeoutMilliseconds:_:)`` reports for the doorbell; no connection has it.
    package static var doorbellToken: UInt64 { .max }
}
