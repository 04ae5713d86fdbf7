import Glibc

/// One client connection's I/O: reads bytes, parses request heads, hands each to the handler, and
/// encodes and writes the responses. What happens when — order, limits, timeouts, closing — is
/// decided by its ``ConnectionStateMachine``, which this class feeds with events and obeys.
///
/// Used only on its event loop's thread; handlers' completions from other threads are sent there
/// first. That confinement is why it may be captured by those completions (`@unchecked Sendable`).
final class Connection: @unchecked Sendable {
    let descriptor: Int32
    /// This connection's key in its loop's epoll events.
    let token: UInt64
    private unowned let loop: EventLoop
    private let remoteAddress: String

    private var machine: ConnectionStateMachine
    private var input: [UInt8] = []
    /// Bytes at the front of `input` that belong to heads already parsed; dropped once the parser
    /// needs more, so a burst of pipelined heads is not shifted once per head.
    private var parsedBytes = 0
    private var parser: RequestHeadParser
    private var output = OutboundQueue()
    private var interest = Epoll.readable
    /// Set while actions are performed: a handler that answers at once, from inside a step, leaves
    /// what follows to that step.
    private var isPerforming = false

    /// Past this, a connection gives its input buffer's memory back once it is empty.
    private static let retainedInputCapacity = 64 * 1024
    /// Ready responses are gathered up to about this many bytes before a `send`.
    private static let coalescingBytes = 64 * 1024

    init(descriptor: Int32, token: UInt64, loop: EventLoop, remoteAddress: String) {
        self.descriptor = descriptor
        self.token = token
        self.loop = loop
        self.remoteAddress = remoteAddress
        parser = RequestHeadParser(limits: loop.headLimits)
        machine = ConnectionStateMachine(limits: loop.connectionLimits, now: loop.now)
    }

    // MARK: Events

    /// Reacts to epoll's readiness bits for this descriptor.
    func handle(events: UInt32) {
        if events & Epoll.error != 0 {
            perform(machine.abort())
            return
        }
        if events & (Epoll.readable | Epoll.hangUp) != 0 {
            if machine.isLingering {
                discardInput()
            } else if interest & Epoll.readable != 0 {
                receive()
            } else if events & Epoll.hangUp != 0 {
                perform(machine.abort())
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
        if !isPerforming { perform(action) }
    }

    /// Shutdown has begun: an idle connection closes now, a busy one after its responses.
    func drain() {
        perform(machine.drain(now: loop.now))
    }

    /// Applies whichever timeout the connection is under.
    func checkTimers() {
        perform(machine.timerFired(now: loop.now, unacknowledgedBytes: unacknowledgedBytes))
    }

    /// Closes the descriptor now, dropping whatever is unsent. Safe to call more than once.
    func close() {
        perform(machine.abort())
    }

    // MARK: Actions

    /// Carries out `action` and whatever the state machine asks for after it, until it waits.
    private func perform(_ action: ConnectionStateMachine.Action) {
        isPerforming = true
        defer { isPerforming = false }
        var action = action
        while true {
            switch action {
            case .parse:
                action = parseInput()
            case .write:
                action = writeOutput()
            case let .wait(readable, writable):
                updateInterest((readable ? Epoll.readable : 0) | (writable ? Epoll.writable : 0))
                return
            case .linger:
                shutdown(descriptor, Int32(SHUT_WR))
                dropInput()
                output.removeAll()
                action = machine.nextAction(now: loop.now)
            case .close:
                Glibc.close(descriptor)
                dropInput()
                output.removeAll()
                loop.connectionDidClose(self)
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
            perform(machine.abort())
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
                perform(machine.abort())
                return
            }
        }
    }

    private func receiveIntoLoopBuffer() -> SystemCallResult {
        SystemCallResult { recv(descriptor, loop.receiveBuffer.baseAddress, loop.receiveBuffer.count, 0) }
    }

    /// Parses the next request head from the input and hands it to the handler.
    private func parseInput() -> ConnectionStateMachine.Action {
        let step = input.withUnsafeBufferPointer { parser.parse(UnsafeBufferPointer(rebasing: $0[parsedBytes...])) }
        switch step {
        case .needMore:
            if parsedBytes > 0 {
                input.removeSubrange(..<parsedBytes)
                parsedBytes = 0
            }
            return machine.headIncomplete(now: loop.now)
        case let .complete(head, consumed):
            parser.reset()
            parsedBytes += consumed
            if parsedBytes == input.count { dropInput() }
            let serial = machine.headParsed(head, inputRemains: !input.isEmpty, now: loop.now)
            dispatch(head.request, serial: serial)
            return machine.nextAction(now: loop.now)
        case let .rejected(rejection):
            parser.reset()
            dropInput()
            return machine.headRejected(rejection, now: loop.now)
        }
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

    /// Encodes the responses that are next in order and sends what the socket takes.
    private func writeOutput() -> ConnectionStateMachine.Action {
        while output.byteCount < Self.coalescingBytes, let next = machine.nextResponse(now: loop.now) {
            enqueue(next)
        }
        switch output.send(to: descriptor) {
        case let .done(count):
            return machine.sent(count, remaining: output.byteCount, now: loop.now)
        case .wouldBlock:
            return machine.sent(0, remaining: output.byteCount, now: loop.now)
        case .failed:
            return machine.abort()
        }
    }

    /// Encodes one response into the output queue and reports it to the logs.
    private func enqueue(_ outgoing: ConnectionStateMachine.OutgoingResponse) {
        let request = outgoing.request
        if let problem = outgoing.replacedBecause {
            loop.configuration.errorLog("Refused to send the response to \(LogText.escaped(request.method)) "
                + "\(LogText.escaped(request.target)): \(problem); sent 500 instead.")
        }
        let closing = outgoing.closesConnection
        let encoded = loop.encoder.encode(outgoing.response, omitBody: request.isHead, closing: closing,
                                          announceKeepAlive: !closing && request.minorVersion == 0)
        output.append(encoded.head)
        output.append(encoded.body)
        if let accessLog = loop.configuration.accessLog {
            let elapsed = MonotonicClock.now() &- request.receivedAt
            accessLog(AccessLogEntry(method: request.method, target: request.target, status: encoded.status,
                                     bodyBytes: encoded.bodyBytes, duration: .nanoseconds(Int64(clamping: elapsed)),
                                     remoteAddress: remoteAddress, note: outgoing.response.logNote))
        }
    }

    /// Empties the input, keeping a modest buffer's memory for the next request.
    private func dropInput() {
        input.removeAll(keepingCapacity: input.capacity <= Self.retainedInputCapacity)
        parsedBytes = 0
    }

    /// Bytes handed to the kernel that the client has not acknowledged yet, or nil if the kernel
    /// cannot say.
    private func unacknowledgedBytes() -> Int? {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(TIOCOUTQ), &count) == 0 ? Int(count) : nil
    }

    private func updateInterest(_ wanted: UInt32) {
        guard wanted != interest else { return }
        interest = wanted
        loop.setInterest(wanted, for: self)
    }
}
