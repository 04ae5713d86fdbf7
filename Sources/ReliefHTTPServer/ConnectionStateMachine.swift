/// The life of one connection as a value: told what happened (bytes arrived, a head was parsed or
/// refused, a handler answered, bytes were sent, the socket has room, the peer stopped sending, a
/// timer tick, shutdown began) and when, it says what to do next.
///
/// It performs no I/O and reads no clock — `now` is always passed in, in monotonic nanoseconds — so
/// the rules of a connection are tested without sockets: request order, the pipelining limit,
/// keep-alive, the header-read, idle, write and lingering timeouts, lingering close and draining.
/// ``Connection`` feeds it events from the socket and performs the actions it returns.
struct ConnectionStateMachine {
    /// What the connection does next.
    enum Action: Equatable {
        /// Parse the buffered input; report the outcome with ``headParsed(_:inputRemains:now:)``,
        /// ``headIncomplete(now:)`` or ``headRejected(_:now:)``.
        case parse
        /// Encode the responses ``nextResponse(now:)`` releases and send the queued bytes; report
        /// with ``sent(_:remaining:now:)``.
        case write
        /// Nothing to do until the socket is readable or writable, as given (the epoll interest).
        case wait(readable: Bool, writable: Bool)
        /// The last response is out: shut down the write side, drop the buffers, and read and
        /// discard what the peer still sends (reporting its end with ``peerClosed(now:)``), so that
        /// unread input does not make the kernel reset the connection under the response.
        case linger
        /// Close the descriptor now, dropping whatever is unsent.
        case close
        /// The connection is closed; nothing is left to do.
        case none
    }

    /// A response released for sending, in request order.
    struct OutgoingResponse {
        var request: PendingRequest
        /// What to send: the handler's response, or a 500 when that could not be sent safely.
        var response: HTTPResponse
        /// Why the handler's response was replaced, for the error log; nil when it was not.
        var replacedBecause: String?
        /// The connection ends after this response (`Connection: close`).
        var closesConnection: Bool
    }

    private enum State: Equatable {
        /// Reading requests and writing their responses.
        case open
        /// The last request has been read (it asked to close, or was refused): no more are read,
        /// and the responses owed still go out.
        case lastRequestRead
        /// The response that ends the connection is queued; once it is written, the connection lingers.
        case lastResponseQueued
        /// The write side is shut; what the peer sends is discarded until it closes or `until`.
        case lingering(until: UInt64)
        case closed
    }

    /// A request the connection owes a response to, and that response once the handler gave it.
    private struct Slot {
        var request: PendingRequest
        var response: HTTPResponse?
    }

    private let limits: Limits
    private var state = State.open
    /// Requests whose responses are not queued yet, in order: the first is the next to go out.
    private var slots: [Slot] = []
    /// The serial of `slots.first`; a connection's requests are numbered from 0.
    private var firstSerial: UInt64 = 0
    /// Input arrived that the parser has not looked at yet.
    private var hasUnparsedInput = false
    /// When the first byte of the head being read arrived; nil while no input is buffered.
    private var headStartedAt: UInt64?
    /// Encoded bytes wait in the output queue.
    private var hasQueuedOutput = false
    /// The last send left bytes behind: nothing more is sent until the socket has room.
    private var waitsForRoom = false
    private var peerStoppedSending = false
    private var isDraining = false
    private var hasServedRequest = false
    private var idleSince: UInt64
    private var lastWriteProgress: UInt64 = 0
    /// The kernel's unacknowledged bytes at the last timer tick, to see whether the client still reads.
    private var lastKernelBacklog = 0

    init(limits: Limits, now: UInt64) {
        self.limits = limits
        idleSince = now
    }

    /// Whether the write side is shut and input is being discarded.
    var isLingering: Bool {
        if case .lingering = state { true } else { false }
    }

    // MARK: Reading

    /// Bytes arrived and were added to the input.
    mutating func received(now: UInt64) -> Action {
        if headStartedAt == nil { headStartedAt = now }
        hasUnparsedInput = true
        return nextAction(now: now)
    }

    /// The peer will send nothing more (a read returned 0).
    mutating func peerClosed(now: UInt64) -> Action {
        if isLingering { return close() }
        peerStoppedSending = true
        return nextAction(now: now)
    }

    /// A complete head was parsed and its bytes taken from the input. Returns the serial under which
    /// the caller hands the request to the handler; then it asks ``nextAction(now:)``, since the
    /// handler may have answered at once.
    mutating func headParsed(_ head: RequestHead, inputRemains: Bool, now: UInt64) -> UInt64 {
        let request = head.request
        let keepAlive = head.keepAlive && !isDraining
        if !keepAlive { state = .lastRequestRead }
        slots.append(Slot(request: PendingRequest(method: request.method, target: request.target, keepAlive: keepAlive,
                                                  isHead: request.method == "HEAD", minorVersion: request.minorVersion,
                                                  receivedAt: now)))
        headStartedAt = inputRemains ? now : nil
        hasUnparsedInput = inputRemains
        return firstSerial + UInt64(slots.count - 1)
    }

    /// The input holds no complete head yet.
    mutating func headIncomplete(now: UInt64) -> Action {
        hasUnparsedInput = false
        return nextAction(now: now)
    }

    /// The head is unacceptable and the input was dropped: the server answers with the rejection
    /// after the responses owed, then closes.
    mutating func headRejected(_ rejection: RequestRejection, now: UInt64) -> Action {
        refuse(rejection, now: now)
        return nextAction(now: now)
    }

    // MARK: Writing

    /// The handler answered request `serial`. Returns nil when that request has no answer
    /// outstanding: the handler answered twice, and this response is dropped.
    mutating func responseReady(_ response: HTTPResponse, for serial: UInt64, now: UInt64) -> Action? {
        // Once lingering or closed, answers still arriving are too late.
        guard isServing else { return nextAction(now: now) }
        let index = serial &- firstSerial
        guard serial >= firstSerial, index < UInt64(slots.count), slots[Int(index)].response == nil else { return nil }
        slots[Int(index)].response = response
        return nextAction(now: now)
    }

    /// The next response to encode and queue, if it is ready and the connection still sends.
    /// A response the encoder would refuse is replaced by a 500.
    mutating func nextResponse(now: UInt64) -> OutgoingResponse? {
        guard state == .open || state == .lastRequestRead, let response = slots.first?.response else { return nil }
        let request = slots.removeFirst().request
        firstSerial += 1
        let inspection = ResponseEncoder.inspect(response)
        let closesConnection = !request.keepAlive || inspection.asksToClose || isDraining
        if closesConnection { state = .lastResponseQueued }
        if !hasQueuedOutput {
            hasQueuedOutput = true
            lastWriteProgress = now
        }
        hasServedRequest = true
        return OutgoingResponse(request: request, response: inspection.problem == nil ? response : ResponseEncoder.internalError,
                                replacedBecause: inspection.problem, closesConnection: closesConnection)
    }

    /// A send took `byteCount` bytes of the output queue and left `remaining` in it.
    mutating func sent(_ byteCount: Int, remaining: Int, now: UInt64) -> Action {
        if byteCount > 0 { lastWriteProgress = now }
        if remaining > 0 {
            waitsForRoom = true
        } else {
            hasQueuedOutput = false
            if slots.isEmpty { idleSince = now }
        }
        return nextAction(now: now)
    }

    /// The socket has room for more bytes.
    mutating func writable(now: UInt64) -> Action {
        waitsForRoom = false
        return nextAction(now: now)
    }

    // MARK: Time and shutdown

    /// Applies whichever timeout the connection is under. `unacknowledgedBytes` asks the kernel how
    /// much of what was sent the client has not acknowledged (nil if it cannot say); it is asked
    /// only when the connection looks idle.
    mutating func timerFired(now: UInt64, unacknowledgedBytes: () -> Int?) -> Action {
        func elapsed(since start: UInt64) -> UInt64 { now >= start ? now - start : 0 }
        switch state {
        case .closed:
            return .none
        case let .lingering(until):
            return now >= until ? close() : nextAction(now: now)
        case .open, .lastRequestRead, .lastResponseQueued:
            break
        }
        if hasQueuedOutput {
            if elapsed(since: lastWriteProgress) >= limits.writeTimeout { return close() }
        } else if !slots.isEmpty {
            // The handler is working; its time is its own business.
        } else if let headStartedAt {
            if elapsed(since: headStartedAt) >= limits.headerReadTimeout {
                refuse(.headTimedOut(after: .nanoseconds(Int64(clamping: limits.headerReadTimeout))), now: now)
            }
        } else if let kernelBacklog = unacknowledgedBytes(), kernelBacklog > 0 {
            // The kernel still holds response bytes the client has not taken: the connection is
            // writing, not idle, so it is timed like a write and its idle time starts afterwards.
            if kernelBacklog != lastKernelBacklog {
                lastKernelBacklog = kernelBacklog
                lastWriteProgress = now
            } else if elapsed(since: lastWriteProgress) >= limits.writeTimeout {
                return close()
            }
            idleSince = now
        } else {
            lastKernelBacklog = 0
            let limit = hasServedRequest ? limits.keepAliveIdleTimeout : limits.headerReadTimeout
            if elapsed(since: idleSince) >= limit { return close() }
        }
        return nextAction(now: now)
    }

    /// Shutdown has begun: an idle connection closes now, a busy one after its responses, and no
    /// response keeps the connection open any more.
    mutating func drain(now: UInt64) -> Action {
        isDraining = true
        return nextAction(now: now)
    }

    /// The connection must end now: the socket failed, or shutdown's grace period is over.
    mutating func abort() -> Action {
        state == .closed ? .none : close()
    }

    // MARK: Deciding

    /// What to do next, given everything reported so far.
    mutating func nextAction(now: UInt64) -> Action {
        switch state {
        case .closed:
            return .none
        case .lingering:
            return .wait(readable: true, writable: false)
        case .open, .lastRequestRead, .lastResponseQueued:
            break
        }
        if acceptsRequests && hasUnparsedInput { return .parse }
        if !waitsForRoom && (hasQueuedOutput || (state != .lastResponseQueued && slots.first?.response != nil)) {
            return .write
        }
        if !hasQueuedOutput {
            if state == .lastResponseQueued {
                state = .lingering(until: MonotonicClock.deadline(now, after: limits.lingeringCloseTimeout))
                slots = []
                return .linger
            }
            if slots.isEmpty && (peerStoppedSending || (isDraining && headStartedAt == nil)) { return close() }
        }
        return .wait(readable: acceptsRequests && !peerStoppedSending, writable: hasQueuedOutput)
    }

    /// Whether requests are still read: the connection has not read its last one, and fewer than the
    /// pipelining limit wait for their responses (backpressure).
    private var acceptsRequests: Bool {
        state == .open && slots.count < limits.maxPipelinedRequests
    }

    /// Whether responses are still accepted from handlers.
    private var isServing: Bool {
        state == .open || state == .lastRequestRead || state == .lastResponseQueued
    }

    /// Queues the server's own answer to a refused request; nothing is read after it.
    private mutating func refuse(_ rejection: RequestRejection, now: UInt64) {
        state = .lastRequestRead
        hasUnparsedInput = false
        headStartedAt = nil
        slots.append(Slot(request: PendingRequest(method: rejection.method, target: rejection.target, keepAlive: false,
                                                  isHead: false, minorVersion: 1, receivedAt: now),
                          response: ResponseEncoder.response(for: rejection)))
    }

    private mutating func close() -> Action {
        state = .closed
        slots = []
        return .close
    }
}
