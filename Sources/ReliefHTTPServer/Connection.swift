/// One client connection's I/O: reads bytes, parses request heads and takes the bodies behind them,
/// hands each request to the handler, and encodes and writes the responses, reporting each to the
/// access log once it is handed to the kernel whole. What happens when — one request at a time, what
/// to read, timeouts, closing, cancelling — is decided by its ``ConnectionStateMachine``, which this
/// class feeds with events and obeys; it keeps no state of the connection besides the machine, only
/// the bytes in and out.
///
/// Used only on its event loop's thread; handlers' completions from other threads are sent there
/// first. That confinement is why it may be captured by those completions (`@unchecked Sendable`).
/// Its bytes come and go through its loop's transport.
///
/// Its mutable properties are `@exclusivity(unchecked)`: only the loop's thread reaches them, and no
/// method holds one across a call that could reach it again (each is read or changed and let go),
/// so the run-time exclusivity checks — some thirty a request, with those of ``EventLoop``, about a
/// tenth of a cached answer's instructions — guard nothing.
final class Connection<Transport: EventLoopTransport>: @unchecked Sendable {
    let socket: Transport.Socket
    /// This connection's key in its loop's readiness events.
    let token: UInt64
    /// Unowned and unchecked: the loop owns its connections and outlives them, so every request's
    /// many uses of it need not check that it still exists.
    private unowned(unsafe) let loop: EventLoop<Transport>
    /// The peer's numeric address for the logs; empty when no log asks for it.
    let remoteAddress: String
    /// The address counted against the per-address limit, released when the connection closes.
    let countedAddress: ClientAddress?

    @exclusivity(unchecked) private var machine: ConnectionStateMachine
    @exclusivity(unchecked) private var input: [UInt8] = []
    /// Bytes at the front of `input` that belong to requests already taken; dropped once the parser
    /// or a body needs more, so a burst of pipelined requests is not shifted once per request.
    @exclusivity(unchecked) private var takenBytes = 0
    @exclusivity(unchecked) private var parser: RequestHeadParser
    @exclusivity(unchecked) private var output = OutboundQueue()
    /// The access-log entry of the response in the output queue and when its request was read; the
    /// entry is reported once the response's last byte is handed to the kernel. Not pending when
    /// there is no access log. Kept in place rather than optional, so that reporting it neither
    /// copies nor destroys an optional entry (each through the runtime's generic value witnesses).
    @exclusivity(unchecked) private var undelivered = UndeliveredResponse()

    /// The standing under which the loop queues this connection for eviction; maintained by the loop.
    @exclusivity(unchecked) var queuedStanding = ConnectionStateMachine.Standing.busy
    /// When the connection entered `queuedStanding`, in monotonic nanoseconds.
    @exclusivity(unchecked) var standingSince: UInt64 = 0
    /// Neighbours in the loop's eviction queue of `queuedStanding`.
    @exclusivity(unchecked) var evictionLinks: (previous: Connection<Transport>?, next: Connection<Transport>?) = (nil, nil)

    /// Past this, a connection gives its input buffer's memory back once it is empty.
    private static var retainedInputCapacity: Int { 64 * 1024 }

    init(_ accepted: AcceptedConnection<Transport.Socket>, token: UInt64, loop: EventLoop<Transport>) {
        socket = accepted.socket
        self.token = token
        self.loop = loop
        remoteAddress = accepted.remoteAddress
        countedAddress = accepted.countedAddress
        parser = RequestHeadParser(limits: loop.headLimits)
        machine = ConnectionStateMachine(limits: loop.connectionLimits, now: loop.now)
    }

    // MARK: Events

    /// How much the connection gives the server now, for eviction.
    var standing: ConnectionStateMachine.Standing { machine.standing }

    /// Reacts to the readiness bits the transport reported for this socket.
    func handle(events: UInt32) {
        if events & Epoll.error != 0 {
            perform(machine.abort(.clientGone))
            return
        }
        if events & Epoll.peerHalfClosed != 0 {
            perform(machine.peerEndReported(now: loop.now, unreadBytes: unreadBytes))
        }
        if events & (Epoll.readable | Epoll.hangUp) != 0 {
            switch machine.reading {
            case .forRequests:
                receive()
            case .discarded:
                discardInput()
            case .paused:
                // Not reading, the socket reports a hang-up only: the client is gone.
                if events & Epoll.hangUp != 0 { perform(machine.abort(.clientGone)) }
            }
        }
        if events & Epoll.writable != 0 {
            perform(machine.writable(now: loop.now))
        }
    }

    /// A handler's answer to request `serial`, on the loop's thread.
    func complete(_ serial: UInt64, with response: HTTPResponse) {
        guard let action = machine.responseReady(response, for: serial, now: loop.now) else {
            loop.configuration.errorLog("A handler completed a request more than once; the extra response was dropped.")
            return
        }
        perform(action)
    }

    /// Shutdown has begun: a connection waiting for a request closes now, a busy one after its response.
    func drain() {
        perform(machine.drain(now: loop.now))
    }

    /// Shutdown's grace period is over: a request the handler still owes is cancelled and answered 503.
    func endGracePeriod() {
        perform(machine.gracePeriodEnded(now: loop.now))
    }

    /// Applies whichever timeout the connection is under.
    func checkTimers() {
        perform(machine.timerFired(now: loop.now, unacknowledgedBytes: unacknowledgedBytes))
    }

    /// Closes the socket now, dropping whatever is unsent; a request still owed its answer is
    /// reported unanswered for `reason`. Safe to call more than once.
    func close(because reason: DropLogEntry.Reason) {
        perform(machine.abort(reason))
    }

    // MARK: Actions

    /// Carries out `action` and whatever the state machine asks for after it, until it waits.
    private func perform(_ action: ConnectionStateMachine.Action) {
        var action = action
        while true {
            switch action {
            case .parse:
                action = parseInput()
            case let .takeBody(byteCount):
                action = takeBody(byteCount)
            case .sendContinue:
                output.append(ResponseEncoder.continueResponse)
                action = writeOutput()
            case .write:
                action = writeOutput()
            case let .wait(readable, writable, watchesPeerEnd):
                loop.setInterest(
                    (readable ? Epoll.readable : 0) | (writable ? Epoll.writable : 0)
                        | (watchesPeerEnd ? Epoll.peerHalfClosed : 0),
                    for: self)
                loop.standingMayHaveChanged(self)
                return
            case .linger:
                loop.transport.shutdownWrites(socket)
                dropInput()
                output.removeAll()
                action = machine.nextAction(now: loop.now)
            case let .close(unanswered):
                dropInput()
                output.removeAll()
                undelivered = UndeliveredResponse()
                // Uncounted first: a client that sees the close finds the connection gone from the counts.
                loop.connectionDidClose(self, unanswered: unanswered)
                loop.transport.close(socket)
                return
            case .none:
                return
            }
        }
    }

    private func receive() {
        switch receiveIntoLoopBuffer() {
        case .done(0):
            perform(machine.peerClosed(now: loop.now))
        case let .done(count):
            input.append(contentsOf: UnsafeRawBufferPointer(rebasing: loop.receiveBuffer[..<count]))
            perform(machine.received(now: loop.now))
        case .wouldBlock:
            break
        case .failed:
            perform(machine.abort(.clientGone))
        }
    }

    /// While lingering: reads and forgets everything the peer sends, until it closes.
    private func discardInput() {
        while true {
            switch receiveIntoLoopBuffer() {
            case .done(0):
                perform(machine.peerClosed(now: loop.now))
                return
            case .done:
                continue
            case .wouldBlock:
                return
            case .failed:
                perform(machine.abort(.clientGone))
                return
            }
        }
    }

    private func receiveIntoLoopBuffer() -> SystemCallResult {
        loop.transport.receive(from: socket, into: loop.receiveBuffer)
    }

    /// Parses the next request head from the input and hands its request to the handler, or, when it
    /// announces a body, tells the machine, which has the body taken (``takeBody(_:)``).
    private func parseInput() -> ConnectionStateMachine.Action {
        let step = input.withUnsafeBufferPointer { parser.parse(UnsafeBufferPointer(rebasing: $0[takenBytes...])) }
        // Consumed, so that the head is moved out of it rather than copied.
        switch consume step {
        case .needMore:
            dropTakenInput()
            return machine.headIncomplete(now: loop.now)
        case let .complete(head, consumed):
            parser.reset()
            takenBytes += consumed
            if takenBytes == input.count { dropInput() }
            if head.bodyLength > 0 { return machine.bodyAnnounced(by: head, inputRemains: !input.isEmpty, now: loop.now) }
            let serial = machine.headParsed(head, inputRemains: !input.isEmpty, now: loop.now)
            dispatch(head.request, serial: serial)
            return machine.handedOver(now: loop.now)
        case let .rejected(rejection):
            parser.reset()
            dropInput()
            return machine.headRejected(rejection, now: loop.now)
        }
    }

    /// Takes the body, the first `byteCount` bytes of the input not yet taken, and hands its request to
    /// the handler, if it has all arrived.
    private func takeBody(_ byteCount: Int) -> ConnectionStateMachine.Action {
        guard input.count - takenBytes >= byteCount else {
            dropTakenInput()
            return machine.bodyIncomplete(now: loop.now)
        }
        let body = Array(input[takenBytes..<(takenBytes + byteCount)])
        takenBytes += byteCount
        if takenBytes == input.count { dropInput() }
        let (request, serial) = machine.bodyReceived(body, inputRemains: !input.isEmpty, now: loop.now)
        dispatch(request, serial: serial)
        return machine.handedOver(now: loop.now)
    }

    /// Asks the handler for the response to request `serial`.
    private func dispatch(_ request: HTTPRequest, serial: UInt64) {
        let loop = self.loop
        loop.handler.respond(to: request) { [self] response in
            if loop.isCurrentThread {
                complete(serial, with: response)
            } else {
                loop.execute { self.complete(serial, with: response) }
            }
        }
    }

    /// Encodes the response if it was just released, sends what the socket takes, and reports the
    /// response to the access log once its last byte is out.
    private func writeOutput() -> ConnectionStateMachine.Action {
        if let next = machine.nextResponse(now: loop.now) { enqueue(next) }
        let sent: Int
        switch loop.transport.send(&output, to: socket) {
        case let .done(count):
            sent = count
        case .wouldBlock:
            sent = 0
        case .failed:
            return machine.abort(.clientGone)
        }
        if output.isEmpty, undelivered.isPending, let accessLog = loop.configuration.accessLog {
            undelivered.isPending = false
            undelivered.entry.duration = .nanoseconds(Int64(clamping: loop.transport.now() &- undelivered.receivedAt))
            accessLog(undelivered.entry)
        }
        return machine.sent(sent, remaining: output.byteCount, now: loop.now)
    }

    /// Encodes one response into the output queue, keeping its access-log entry until it is delivered.
    private func enqueue(_ outgoing: ConnectionStateMachine.OutgoingResponse) {
        let request = outgoing.request
        if let problem = outgoing.replacedBecause {
            loop.configuration.errorLog(
                "Refused to send the response to \(LogText.escaped(request.method)) "
                    + "\(LogText.escaped(request.target)): \(problem); sent 500 instead.")
        }
        let closing = outgoing.closesConnection
        let encoded = loop.encoder.encode(
            outgoing.response, omitBody: request.isHead, closing: closing,
            announceKeepAlive: !closing && request.minorVersion == 0)
        output.append(encoded.head)
        output.append(encoded.body)
        if loop.configuration.accessLog != nil {
            undelivered = UndeliveredResponse(
                entry: AccessLogEntry(
                    method: request.method, target: request.target, status: encoded.status,
                    bodyBytes: encoded.bodyBytes, duration: .zero,
                    remoteAddress: remoteAddress, note: outgoing.response.logNote),
                receivedAt: request.receivedAt, isPending: true)
        }
    }

    /// Drops the input's bytes already taken, before waiting for more.
    private func dropTakenInput() {
        guard takenBytes > 0 else { return }
        input.removeSubrange(..<takenBytes)
        takenBytes = 0
    }

    /// Empties the input, keeping a modest buffer's memory for the next request.
    private func dropInput() {
        input.removeAll(keepingCapacity: input.capacity <= Self.retainedInputCapacity)
        takenBytes = 0
    }

    /// Bytes handed to the kernel that the client has not acknowledged yet, or nil if the kernel
    /// cannot say.
    private func unacknowledgedBytes() -> Int? {
        loop.transport.unacknowledgedByteCount(of: socket)
    }

    /// Bytes the client sent that were not received yet, or nil if the kernel cannot say.
    private func unreadBytes() -> Int? {
        loop.transport.unreadByteCount(of: socket)
    }
}

/// A response in a connection's output queue, whose access-log entry waits for its last byte to
/// be handed to the kernel.
private struct UndeliveredResponse {
    var entry = AccessLogEntry(method: "", target: "", status: 0, bodyBytes: 0, duration: .zero, remoteAddress: "")
    /// When its request was read whole, in monotonic nanoseconds.
    var receivedAt: UInt64 = 0
    /// The entry is still to be reported: false once it was, and when there is none.
    var isPending = false
}
