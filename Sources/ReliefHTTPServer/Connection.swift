import Glibc

/// One client connection: reads request heads, hands each to the handler, and writes the responses
/// back strictly in request order, however the handler's answers are timed.
///
/// Used only on its event loop's thread; handlers' completions from other threads are sent there
/// first. That confinement is why it may be captured by those completions (`@unchecked Sendable`).
final class Connection: @unchecked Sendable {
    let descriptor: Int32
    /// This connection's key in its loop's epoll events.
    let token: UInt64
    private unowned let loop: EventLoop
    private let remoteAddress: String

    private enum State {
        /// Reading requests and writing responses.
        case open
        /// The last response is out and the write side shut; reading and discarding until the
        /// client closes, so that unread input does not make the kernel reset the connection.
        case lingering(until: UInt64)
        case closed
    }

    /// A request whose response has not been written yet.
    private struct Pending {
        var method: String
        var target: String
        var keepAlive: Bool
        var isHead: Bool
        var minorVersion: Int
        var receivedAt: UInt64
        var response: HTTPResponse?
    }

    private var state = State.open
    private var input: [UInt8] = []
    private var parser: RequestHeadParser
    /// Requests in order; the first is the next to be written.
    private var pending: [Pending] = []
    private var firstPendingSerial: UInt64 = 0
    private var output = OutboundQueue()
    private var interest = Epoll.readable
    /// False once a request ended the connection (close, error): later input is not read.
    private var readsRequests = true
    /// Set when the response just encoded is the connection's last.
    private var closesAfterOutput = false
    private var peerFinishedSending = false
    private var hasServedRequest = false
    private var isAdvancing = false
    private var idleSince: UInt64
    private var headStartedAt: UInt64?
    private var lastWriteProgress: UInt64 = 0
    /// The kernel's unacknowledged bytes at the last timer check, to see whether the client still reads.
    private var lastKernelBacklog = 0

    /// Past this, a connection gives its input buffer's memory back once it is empty.
    private static let retainedInputCapacity = 64 * 1024
    /// Ready responses are gathered up to about this many bytes before a `send`.
    private static let coalescingBytes = 64 * 1024

    init(descriptor: Int32, token: UInt64, loop: EventLoop, remoteAddress: String) {
        self.descriptor = descriptor
        self.token = token
        self.loop = loop
        self.remoteAddress = remoteAddress
        parser = RequestHeadParser(limits: loop.limits)
        idleSince = loop.now
    }

    // MARK: Events

    /// Reacts to epoll's readiness bits for this descriptor.
    func handle(events: UInt32) {
        if events & Epoll.error != 0 {
            close()
            return
        }
        if events & (Epoll.readable | Epoll.hangUp) != 0 {
            switch state {
            case .lingering:
                discardInput()
            case .open where interest & Epoll.readable != 0:
                receive()
            case .open where events & Epoll.hangUp != 0:
                close()
            case .open, .closed:
                break
            }
        }
        if events & Epoll.writable != 0, case .open = state {
            advance()
        }
    }

    /// A handler's answer to request `serial`, on the loop's thread.
    func complete(_ serial: UInt64, with response: HTTPResponse) {
        guard case .open = state else { return }
        let index = serial &- firstPendingSerial
        guard serial >= firstPendingSerial, index < UInt64(pending.count), pending[Int(index)].response == nil else {
            loop.configuration.errorLog("A handler completed a request more than once; the extra response was dropped.")
            return
        }
        pending[Int(index)].response = response
        advance()
    }

    /// Shutdown has begun: an idle connection closes now, a busy one after its responses.
    func drain() {
        guard case .open = state else { return }
        if pending.isEmpty && output.isEmpty && input.isEmpty {
            close()
        } else {
            advance()
        }
    }

    /// Applies whichever timeout the connection's state is under.
    func checkTimers() {
        let now = loop.now
        func elapsed(since start: UInt64) -> UInt64 { now >= start ? now - start : 0 }
        switch state {
        case .closed:
            return
        case let .lingering(until):
            if now >= until { close() }
        case .open:
            if !output.isEmpty {
                if elapsed(since: lastWriteProgress) >= loop.writeTimeout { close() }
            } else if !pending.isEmpty {
                return  // the handler is working; its time is its own business
            } else if !input.isEmpty {
                if let headStartedAt, elapsed(since: headStartedAt) >= loop.headerReadTimeout {
                    reject(.headTimedOut(after: loop.configuration.headerReadTimeout))
                }
            } else if let kernelBacklog = unacknowledgedBytes(), kernelBacklog > 0 {
                // The kernel still holds response bytes the client has not taken: the connection is
                // writing, not idle, so it is timed like a write and its idle time starts afterwards.
                if kernelBacklog != lastKernelBacklog {
                    lastKernelBacklog = kernelBacklog
                    lastWriteProgress = now
                } else if elapsed(since: lastWriteProgress) >= loop.writeTimeout {
                    close()
                }
                idleSince = now
            } else {
                lastKernelBacklog = 0
                let limit = hasServedRequest ? loop.keepAliveIdleTimeout : loop.headerReadTimeout
                if elapsed(since: idleSince) >= limit { close() }
            }
        }
    }

    /// Bytes handed to the kernel that the client has not acknowledged yet, or nil if the kernel
    /// cannot say.
    private func unacknowledgedBytes() -> Int? {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(TIOCOUTQ), &count) == 0 ? Int(count) : nil
    }

    /// Closes the descriptor now, dropping whatever is unsent. Safe to call more than once.
    func close() {
        if case .closed = state { return }
        state = .closed
        Glibc.close(descriptor)
        input = []
        pending = []
        output.removeAll()
        loop.connectionDidClose(self)
    }

    // MARK: Reading

    private func receive() {
        switch SystemCallResult({ recv(descriptor, loop.receiveBuffer.baseAddress, loop.receiveBuffer.count, 0) }) {
        case .done(0):
            peerFinishedSending = true
            advance()
        case let .done(received):
            if headStartedAt == nil { headStartedAt = loop.now }
            input.append(contentsOf: UnsafeRawBufferPointer(rebasing: loop.receiveBuffer[..<received]))
            advance()
        case .wouldBlock:
            break
        case .failed:
            close()
        }
    }

    /// Parses every complete request head in the input, up to the pipelining limit.
    /// Returns true when it stopped only because of that limit.
    private func parseRequests() -> Bool {
        guard readsRequests else { return false }
        var consumed = 0
        defer {
            if consumed == input.count {
                input.removeAll(keepingCapacity: input.capacity <= Self.retainedInputCapacity)
            } else if consumed > 0 {
                input.removeSubrange(..<consumed)
            }
        }
        while readsRequests {
            guard pending.count < loop.configuration.maxPipelinedRequests else { return true }
            let step = input.withUnsafeBufferPointer { parser.parse(UnsafeBufferPointer(rebasing: $0[consumed...])) }
            switch step {
            case .needMore:
                return false
            case let .complete(head, headBytes):
                consumed += headBytes
                parser.reset()
                headStartedAt = consumed < input.count ? loop.now : nil
                dispatch(head)
            case let .rejected(rejection):
                consumed = input.count
                enqueue(rejection)
            }
        }
        return false
    }

    /// Queues a request's slot and asks the handler for its response.
    private func dispatch(_ head: RequestHead) {
        let request = head.request
        let keepAlive = head.keepAlive && !loop.isDraining
        if !keepAlive { readsRequests = false }
        let serial = firstPendingSerial + UInt64(pending.count)
        pending.append(Pending(method: request.method, target: request.target, keepAlive: keepAlive,
                               isHead: request.method == "HEAD", minorVersion: request.minorVersion,
                               receivedAt: loop.now, response: nil))
        let loop = self.loop
        loop.handler.respond(to: request) { [self] response in
            if loop.isCurrentThread {
                complete(serial, with: response)
            } else {
                loop.execute { self.complete(serial, with: response) }
            }
        }
    }

    /// Queues the server's own error answer and stops reading requests.
    private func enqueue(_ rejection: RequestRejection) {
        readsRequests = false
        parser.reset()
        pending.append(Pending(method: rejection.method, target: rejection.target, keepAlive: false, isHead: false,
                               minorVersion: 1, receivedAt: loop.now, response: ResponseEncoder.response(for: rejection)))
    }

    /// A head that did not arrive in time: answer 408 and close.
    private func reject(_ rejection: RequestRejection) {
        input = []
        enqueue(rejection)
        advance()
    }

    private func discardInput() {
        while true {
            switch SystemCallResult({ recv(descriptor, loop.receiveBuffer.baseAddress, loop.receiveBuffer.count, 0) }) {
            case .done(0), .failed:
                close()
                return
            case .done:
                continue
            case .wouldBlock:
                return
            }
        }
    }

    // MARK: Progress

    /// Moves the connection as far forward as it can go without waiting: parse, answer, write.
    /// Re-entered calls (a handler completing synchronously) leave the work to the outer call.
    private func advance() {
        guard !isAdvancing, case .open = state else { return }
        isAdvancing = true
        defer { isAdvancing = false }
        while true {
            let heldBack = parseRequests()
            let outputDrained = writeOutput()
            guard case .open = state else { return }
            // Written responses free pipeline slots; parse again if that is what stopped us.
            guard outputDrained, heldBack, pending.count < loop.configuration.maxPipelinedRequests else { break }
        }
        let nothingToWrite = output.isEmpty
        if nothingToWrite && closesAfterOutput {
            beginLingeringClose()
            return
        }
        if nothingToWrite && pending.isEmpty && (peerFinishedSending || (loop.isDraining && input.isEmpty)) {
            close()
            return
        }
        var wanted: UInt32 = 0
        if readsRequests && !peerFinishedSending && pending.count < loop.configuration.maxPipelinedRequests {
            wanted |= Epoll.readable
        }
        if !nothingToWrite { wanted |= Epoll.writable }
        updateInterest(wanted)
    }

    /// Encodes the responses that are next in order and sends them. Returns true when everything
    /// encoded went out, false when the socket is full (or the connection died).
    private func writeOutput() -> Bool {
        while true {
            while output.byteCount < Self.coalescingBytes, !closesAfterOutput,
                  let next = pending.first, let response = next.response {
                pending.removeFirst()
                firstPendingSerial += 1
                encode(response, for: next)
            }
            guard !output.isEmpty else { return true }
            switch output.send(to: descriptor) {
            case .done(0), .wouldBlock:
                return false
            case .done:
                break
            case .failed:
                close()
                return false
            }
            lastWriteProgress = loop.now
            guard output.isEmpty else { return false }
            if pending.isEmpty { idleSince = loop.now }
        }
    }

    /// Queues one response, replacing it with a 500 if it could corrupt the stream.
    private func encode(_ response: HTTPResponse, for request: Pending) {
        var response = response
        let inspection = ResponseEncoder.inspect(response)
        if let problem = inspection.problem {
            loop.configuration.errorLog("Refused to send the response to \(request.method) \(request.target): \(problem); sent 500 instead.")
            response = ResponseEncoder.internalError
        }
        let closing = !request.keepAlive || inspection.asksToClose || loop.isDraining
        if output.isEmpty { lastWriteProgress = loop.now }
        let encoded = loop.encoder.encode(response, omitBody: request.isHead, closing: closing,
                                          announceKeepAlive: !closing && request.minorVersion == 0)
        output.append(encoded.head)
        output.append(encoded.body)
        hasServedRequest = true
        if closing {
            readsRequests = false
            closesAfterOutput = true
        }
        if let accessLog = loop.configuration.accessLog {
            let elapsed = MonotonicClock.now() &- request.receivedAt
            accessLog(AccessLogEntry(method: request.method, target: request.target, status: encoded.status,
                                     bodyBytes: encoded.bodyBytes, duration: .nanoseconds(Int64(clamping: elapsed)),
                                     remoteAddress: remoteAddress, note: response.logNote))
        }
    }

    /// After the last response: shut the write side so the client sees the end, then drain what it
    /// still sends for a short while before closing.
    private func beginLingeringClose() {
        state = .lingering(until: MonotonicClock.deadline(loop.now, after: loop.lingeringCloseTimeout))
        shutdown(descriptor, Int32(SHUT_WR))
        input = []
        pending = []
        output.removeAll()
        updateInterest(Epoll.readable)
    }

    private func updateInterest(_ wanted: UInt32) {
        guard wanted != interest else { return }
        interest = wanted
        loop.setInterest(wanted, for: self)
    }
}
