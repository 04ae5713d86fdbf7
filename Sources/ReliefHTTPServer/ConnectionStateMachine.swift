/// The life of one connection as a value: told what happened (bytes arrived, a head was parsed or
/// refused, a body arrived whole or not yet, the request was handed over, the handler answered, bytes
/// were sent, the socket has room, the peer stopped sending, a timer tick, shutdown began or its grace
/// period ended) and when, it says what to do next, which readiness to wait for, and when the
/// handler's request is cancelled.
///
/// It performs no I/O and reads no clock — `now` is always passed in, in monotonic nanoseconds — so
/// the rules of a connection are tested without sockets: one request at a time, keep-alive, bodies
/// and `100 Continue`, the header-read, idle, write and lingering timeouts, lingering close, draining,
/// and which request went unanswered and why.
///
/// Requests are taken one after another: the next head is parsed (and the socket read) only once
/// the previous response has been handed to the kernel whole. So a connection has at most one
/// request in the handler and one response in memory, and a client that does not read its answers
/// stops being read itself: TCP's backpressure reaches the handler. ``Connection`` feeds the
/// machine events from the socket and performs the actions it returns.
struct ConnectionStateMachine {
    /// What the connection does next.
    enum Action: Equatable {
        /// Parse the buffered input; report the outcome with ``headParsed(_:inputRemains:now:)`` (a
        /// head without a body), ``bodyAnnounced(by:inputRemains:now:)``, ``headIncomplete(now:)`` or
        /// ``headRejected(_:now:)``.
        case parse
        /// Take the request's body, the first `byteCount` bytes of the input left behind its head, if
        /// they have all arrived; report with ``bodyReceived(_:inputRemains:now:)`` or
        /// ``bodyIncomplete(now:)``.
        case takeBody(byteCount: Int)
        /// Queue `100 Continue`, which the client waits for before it sends its body, and send as for
        /// ``write``, reporting with ``sent(_:remaining:now:)``. What the socket does not take at once
        /// stays queued ahead of the response: the client sends its body anyway once it tires of
        /// waiting (RFC 9110 §10.1.1), so the socket is not watched for room meanwhile.
        case sendContinue
        /// Encode the response ``nextResponse(now:)`` releases, if any, and send the queued bytes;
        /// report with ``sent(_:remaining:now:)``.
        case write
        /// Nothing to do until the socket is readable or writable, as given (the epoll interest);
        /// `watchesPeerEnd` while the handler works and a FIN is the only sign the client left, which
        /// is reported with ``peerEndReported(now:unreadBytes:)``.
        case wait(readable: Bool, writable: Bool, watchesPeerEnd: Bool = false)
        /// The last response is out: shut down the write side, drop the buffers, and read and
        /// discard what the peer still sends (reporting its end with ``peerClosed(now:)``), so that
        /// unread input does not make the kernel reset the connection under the response.
        case linger
        /// Close the descriptor now, dropping whatever is unsent. `unanswered` is the request whose
        /// response will never be handed to the kernel whole, and why; nil when none was owed.
        case close(unanswered: UnansweredRequest?)
        /// Nothing to do: the connection is closed, or the handler answered while its request was being
        /// handed over, and ``handedOver(now:)`` says what follows.
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
        /// Part of a request has arrived: some of its head, or its head and not all of its body.
        case incompleteHead
        /// A request is being answered, or the connection is closing anyway.
        case busy
    }

    /// Where the connection is; each case holds what is true only there, so a combination the
    /// rules exclude (a response queued while a head is awaited, a lingering connection owing an
    /// answer) cannot be written down. A request being answered is four cases, not one with a
    /// field, so that asking which (every event does) copies nothing.
    private enum State {
        /// No request is being answered: the socket is read for the next head.
        case awaitingHead(AwaitingHead)
        /// A head announced a body, which the socket is read for.
        case awaitingBody(AwaitingBody)
        /// The request is being handed to the handler, which may answer before that call returns.
        case handingOver(Answering)
        /// A request was read and handed over; the handler has not answered it yet.
        case awaitingHandler(Answering)
        /// The answer, not yet released to be encoded. `lateAnswerExpected` when it is the shutdown's
        /// `503` standing in for the handler's, whose answer may still come and is then ignored.
        case responseReady(Answering, HTTPResponse, lateAnswerExpected: Bool)
        /// The answer's bytes wait in the output queue.
        case sending(Answering, Sending)
        /// The write side is shut; what the peer sends is discarded until it closes or `until`.
        case lingering(until: UInt64)
        case closed
        /// Only while a transition runs: the state it took out (``takeState()``), which it must replace
        /// before it returns. Seen anywhere else, a transition forgot to store the next state.
        case modifying
    }

    /// Between requests: what has arrived of the next head, and what the connection has been told.
    private struct AwaitingHead {
        var head: HeadProgress
        var peer: PeerSending
        /// A response went out before: the idle timeout is keep-alive's, not the header read's.
        var hasServedRequest: Bool
    }

    /// A head read whose body has not arrived whole yet.
    private struct AwaitingBody {
        /// The head, its request's body still empty.
        var head: RequestHead
        /// When the head started to be read: the head and its body share the header-read timeout, so a
        /// client that sends either slowly holds the connection no longer than one that sends a slow head.
        var since: UInt64
        /// Input arrived that was not looked at for the body yet.
        var unexamined: Bool
        var peer: PeerSending
    }

    /// How far the peer's sending side is known to be over.
    private enum PeerSending {
        case open
        /// A FIN was reported while the handler worked; bytes sent before it may still be unread.
        case endReported
        /// A read returned 0: everything the peer sent has been received.
        case ended
    }

    private enum HeadProgress {
        /// Nothing of a head has arrived; idle since `since`. `unacknowledged` is what the kernel still
        /// held of the last response at the last timer tick, unchanged since its `since`.
        case idle(since: UInt64, unacknowledged: (bytes: Int, since: UInt64)?)
        /// Part of a head arrived, the first of it at `since`; `unparsed` when the parser has not
        /// looked at the latest bytes yet.
        case partial(since: UInt64, unparsed: Bool)
    }

    /// A request being answered (or refused).
    private struct Answering {
        /// The request, as the connection keeps it for encoding and the logs.
        var request: PendingRequest
        /// The serial under which `request` went to the handler; 0 for the server's own refusal.
        var serial: UInt64
        /// No request is read after this one: it asked to close, was refused, or its answer closes.
        var isLast: Bool
        /// Input arrived behind this request's head; it is parsed once this answer is out.
        var inputRemains: Bool
        var peer: PeerSending
        /// What tells the handler its client is gone; nil for the server's own refusal.
        var cancellation: RequestCancellation?
    }

    /// An answer in the output queue.
    private struct Sending {
        /// When its bytes last moved.
        var lastProgress: UInt64
        /// The last send left bytes behind: nothing more is sent until the socket has room.
        var waitsForRoom: Bool
        /// The handler's answer may still come after the shutdown's `503` (see ``State/responseReady``).
        var lateAnswerExpected: Bool
    }

    private let limits: Limits
    private var state: State
    /// The serial of the last request handed to the handler; a connection's requests count from 1.
    private var lastSerial: UInt64 = 0
    /// Shutdown has begun, in whichever state: no request is read after the one being answered (a head
    /// already buffered is still answered), every response says `Connection: close`, and a connection
    /// waiting for a request closes. Once set, it stays set.
    private var isDraining = false

    init(limits: Limits, now: UInt64) {
        self.limits = limits
        state = .awaitingHead(
            AwaitingHead(
                head: .idle(since: now, unacknowledged: nil),
                peer: .open, hasServedRequest: false))
    }

    /// What becomes of the bytes the socket has to read.
    enum Reading: Equatable {
        /// They are received into the input, for the next head or the body behind it (``received(now:)``).
        case forRequests
        /// They are read and forgotten: the connection is lingering.
        case discarded
        /// The socket is not read: a request is being answered.
        case paused
    }

    /// Whether the socket is read now, and what for.
    var reading: Reading {
        switch state {
        case .awaitingHead, .awaitingBody: .forRequests
        case .lingering: .discarded
        case .handingOver, .awaitingHandler, .responseReady, .sending, .closed: .paused
        case .modifying: Self.stateLeftModifying()
        }
    }

    /// Whether the connection could be closed to make room, and how much it would lose.
    var standing: Standing {
        switch state {
        case let .awaitingHead(awaiting):
            if case .idle = awaiting.head { .idle } else { .incompleteHead }
        case .awaitingBody:
            .incompleteHead
        case .handingOver, .awaitingHandler, .responseReady, .sending, .lingering, .closed:
            .busy
        case .modifying:
            Self.stateLeftModifying()
        }
    }

    // MARK: Reading

    /// Bytes arrived and were added to the input.
    mutating func received(now: UInt64) -> Action {
        switch takeState() {
        case var .awaitingHead(awaiting):
            switch awaiting.head {
            case .idle: awaiting.head = .partial(since: now, unparsed: true)
            case let .partial(since, _): awaiting.head = .partial(since: since, unparsed: true)
            }
            state = .awaitingHead(awaiting)
        case var .awaitingBody(waiting):
            waiting.unexamined = true
            state = .awaitingBody(waiting)
        case let other:
            state = other
            updateAnswering { $0.inputRemains = true }
        }
        return nextAction(now: now)
    }

    /// The peer will send nothing more (a read returned 0).
    mutating func peerClosed(now: UInt64) -> Action {
        switch state {
        case var .awaitingHead(awaiting):
            awaiting.peer = .ended
            state = .awaitingHead(awaiting)
        case var .awaitingBody(waiting):
            waiting.peer = .ended
            awaitBody(waiting, now: now)
        case .lingering:
            return close()
        case .handingOver, .awaitingHandler, .responseReady, .sending, .closed:
            updateAnswering { $0.peer = .ended }
        case .modifying:
            Self.stateLeftModifying()
        }
        return nextAction(now: now)
    }

    /// The peer's FIN was reported (epoll's `EPOLLRDHUP`) while the handler holds its request, which
    /// it is then not asked for again. With nothing of the client's left unread — `unreadBytes` asks
    /// the kernel, nil if it cannot say — the client has asked for nothing more and may well be gone,
    /// so the request is cancelled; with requests pipelined behind, it is waiting for their answers.
    /// Either way a client that closed shows itself by a reset once the answer is written.
    mutating func peerEndReported(now: UInt64, unreadBytes: () -> Int?) -> Action {
        guard case var .awaitingHandler(answering) = state, answering.peer == .open else { return nextAction(now: now) }
        answering.peer = .endReported
        if !answering.inputRemains, unreadBytes() == 0 { answering.cancellation?.cancel() }
        state = .awaitingHandler(answering)
        return nextAction(now: now)
    }

    /// A complete head without a body was parsed and its bytes taken from the input. Returns the
    /// serial under which the caller hands the request to the handler; then it reports
    /// ``handedOver(now:)``, since the handler may have answered at once. Only after ``Action/parse``.
    mutating func headParsed(_ head: RequestHead, inputRemains: Bool, now: UInt64) -> UInt64 {
        guard case let .awaitingHead(awaiting) = state else { preconditionFailure("a head parsed while none was awaited") }
        return beginAnswering(
            head.request, keepAlive: head.keepAlive, inputRemains: inputRemains,
            peer: awaiting.peer, now: now)
    }

    /// A complete head announcing a body (``RequestHead/bodyLength``) was parsed and its bytes taken
    /// from the input; `inputRemains` when some of the body may be behind it. Only after ``Action/parse``.
    mutating func bodyAnnounced(by head: RequestHead, inputRemains: Bool, now: UInt64) -> Action {
        guard case let .awaitingHead(awaiting) = state else { preconditionFailure("a head parsed while none was awaited") }
        let since: UInt64 = if case let .partial(since, _) = awaiting.head { since } else { now }
        awaitBody(
            AwaitingBody(
                head: head, since: since, unexamined: inputRemains, peer: awaiting.peer),
            now: now)
        let action = nextAction(now: now)
        // A client waiting for `100 Continue` is told to go on when the body is simply awaited; not when
        // bytes behind the head show it did not wait (RFC 9110 §10.1.1), nor when it is refused or closed.
        return head.waitsForContinue && action == .wait(readable: true, writable: false) ? .sendContinue : action
    }

    /// The body arrived whole and was taken from the input: returns its request, body and all, and the
    /// serial under which the caller hands it to the handler; then it reports ``handedOver(now:)``.
    /// Only after ``Action/takeBody(byteCount:)``.
    mutating func bodyReceived(_ body: [UInt8], inputRemains: Bool, now: UInt64) -> (request: HTTPRequest, serial: UInt64) {
        guard case let .awaitingBody(waiting) = takeState() else { preconditionFailure("a body taken while none was awaited") }
        var request = waiting.head.request
        request.body = body
        let serial = beginAnswering(
            request, keepAlive: waiting.head.keepAlive, inputRemains: inputRemains,
            peer: waiting.peer, now: now)
        return (request, serial)
    }

    /// Not all of the body has arrived yet. Only after ``Action/takeBody(byteCount:)``.
    mutating func bodyIncomplete(now: UInt64) -> Action {
        if case var .awaitingBody(waiting) = state {
            waiting.unexamined = false
            awaitBody(waiting, now: now)
        }
        return nextAction(now: now)
    }

    /// The call handing the request to the handler returned; it may have answered meanwhile.
    mutating func handedOver(now: UInt64) -> Action {
        switch takeState() {
        case let .handingOver(answering): state = .awaitingHandler(answering)
        case let answeredMeanwhile: state = answeredMeanwhile
        }
        return nextAction(now: now)
    }

    /// The input holds no complete head yet.
    mutating func headIncomplete(now: UInt64) -> Action {
        if case var .awaitingHead(awaiting) = state, case let .partial(since, _) = awaiting.head {
            awaiting.head = .partial(since: since, unparsed: false)
            state = .awaitingHead(awaiting)
        }
        return nextAction(now: now)
    }

    /// The head is unacceptable and the input was dropped: the server answers with the rejection,
    /// then closes. Only after ``Action/parse``.
    mutating func headRejected(_ rejection: RequestRejection, now: UInt64) -> Action {
        guard case let .awaitingHead(awaiting) = state else { preconditionFailure("a head refused while none was awaited") }
        refuse(rejection, peer: awaiting.peer, now: now)
        return nextAction(now: now)
    }

    // MARK: Writing

    /// The handler answered request `serial`. Returns nil when that request has no answer
    /// outstanding: the handler answered twice, and this response is dropped.
    mutating func responseReady(_ response: HTTPResponse, for serial: UInt64, now: UInt64) -> Action? {
        switch takeState() {
        case let .handingOver(answering) where serial == answering.serial:
            // The hand-over goes on with this answer, at ``handedOver(now:)``.
            state = .responseReady(answering, response, lateAnswerExpected: false)
            return Action.none
        case let .awaitingHandler(answering) where serial == answering.serial:
            state = .responseReady(answering, response, lateAnswerExpected: false)
        case let .responseReady(answering, standIn, lateAnswerExpected: true) where serial == answering.serial:
            state = .responseReady(answering, standIn, lateAnswerExpected: false)
        case .sending(let answering, var sending) where serial == answering.serial && sending.lateAnswerExpected:
            sending.lateAnswerExpected = false
            state = .sending(answering, sending)
        case let .lingering(until):
            // Answers arriving now are too late: the connection no longer sends.
            state = .lingering(until: until)
        case .closed:
            state = .closed
        case let other:
            // Between requests, or answered already: nothing was owed.
            state = other
            return nil
        }
        return nextAction(now: now)
    }

    /// The response to encode and queue, if it is ready and the connection still sends. A response
    /// the encoder would refuse is replaced by a 500.
    mutating func nextResponse(now: UInt64) -> OutgoingResponse? {
        guard case .responseReady = state else { return nil }
        guard case .responseReady(var answering, let response, let lateAnswerExpected) = takeState() else {
            preconditionFailure("the state changed while it was looked at")
        }
        let inspection = ResponseEncoder.inspect(response)
        let closesConnection = answering.isLast || response.closesConnection || inspection.asksToClose || isDraining
        answering.isLast = closesConnection
        state = .sending(answering, Sending(lastProgress: now, waitsForRoom: false, lateAnswerExpected: lateAnswerExpected))
        return OutgoingResponse(
            request: answering.request,
            response: inspection.problem == nil ? response : ResponseEncoder.internalError,
            replacedBecause: inspection.problem, closesConnection: closesConnection)
    }

    /// A send took `byteCount` bytes of the output queue and left `remaining` in it. With nothing
    /// remaining, the response is delivered to the kernel and the next request may be read. After
    /// ``Action/sendContinue``, the body is awaited whether or not all of `100 Continue` went.
    mutating func sent(_ byteCount: Int, remaining: Int, now: UInt64) -> Action {
        guard case .sending = state else { return nextAction(now: now) }
        guard case .sending(let answering, var sending) = takeState() else {
            preconditionFailure("the state changed while it was looked at")
        }
        if remaining > 0 {
            if byteCount > 0 { sending.lastProgress = now }
            sending.waitsForRoom = true
            state = .sending(answering, sending)
            return nextAction(now: now)
        }
        if answering.isLast {
            state = .lingering(until: MonotonicClock.deadline(now, after: limits.lingeringCloseTimeout))
            return .linger
        }
        let head: HeadProgress =
            answering.inputRemains ? .partial(since: now, unparsed: true) : .idle(since: now, unacknowledged: nil)
        state = .awaitingHead(
            AwaitingHead(head: head, peer: answering.peer, hasServedRequest: true))
        return nextAction(now: now)
    }

    /// The socket has room for more bytes.
    mutating func writable(now: UInt64) -> Action {
        if case .sending(let answering, var sending) = state {
            sending.waitsForRoom = false
            state = .sending(answering, sending)
        }
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
        case .modifying:
            Self.stateLeftModifying()
        case let .lingering(until):
            return now >= until ? close() : nextAction(now: now)
        case let .awaitingBody(waiting):
            if elapsed(since: waiting.since) >= limits.headerReadTimeout {
                var rejection = RequestRejection.bodyTimedOut(after: .nanoseconds(Int64(clamping: limits.headerReadTimeout)))
                rejection.method = waiting.head.request.method
                rejection.target = waiting.head.request.target
                refuse(rejection, peer: waiting.peer, now: now)
            }
        case .handingOver, .awaitingHandler, .responseReady:
            // The handler is working, or its answer about to be sent: its time is its own business.
            break
        case let .sending(_, sending):
            if elapsed(since: sending.lastProgress) >= limits.writeTimeout { return close(unansweredBecause: .writeTimeout) }
        case var .awaitingHead(awaiting):
            switch awaiting.head {
            case let .partial(since, _):
                if elapsed(since: since) >= limits.headerReadTimeout {
                    refuse(
                        .headTimedOut(after: .nanoseconds(Int64(clamping: limits.headerReadTimeout))),
                        peer: awaiting.peer, now: now)
                }
            case let .idle(since, unacknowledged):
                if let bytes = unacknowledgedBytes(), bytes > 0 {
                    // The kernel still holds response bytes the client has not taken: the connection is
                    // writing, not idle, so it is timed like a write and its idle time starts afterwards.
                    let stalledSince = bytes == unacknowledged?.bytes ? unacknowledged?.since ?? now : now
                    if elapsed(since: stalledSince) >= limits.writeTimeout { return close() }
                    awaiting.head = .idle(since: now, unacknowledged: (bytes, stalledSince))
                    state = .awaitingHead(awaiting)
                } else {
                    if unacknowledged != nil {
                        awaiting.head = .idle(since: since, unacknowledged: nil)
                        state = .awaitingHead(awaiting)
                    }
                    let limit = awaiting.hasServedRequest ? limits.keepAliveIdleTimeout : limits.headerReadTimeout
                    if elapsed(since: since) >= limit { return close() }
                }
            }
        }
        return nextAction(now: now)
    }

    /// Shutdown has begun: a connection waiting for a request — idle, with half a head, or with half a
    /// body — closes now; one answering a request closes after that response.
    mutating func drain(now: UInt64) -> Action {
        isDraining = true
        return nextAction(now: now)
    }

    /// Shutdown's grace period is over: a request the handler has still not answered is cancelled and
    /// answered `503` with `Retry-After` and `Connection: close` instead (a late answer from the
    /// handler is ignored). A response already being written goes on.
    mutating func gracePeriodEnded(now: UInt64) -> Action {
        guard case let .awaitingHandler(answering) = state else { return drain(now: now) }
        answering.cancellation?.cancel()
        isDraining = true
        state = .responseReady(answering, ResponseEncoder.shuttingDown, lateAnswerExpected: true)
        return nextAction(now: now)
    }

    /// The connection must end now: the socket failed, the peer is gone, or shutdown is out of
    /// time; a request still owed an answer goes unanswered for `reason`.
    mutating func abort(_ reason: DropLogEntry.Reason) -> Action {
        if case .closed = state { return .none }
        return close(unansweredBecause: reason)
    }

    // MARK: Deciding

    /// What to do next, given everything reported so far.
    mutating func nextAction(now: UInt64) -> Action {
        // Decided without changing the state, so that looking at it copies nothing; only a close changes it.
        let action = actionForState
        if case .close = action { return close() }
        return action
    }

    /// ``nextAction(now:)``'s answer, a close standing for "close now".
    private var actionForState: Action {
        switch state {
        case .closed:
            return .none
        case .modifying:
            Self.stateLeftModifying()
        case .lingering:
            return .wait(readable: true, writable: false)
        case let .awaitingHead(awaiting):
            if case .partial(_, unparsed: true) = awaiting.head { return .parse }
            // A half-received head does not hold a shutdown, nor a client that will send no more.
            if awaiting.peer == .ended || isDraining { return .close(unanswered: nil) }
            return .wait(readable: true, writable: false)
        case let .awaitingBody(waiting):
            if waiting.unexamined { return .takeBody(byteCount: waiting.head.bodyLength) }
            // Nor does half a body hold a shutdown. (A client that ended its side was answered 400.)
            if isDraining { return .close(unanswered: nil) }
            return .wait(readable: true, writable: false)
        case .handingOver:
            // The hand-over under way decides what follows, at ``handedOver(now:)``.
            return .none
        case let .awaitingHandler(answering):
            // The handler is working; the socket is not read meanwhile, so only a FIN can say the client left.
            return .wait(readable: false, writable: false, watchesPeerEnd: answering.peer == .open)
        case .responseReady:
            return .write
        case let .sending(_, sending):
            return sending.waitsForRoom ? .wait(readable: false, writable: true) : .write
        }
    }

    /// The state, moved out and ``State/modifying`` in its place until the caller stores the next:
    /// the payload then moves into the next state instead of being copied, its references counted.
    private mutating func takeState() -> State {
        var taken = State.modifying
        swap(&taken, &state)
        if case .modifying = taken { Self.stateLeftModifying() }
        return taken
    }

    /// Stops the process: the state is ``State/modifying`` outside a transition, so the last
    /// transition took the state out and never stored the next one — a bug in this type, which must
    /// not pass for a closed connection.
    private static func stateLeftModifying() -> Never {
        preconditionFailure("ConnectionStateMachine: a transition took the state out and never stored the next one")
    }

    /// Changes the request being answered, in whichever of its four states it is.
    private mutating func updateAnswering(_ change: (inout Answering) -> Void) {
        switch takeState() {
        case var .handingOver(answering):
            change(&answering)
            state = .handingOver(answering)
        case var .awaitingHandler(answering):
            change(&answering)
            state = .awaitingHandler(answering)
        case .responseReady(var answering, let response, let lateAnswerExpected):
            change(&answering)
            state = .responseReady(answering, response, lateAnswerExpected: lateAnswerExpected)
        case .sending(var answering, let sending):
            change(&answering)
            state = .sending(answering, sending)
        case let other:
            state = other
        }
    }

    /// Hands `request` to the handler under the next serial, which it returns: the connection answers it
    /// before anything behind it is read. Input behind it is looked at, and its header time counted,
    /// once this is answered.
    private mutating func beginAnswering(
        _ request: HTTPRequest, keepAlive clientKeepsAlive: Bool, inputRemains: Bool, peer: PeerSending, now: UInt64
    ) -> UInt64 {
        let keepAlive = clientKeepsAlive && !isDraining
        lastSerial += 1
        state = .handingOver(
            Answering(
                request: PendingRequest(
                    method: request.method, target: request.target, keepAlive: keepAlive,
                    isHead: request.method == "HEAD", minorVersion: request.minorVersion, receivedAt: now),
                serial: lastSerial, isLast: !keepAlive, inputRemains: inputRemains,
                peer: peer, cancellation: request.cancellation))
        return lastSerial
    }

    /// Waits for the rest of the body, unless the client has ended its side with the body incomplete:
    /// then it can never come, and the client, which may still read, is told so.
    private mutating func awaitBody(_ waiting: AwaitingBody, now: UInt64) {
        if waiting.peer == .ended, !waiting.unexamined {
            var rejection = RequestRejection.bodyIncomplete(length: waiting.head.bodyLength)
            rejection.method = waiting.head.request.method
            rejection.target = waiting.head.request.target
            refuse(rejection, peer: waiting.peer, now: now)
        } else {
            state = .awaitingBody(waiting)
        }
    }

    /// Answers with the server's own refusal; nothing is read after it.
    private mutating func refuse(_ rejection: RequestRejection, peer: PeerSending, now: UInt64) {
        let answering = Answering(
            request: PendingRequest(
                method: rejection.method, target: rejection.target, keepAlive: false,
                isHead: false, minorVersion: 1, receivedAt: now),
            serial: 0, isLast: true, inputRemains: false, peer: peer, cancellation: nil)
        state = .responseReady(answering, ResponseEncoder.response(for: rejection), lateAnswerExpected: false)
    }

    /// Closes; a request still owed its answer is reported unanswered for `reason`, and cancelled.
    private mutating func close(unansweredBecause reason: DropLogEntry.Reason? = nil) -> Action {
        var unanswered: UnansweredRequest?
        switch state {
        case let .handingOver(answering), let .awaitingHandler(answering), let .responseReady(answering, _, _),
            let .sending(answering, _):
            if let reason {
                answering.cancellation?.cancel()
                unanswered = UnansweredRequest(request: answering.request, reason: reason)
            }
        case .awaitingHead, .awaitingBody, .lingering, .closed:
            break
        case .modifying:
            Self.stateLeftModifying()
        }
        state = .closed
        return .close(unanswered: unanswered)
    }
}
