import Glibc
import ReliefLock
import Synchronization

/// One thread that owns a set of connections and serves them from its transport's readiness
/// events: epoll and sockets when serving (``SocketTransport``), bytes in memory in tests.
///
/// Everything but ``execute(_:)`` and ``isCurrentThread`` runs on the loop's own thread, which is
/// why the class may be shared (`@unchecked Sendable`): other threads only ever hand it work through
/// the mutex-guarded inbox and the transport's doorbell.
package final class EventLoop<Transport: EventLoopTransport>: @unchecked Sendable {
    let configuration: HTTPServer.Configuration
    let handler: any HTTPHandler
    let counters: ServerCounters
    /// Connections per client address, when ``HTTPServer/Configuration/maxConnectionsPerAddress`` is set.
    let connectionsByAddress: ConnectionsByAddress?
    /// What this loop could close to make room, for the accepting loop to read.
    let evictionCandidates = EvictionCandidates()
    /// What every connection of this loop enforces, worked out once from the configuration.
    let headLimits: RequestHeadParser.Limits
    let connectionLimits: ConnectionStateMachine.Limits

    let transport: Transport
    private let inbox = Locked(Inbox())
    private let threadID = Atomic<UInt>(0)
    private let name: String

    // The properties a request reaches are `@exclusivity(unchecked)`, as ``Connection``'s are: only
    // the loop's thread touches them, one access at a time.

    /// The loop's time, read once per wake-up (monotonic nanoseconds).
    @exclusivity(unchecked) private(set) var now: UInt64 = 0
    /// Shared by the loop's connections: they encode one response at a time.
    @exclusivity(unchecked) var encoder = ResponseEncoder()
    /// Where every connection of this loop receives into before keeping what it needs.
    let receiveBuffer: UnsafeMutableRawBufferPointer
    /// Set once ``HTTPServer/shutdown()`` begins: connections are drained and no new ones are taken.
    private var isDraining = false
    /// Connections by epoll token. Tokens are never reused, unlike descriptors, so an event queued
    /// for a connection that has since closed cannot reach a newer one that got the same descriptor.
    @exclusivity(unchecked) private var connections: [UInt64: Connection<Transport>] = [:]
    private var nextToken: UInt64 = 0
    /// Accepts connections on the listening socket, on the loop that does (``install(_:)``).
    fileprivate var acceptor: Acceptor?
    /// Idle connections and connections with an incomplete head, each oldest first.
    @exclusivity(unchecked) private var idleConnections = EvictionQueue<Transport>()
    @exclusivity(unchecked) private var incompleteHeadConnections = EvictionQueue<Transport>()
    /// When shutdown's grace period ends, and when the connections still open after it are closed.
    private var gracePeriodEndsAt: UInt64 = .max
    private var forceCloseAt: UInt64 = .max
    private let sweepInterval: UInt64
    @exclusivity(unchecked) private var nextSweep: UInt64 = 0

    private struct Inbox {
        var tasks: [@Sendable () -> Void] = []
        var isClosed = false
    }

    fileprivate static var listenerToken: UInt64 { Transport.doorbellToken - 1 }
    private static var receiveBufferBytes: Int { 64 * 1024 }

    package init(
        name: String, transport: Transport, configuration: HTTPServer.Configuration, handler: any HTTPHandler,
        counters: ServerCounters, connectionsByAddress: ConnectionsByAddress?
    ) {
        self.name = name
        self.transport = transport
        self.configuration = configuration
        self.handler = handler
        self.counters = counters
        self.connectionsByAddress = connectionsByAddress
        headLimits = RequestHeadParser.Limits(
            maxRequestLineBytes: configuration.maxRequestLineBytes,
            maxHeaderBytes: configuration.maxHeaderBytes,
            maxHeaderCount: configuration.maxHeaderCount,
            maxBodyBytes: configuration.maxRequestBodyBytes)
        connectionLimits = ConnectionStateMachine.Limits(configuration)
        // Timers are checked by sweeping all connections a few times per shortest timeout: cheap for
        // a thousand connections, and precise enough for timeouts counted in seconds.
        sweepInterval = min(max(connectionLimits.shortestTimeout / 8, 5_000_000), 250_000_000)
        receiveBuffer = .allocate(byteCount: Self.receiveBufferBytes, alignment: 16)
    }

    deinit {
        // A loop dropped before it drained (an in-memory test's) still has connections in its
        // eviction queues, which hold one another and would outlive it.
        idleConnections.removeAll()
        incompleteHeadConnections.removeAll()
        receiveBuffer.deallocate()
    }

    /// Whether the caller runs on this loop's thread.
    var isCurrentThread: Bool {
        threadID.load(ordering: .acquiring) == UInt(pthread_self())
    }

    /// Runs `task` on the loop's thread soon; callable from any thread. Returns false when the loop
    /// has stopped and the task will never run.
    @discardableResult
    func execute(_ task: @escaping @Sendable () -> Void) -> Bool {
        inbox.withLock { inbox in
            guard !inbox.isClosed else { return false }
            inbox.tasks.append(task)
            if inbox.tasks.count == 1 { transport.ringDoorbell() }
            return true
        }
    }

    /// Serves until shutdown has drained every connection. Runs on the loop's own thread.
    func run() {
        start()
        while !isStopped {
            guard turn() else {
                closeAllConnections(because: .shutdown)
                break
            }
        }
        stop()
    }

    /// Makes the calling thread the loop's, and starts its clock; before the first ``turn()``.
    package func start() {
        threadID.store(UInt(pthread_self()), ordering: .releasing)
        now = transport.now()
        nextSweep = now + sweepInterval
    }

    /// Shutdown has drained every connection: the loop is done.
    var isStopped: Bool {
        isDraining && connections.isEmpty
    }

    /// Waits for readiness until the next timer sweep at the latest, handles what came, and sweeps
    /// when it is time. False when the transport failed to wait.
    @discardableResult
    package func turn() -> Bool {
        let timeout = Int32(clamping: (nextSweep > now ? nextSweep - now : 0) / 1_000_000 + 1)
        let result = transport.wait(timeoutMilliseconds: timeout)
        now = transport.now()
        guard case let .done(count) = result else {
            configuration.errorLog("HTTP event loop \(name) stopped: epoll_wait failed: \(result)")
            return false
        }
        for index in 0..<count {
            let (events, token) = transport.event(at: index)
            switch token {
            case Transport.doorbellToken:
                runInbox()
            case Self.listenerToken:
                acceptor?.acceptPending()
            default:
                connections[token]?.handle(events: events)
            }
        }
        if now >= nextSweep {
            sweep()
            nextSweep = now + sweepInterval
        }
        return true
    }

    /// Runs the work handed over before the inbox closed: handed-over connections are closed (the
    /// loop is draining) and late completions find their connections gone. After the last ``turn()``.
    func stop() {
        let lateTasks = inbox.withLock { inbox in
            inbox.isClosed = true
            return inbox.tasks
        }
        for task in lateTasks { task() }
        acceptor?.close()
        acceptor = nil
    }

    /// Takes over an accepted connection, first closing one of this loop's idle or incomplete
    /// connections when `makingRoom` (refusing the new one if there is none left). On the loop's thread.
    package func admit(_ accepted: AcceptedConnection<Transport.Socket>, makingRoom: Bool) {
        guard !isDraining else {
            discard(accepted)
            return
        }
        if makingRoom && !evictOne() {
            refuse(accepted, because: .overCapacity)
            return
        }
        let token = nextToken
        nextToken += 1
        let connection = Connection(accepted, token: token, loop: self)
        connections[token] = connection
        transport.setInterest(Epoll.readable, of: accepted.socket, token: token, isNew: true)
        standingMayHaveChanged(connection)
    }

    /// Answers a connection refused on arrival with a bare `503`, best effort, and closes it; the
    /// refusal is counted before the close, so a client that sees the close also sees the count.
    package func refuse(_ accepted: AcceptedConnection<Transport.Socket>, because reason: DropLogEntry.Reason) {
        counters.refusedConnections.add(1, ordering: .relaxed)
        let sent = transport.sendWithoutWaiting(ResponseEncoder.overCapacity, to: accepted.socket)
        if sent == .done(ResponseEncoder.overCapacity.count), let accessLog = configuration.accessLog {
            accessLog(
                AccessLogEntry(
                    method: "", target: "", status: 503, bodyBytes: 0, duration: .zero, remoteAddress: accepted.remoteAddress))
        }
        configuration.dropLog?(DropLogEntry(reason: reason, remoteAddress: accepted.remoteAddress))
        discard(accepted)
    }

    /// Closes an accepted socket that never became a connection, and uncounts it.
    func discard(_ accepted: AcceptedConnection<Transport.Socket>) {
        transport.close(accepted.socket)
        counters.openConnections.subtract(1, ordering: .relaxed)
        if let address = accepted.countedAddress { connectionsByAddress?.release(address) }
    }

    /// Changes which readiness events `connection` reports.
    func setInterest(_ events: UInt32, for connection: Connection<Transport>) {
        transport.setInterest(events, of: connection.socket, token: connection.token, isNew: false)
    }

    /// Forgets a connection about to close its descriptor, reporting the request it left unanswered.
    func connectionDidClose(_ connection: Connection<Transport>, unanswered: ConnectionStateMachine.UnansweredRequest?) {
        if let unanswered, let dropLog = configuration.dropLog {
            let request = unanswered.request
            dropLog(
                DropLogEntry(
                    reason: unanswered.reason, method: request.method, target: request.target,
                    remoteAddress: connection.remoteAddress,
                    duration: .nanoseconds(Int64(clamping: transport.now() &- request.receivedAt))))
        }
        connections[connection.token] = nil
        if connection.queuedStanding != .busy {
            leaveEvictionQueue(connection)
            evictionCandidates.publish(idle: idleConnections, incompleteHeads: incompleteHeadConnections)
        }
        counters.openConnections.subtract(1, ordering: .relaxed)
        if let address = connection.countedAddress { connectionsByAddress?.release(address) }
    }

    /// Moves `connection` to the eviction queue of its current standing, if that changed.
    func standingMayHaveChanged(_ connection: Connection<Transport>) {
        let standing = connection.standing
        guard standing != connection.queuedStanding else { return }
        leaveEvictionQueue(connection)
        connection.queuedStanding = standing
        connection.standingSince = now
        switch standing {
        case .idle: idleConnections.append(connection)
        case .incompleteHead: incompleteHeadConnections.append(connection)
        case .busy: break
        }
        evictionCandidates.publish(idle: idleConnections, incompleteHeads: incompleteHeadConnections)
    }

    /// Takes `connection` out of its eviction queue, if it is in one; the caller publishes.
    private func leaveEvictionQueue(_ connection: Connection<Transport>) {
        switch connection.queuedStanding {
        case .idle: idleConnections.remove(connection)
        case .incompleteHead: incompleteHeadConnections.remove(connection)
        case .busy: return
        }
        connection.queuedStanding = .busy
    }

    /// Closes the connection that gives the server least: the longest idle, else the one that has
    /// been sending an incomplete head longest. False when every connection is answering a request.
    private func evictOne() -> Bool {
        let (victim, reason): (Connection<Transport>, DropLogEntry.Reason)
        if let idle = idleConnections.first {
            (victim, reason) = (idle, .evictedIdle)
        } else if let incomplete = incompleteHeadConnections.first {
            (victim, reason) = (incomplete, .evictedIncompleteHead)
        } else {
            return false
        }
        counters.evictedConnections.add(1, ordering: .relaxed)
        configuration.dropLog?(
            DropLogEntry(
                reason: reason, remoteAddress: victim.remoteAddress,
                duration: .nanoseconds(Int64(clamping: now &- victim.standingSince))))
        victim.close(because: .clientGone)
        return true
    }

    /// Starts a graceful shutdown: stop accepting, close connections waiting for a request, let
    /// the others finish within `gracePeriod` nanoseconds.
    func beginDraining(gracePeriod: UInt64) {
        guard !isDraining else { return }
        isDraining = true
        gracePeriodEndsAt = MonotonicClock.deadline(now, after: gracePeriod)
        acceptor?.close()
        acceptor = nil
        for connection in Array(connections.values) {
            connection.drain()
        }
    }

    private func runInbox() {
        transport.answerDoorbell()
        let tasks = inbox.withLock { inbox in
            let tasks = inbox.tasks
            inbox.tasks.removeAll(keepingCapacity: true)
            return tasks
        }
        for task in tasks { task() }
    }

    private func sweep() {
        if now >= forceCloseAt {
            closeAllConnections(because: .shutdown)
            return
        }
        if now >= gracePeriodEndsAt {
            // Requests still with the handler are answered 503; those answers and the responses
            // being written get the lingering time to go out.
            gracePeriodEndsAt = .max
            forceCloseAt = MonotonicClock.deadline(now, after: configuration.shutdownClosingTime.nanoseconds)
            for connection in Array(connections.values) {
                connection.endGracePeriod()
            }
        }
        acceptor?.resumeIfPaused()
        for connection in Array(connections.values) {
            connection.checkTimers()
        }
    }

    private func closeAllConnections(because reason: DropLogEntry.Reason) {
        for connection in Array(connections.values) {
            connection.close(because: reason)
        }
    }
}

extension EventLoop where Transport == SocketTransport {
    /// Makes this loop the one that accepts connections, before ``run()``.
    func install(_ acceptor: Acceptor) {
        self.acceptor = acceptor
        transport.setListening(true, on: acceptor.listener, token: Self.listenerToken)
    }

    /// Stops following or accepting listening-socket readiness, when accepting is paused.
    func setListening(_ listening: Bool, on listener: Int32) {
        transport.setListening(listening, on: listener, token: Self.listenerToken)
    }
}
