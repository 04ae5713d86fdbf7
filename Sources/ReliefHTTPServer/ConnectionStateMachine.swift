/// The life of one connection as a value: told what happened (bytes arrived, a head was parsed or
/// refused, the handler answered, bytes were sent, the socket has room, the peer stopped sending, a
/// timer tick, shutdown began or its grace period ended) and when, it says what to do next.
///
/// It performs no I/O and reads no clock — `now` is always passed in, in monotonic nanoseconds — so
/// the rules of a connection are tested without sockets: one request at a time, keep-alive, the
/// header-read, idle, write and lingering timeouts, lingering close, draining, and which request
/// went unanswered and why.
///
/// Requests are taken one after another: the next head is parsed (and the socket read) only once
/// the previous response has been handed to the kernel whole. So a connection has at most one
/// request in the handler and one response in memory, and a client that does not read its answers
/// stops being read itself: TCP's backpressure reaches the handler. ``Connection`` feeds the
/// machine events from the socket and performs the actions it returns.
struct ConnectionStateMachine {
    /// What the connection does next.
    enum Action: Equatable {
        /// Parse the buffered input; report the outcome with ``headParsed(_:inputRemains:now:)``,
        /// ``headIncomplete(now:)`` or ``headRejected(_:now:)``.
        case parse
        /// Encode the response ``nextResponse(now:)`` releases, if any, and send the queued bytes;
        /// report with ``sent(_:remaining:now:)``.
        case write
        /// Nothing to do until the socket is readable or writable, as given (the epoll interest).
        case wait(readable: Bool, writable: Bool)
        /// The last response is out: shut down the write side, drop the buffers, and read and
        /// discard what the peer still sends (reporting its end with ``peerClosed(now:)``), so that
        /// unread input does not make the kernel reset the connection under the response.
        case linger
        /// Close the descriptor now, dropping whatever is unsent. `unanswered` is the request whose
        /// response will never be handed to the kernel whole, and why; nil when none was owed.
        case close(unanswered: UnansweredRequest?)
        /// The connection is closed; nothing is left to do.
        case none
    }

    /// A request the connection closes without having answered it completely.
    struct UnansweredRequest: Equatable {
        /// The request, as the connection kept it.
        var request: PendingRequest
        /// Why its answer never went out whole.
        var reason: DropLogEntry.Reason
    }

    /// The response released for sending.
    struct OutgoingResponse {
        var request: PendingRequest
        /// What to send: the handler's response, or a 500 when that could not be sent safely.
        var response: HTTPResponse
        /// Why the handler's response was replaced, for the error log; nil when it was not.
        var replacedBecause: String?
        /// The connection ends after this response (`Connection: close`).
        var closesConnection: Bool
    }

    /// How much a connection is giving the server right now, which decides whether it may be
    /// closed to make room for a new one.
    enum Standing: Equatable {
        /// Waiting for a request with nothing of one received: between keep-alive requests, or new.
        case idle
        /// Part of a request head has arrived.
        case incompleteHead
        /// A request is being answered, or the connection is closing anyway.
        case busy
    }

    private enum State: Equatable {
        /// Reading a request, or answering the one read.
        case open
        /// The write side is shut; what the peer sends is discarded until it closes or `until`.
        case lingering(until: UInt64)
        case closed
    }

    private let limits: Limits
    private var state = State.open
    /// The request being answered: its head was parsed (or refused) and its response is not yet
    /// handed to the kernel whole. Nil while a head is awaited.
    private var current: PendingRequest?
    /// The serial under which `current` went to the handler; a connection's requests count from 1.
    private var currentSerial: UInt64 = 0
    /// The handler has not answered `current` yet.
    private var awaitsHandler = false
    /// A request answered `503` when the shutdown grace period ended; its handler may still answer.
    private var supersededSerial: UInt64?
    /// The answer to `current`, not yet released to be encoded.
    private var response: HTTPResponse?
    /// The response's bytes wait in the output queue.
    private var isResponseQueued = false
    /// The last send left bytes behind: nothing more is sent until the socket has room.
    private var waitsForRoom = false
    /// No request is read after `current`: it asked to close, was refused, or shutdown began.
    private var lastRequestRead = false
    /// Input arrived that the parser has not looked at yet.
    private var hasUnparsedInput = false
    /// When the head being read began to be read; nil while no input is buffered.
    private var headStartedAt: UInt64?
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

    /// Whether the handler holds a request it has not answered yet.
    var isAwaitingHandler: Bool {
        state == .open && awaitsHandler
    }

    /// Whether the connection could be closed to make room, and how much it would lose.
    var standing: Standing {
        guard state == .open, current == nil, !lastRequestRead else { return .busy }
        return headStartedAt == nil ? .idle : .incompleteHead
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
        if !keepAlive { lastRequestRead = true }
        current = PendingRequest(method: request.method, target: request.target, keepAlive: keepAlive,
                                 isHead: request.method == "HEAD", minorVersion: request.minorVersion, receivedAt: now)
        currentSerial += 1
        awaitsHandler = true
        // Input behind this head is looked at, and its header time counted, once this is answered.
        headStartedAt = nil
        hasUnparsedInput = inputRemains
        return currentSerial
    }

    /// The input holds no complete head yet.
    mutating func headIncomplete(now: UInt64) -> Action {
        hasUnparsedInput = false
        return nextAction(now: now)
    }

    /// The head is unacceptable and the input was dropped: the server answers with the rejection,
    /// then closes.
    mutating func headRejected(_ rejection: RequestRejection, now: UInt64) -> Action {
        refuse(rejection, now: now)
        return nextAction(now: now)
    }

    // MARK: Writing

    /// The handler answered request `serial`. Returns nil when that request has no answer
    /// outstanding: the handler answered twice, and this response is dropped.
    mutating func responseReady(_ response: HTTPResponse, for serial: UInt64, now: UInt64) -> Action? {
        // Once lingering or closed, answers still arriving are too late; one replaced by a 503 at
        // the end of the grace period is expected and ignored.
        guard state == .open else { return nextAction(now: now) }
        if serial == supersededSerial {
            supersededSerial = nil
            return nextAction(now: now)
        }
        guard awaitsHandler, serial == currentSerial else { return nil }
        awaitsHandler = false
        self.response = response
        return nextAction(now: now)
    }

    /// The response to encode and queue, if it is ready and the connection still sends. A response
    /// the encoder would refuse is replaced by a 500.
    mutating func nextResponse(now: UInt64) -> OutgoingResponse? {
        guard state == .open, let request = current, let response else { return nil }
        self.response = nil
        isResponseQueued = true
        lastWriteProgress = now
        let inspection = ResponseEncoder.inspect(response)
        let closesConnection = !request.keepAlive || inspection.asksToClose || isDraining
        if closesConnection { lastRequestRead = true }
        return OutgoingResponse(request: request, response: inspection.problem == nil ? response : ResponseEncoder.internalError,
                                replacedBecause: inspection.problem, closesConnection: closesConnection)
    }

    /// A send took `byteCount` bytes of the output queue and left `remaining` in it. With nothing
    /// remaining, the response is delivered to the kernel and the next request may be read.
    mutating func sent(_ byteCount: Int, remaining: Int, now: UInt64) -> Action {
        if byteCount > 0 { lastWriteProgress = now }
        if remaining > 0 {
            waitsForRoom = true
        } else if isResponseQueued {
            isResponseQueued = false
            current = nil
            hasServedRequest = true
            idleSince = now
            if hasUnparsedInput { headStartedAt = now }
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
        case .open:
            break
        }
        if isResponseQueued {
            if elapsed(since: lastWriteProgress) >= limits.writeTimeout { return close(unansweredBecause: .writeTimeout) }
        } else if current != nil {
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

    /// Shutdown has begun: a connection waiting for a request — idle, or with half a head — closes
    /// now; one answering a request closes after that response.
    mutating func drain(now: UInt64) -> Action {
        isDraining = true
        return nextAction(now: now)
    }

    /// Shutdown's grace period is over: a request the handler has still not answered is answered
    /// `503` with `Retry-After` and `Connection: close` instead (a late answer from the handler is
    /// ignored). A response already being written goes on.
    mutating func gracePeriodEnded(now: UInt64) -> Action {
        isDraining = true
        if state == .open, awaitsHandler {
            awaitsHandler = false
            supersededSerial = currentSerial
            response = ResponseEncoder.shuttingDown
        }
        return nextAction(now: now)
    }

    /// The connection must end now: the socket failed, the peer is gone, or shutdown is out of
    /// time; a request still owed an answer goes unanswered for `reason`.
    mutating func abort(_ reason: DropLogEntry.Reason) -> Action {
        state == .closed ? .none : close(unansweredBecause: reason)
    }

    // MARK: Deciding

    /// What to do next, given everything reported so far.
    mutating func nextAction(now: UInt64) -> Action {
        switch state {
        case .closed:
            return .none
        case .lingering:
            return .wait(readable: true, writable: false)
        case .open:
            break
        }
        guard current != nil else {
            if lastRequestRead {
                state = .lingering(until: MonotonicClock.deadline(now, after: limits.lingeringCloseTimeout))
                return .linger
            }
            if hasUnparsedInput { return .parse }
            // A half-received head does not hold a shutdown, nor a client that will send no more.
            if peerStoppedSending || isDraining { return close() }
            return .wait(readable: true, writable: false)
        }
        if waitsForRoom { return .wait(readable: false, writable: true) }
        if isResponseQueued || response != nil { return .write }
        // The handler is working; the socket is not read meanwhile.
        return .wait(readable: false, writable: false)
    }

    /// Answers with the server's own refusal; nothing is read after it.
    private mutating func refuse(_ rejection: RequestRejection, now: UInt64) {
        lastRequestRead = true
        hasUnparsedInput = false
        headStartedAt = nil
        awaitsHandler = false
        current = PendingRequest(method: rejection.method, target: rejection.target, keepAlive: false,
                                 isHead: false, minorVersion: 1, receivedAt: now)
        response = ResponseEncoder.response(for: rejection)
    }

    /// Closes; a request still owed its answer is reported unanswered for `reason`.
    private mutating func close(unansweredBecause reason: DropLogEntry.Reason? = nil) -> Action {
        let unanswered = current.flatMap { request in reason.map { UnansweredRequest(request: request, reason: $0) } }
        state = .closed
        current = nil
        response = nil
        return .close(unanswered: unanswered)
    }
}
