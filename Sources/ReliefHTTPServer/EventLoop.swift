import Glibc
import ReliefLock
import Synchronization

/// One thread that owns a set of connections and serves them from an epoll instance.
///
/// Everything but ``execute(_:)`` and ``isCurrentThread`` runs on the loop's own thread, which is
/// why the class may be shared (`@unchecked Sendable`): other threads only ever hand it work through
/// the mutex-guarded inbox and the eventfd doorbell.
final class EventLoop: @unchecked Sendable {
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

    private let epoll: Int32
    private let doorbell: Int32
    private let inbox = Locked(Inbox())
    private let threadID = Atomic<UInt>(0)
    private let name: String

    /// The loop's time, read once per wake-up (monotonic nanoseconds).
    private(set) var now: UInt64 = 0
    /// Shared by the loop's connections: they encode one response at a time.
    var encoder = ResponseEncoder()
    /// Where every connection of this loop receives into before keeping what it needs.
    let receiveBuffer: UnsafeMutableRawBufferPointer
    /// Set once ``HTTPServer/shutdown()`` begins: connections are drained and no new ones are taken.
    private var isDraining = false
    /// Connections by epoll token. Tokens are never reused, unlike descriptors, so an event queued
    /// for a connection that has since closed cannot reach a newer one that got the same descriptor.
    private var connections: [UInt64: Connection] = [:]
    private var nextToken: UInt64 = 0
    private var acceptor: Acceptor?
    /// Idle connections and connections with an incomplete head, each oldest first.
    private var idleConnections = EvictionQueue()
    private var incompleteHeadConnections = EvictionQueue()
    /// When shutdown's grace period ends, and when the connections still open after it are closed.
    private var gracePeriodEndsAt: UInt64 = .max
    private var forceCloseAt: UInt64 = .max
    private let sweepInterval: UInt64
    private var nextSweep: UInt64 = 0

    private struct Inbox {
        var tasks: [@Sendable () -> Void] = []
        var isClosed = false
    }

    private static let doorbellToken = UInt64.max
    private static let listenerToken = UInt64.max - 1
    private static let receiveBufferBytes = 64 * 1024

    init(name: String, configuration: HTTPServer.Configuration, handler: any HTTPHandler, counters: ServerCounters,
         connectionsByAddress: ConnectionsByAddress?) throws(HTTPServerError) {
        self.name = name
        self.configuration = configuration
        self.handler = handler
        self.counters = counters
        self.connectionsByAddress = connectionsByAddress
        headLimits = RequestHeadParser.Limits(maxRequestLineBytes: configuration.maxRequestLineBytes,
                                              maxHeaderBytes: configuration.maxHeaderBytes,
                                              maxHeaderCount: configuration.maxHeaderCount)
        connectionLimits = ConnectionStateMachine.Limits(configuration)
        // Timers are checked by sweeping all connections a few times per shortest timeout: cheap for
        // a thousand connections, and precise enough for timeouts counted in seconds.
        sweepInterval = min(max(connectionLimits.shortestTimeout / 8, 5_000_000), 250_000_000)

        epoll = try Self.descriptor(from: Epoll.create())
        do {
            doorbell = try Self.descriptor(from: Epoll.makeEventDescriptor())
        } catch {
            close(epoll)
            throw error
        }
        Epoll.control(epoll, .add, doorbell, events: Epoll.readable, token: Self.doorbellToken)
        receiveBuffer = .allocate(byteCount: Self.receiveBufferBytes, alignment: 16)
    }

    deinit {
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
            if inbox.tasks.count == 1 {
                var one: UInt64 = 1
                _ = SystemCallResult { write(doorbell, &one, 8) }
            }
            return true
        }
    }

    /// Makes this loop the one that accepts connections, before ``run()``.
    func install(_ acceptor: Acceptor) {
        self.acceptor = acceptor
        Epoll.control(epoll, .add, acceptor.listener, events: Epoll.readable, token: Self.listenerToken)
    }

    /// Serves until shutdown has drained every connection. Runs on the loop's own thread.
    func run() {
        threadID.store(UInt(pthread_self()), ordering: .releasing)
        now = MonotonicClock.now()
        nextSweep = now + sweepInterval
        let events = Epoll.EventBuffer(capacity: 256)
        while !(isDraining && connections.isEmpty) {
            let timeout = Int32(clamping: (nextSweep > now ? nextSweep - now : 0) / 1_000_000 + 1)
            let result = Epoll.wait(epoll, into: events, timeoutMilliseconds: timeout)
            now = MonotonicClock.now()
            guard case let .done(count) = result else {
                configuration.errorLog("HTTP event loop \(name) stopped: epoll_wait failed: \(result)")
                closeAllConnections(because: .shutdown)
                break
            }
            for index in 0..<count {
                let (flags, token) = events.event(at: index)
                switch token {
                case Self.doorbellToken:
                    runInbox()
                case Self.listenerToken:
                    acceptor?.acceptPending()
                default:
                    connections[token]?.handle(events: flags)
                }
            }
            if now >= nextSweep {
                sweep()
                nextSweep = now + sweepInterval
            }
        }
        // Work handed over before the inbox closed still runs: handed-over connections are closed
        // (the loop is draining) and late completions find their connections gone.
        let lateTasks = inbox.withLock { inbox in
            inbox.isClosed = true
            return inbox.tasks
        }
        for task in lateTasks { task() }
        acceptor?.close()
        acceptor = nil
        close(doorbell)
        close(epoll)
    }

    /// Takes over an accepted connection, first closing one of this loop's idle or incomplete
    /// connections when `makingRoom` (refusing the new one if there is none left). On the loop's thread.
    func admit(_ accepted: AcceptedConnection, makingRoom: Bool) {
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
        Epoll.control(epoll, .add, accepted.descriptor, events: Epoll.readable, token: token)
        standingMayHaveChanged(connection)
    }

    /// Answers a connection refused on arrival with a bare `503`, best effort, and closes it; the
    /// refusal is counted before the close, so a client that sees the close also sees the count.
    func refuse(_ accepted: AcceptedConnection, because reason: DropLogEntry.Reason) {
        counters.refusedConnections.add(1, ordering: .relaxed)
        let sent = ResponseEncoder.overCapacity.withUnsafeBytes { bytes in
            SystemCallResult { send(accepted.descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        }
        if sent == .done(ResponseEncoder.overCapacity.count), let accessLog = configuration.accessLog {
            accessLog(AccessLogEntry(method: "", target: "", status: 503, bodyBytes: 0, duration: .zero, remoteAddress: accepted.remoteAddress))
        }
        configuration.dropLog?(DropLogEntry(reason: reason, remoteAddress: accepted.remoteAddress))
        discard(accepted)
    }

    /// Closes an accepted socket that never became a connection, and uncounts it.
    func discard(_ accepted: AcceptedConnection) {
        close(accepted.descriptor)
        counters.openConnections.subtract(1, ordering: .relaxed)
        if let address = accepted.countedAddress { connectionsByAddress?.release(address) }
    }

    /// Changes which readiness events `connection` reports.
    func setInterest(_ events: UInt32, for connection: Connection) {
        Epoll.control(epoll, .modify, connection.descriptor, events: events, token: connection.token)
    }

    /// Stops following or accepting listening-socket readiness, when accepting is paused.
    func setListening(_ listening: Bool, on listener: Int32) {
        Epoll.control(epoll, listening ? .add : .remove, listener, events: Epoll.readable, token: Self.listenerToken)
    }

    /// Forgets a connection that closed its descriptor, reporting the request it left unanswered.
    func connectionDidClose(_ connection: Connection, unanswered: ConnectionStateMachine.UnansweredRequest?) {
        if let unanswered, let dropLog = configuration.dropLog {
            let request = unanswered.request
            dropLog(DropLogEntry(reason: unanswered.reason, method: request.method, target: request.target,
                                 remoteAddress: connection.remoteAddress,
                                 duration: .nanoseconds(Int64(clamping: MonotonicClock.now() &- request.receivedAt))))
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
    func standingMayHaveChanged(_ connection: Connection) {
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
    private func leaveEvictionQueue(_ connection: Connection) {
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
        let (victim, reason): (Connection, DropLogEntry.Reason)
        if let idle = idleConnections.first {
            (victim, reason) = (idle, .evictedIdle)
        } else if let incomplete = incompleteHeadConnections.first {
            (victim, reason) = (incomplete, .evictedIncompleteHead)
        } else {
            return false
        }
        counters.evictedConnections.add(1, ordering: .relaxed)
        configuration.dropLog?(DropLogEntry(reason: reason, remoteAddress: victim.remoteAddress,
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
        var count: UInt64 = 0
        _ = SystemCallResult { read(doorbell, &count, 8) }
        let tasks = inbox.withLock { inbox in
            let tasks = inbox.tasks
            inbox.tasks.removeAll(keepingCapacity: true)
            return tasks
        }
        for task in tasks { task() }
    }

    /// The descriptor a successful `create` call returned, or the reason the loop cannot exist.
    private static func descriptor(from result: SystemCallResult) throws(HTTPServerError) -> Int32 {
        guard case let .done(descriptor) = result else { throw .cannotCreateEventLoop(reason: "\(result)") }
        return Int32(descriptor)
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
            forceCloseAt = MonotonicClock.deadline(now, after: connectionLimits.lingeringCloseTimeout)
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
