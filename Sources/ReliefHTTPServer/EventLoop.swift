import Glibc
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
    /// What every connection of this loop enforces, worked out once from the configuration.
    let headLimits: RequestHeadParser.Limits
    let connectionLimits: ConnectionStateMachine.Limits

    private let epoll: Int32
    private let doorbell: Int32
    private let inbox = Mutex(Inbox())
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

    init(name: String, configuration: HTTPServer.Configuration, handler: any HTTPHandler, counters: ServerCounters) throws(HTTPServerError) {
        self.name = name
        self.configuration = configuration
        self.handler = handler
        self.counters = counters
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
                closeAllConnections()
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

    /// Takes over an accepted connection. On the loop's thread.
    func register(_ descriptor: Int32, remoteAddress: String) {
        guard !isDraining else {
            close(descriptor)
            counters.openConnections.subtract(1, ordering: .relaxed)
            return
        }
        let token = nextToken
        nextToken += 1
        let connection = Connection(descriptor: descriptor, token: token, loop: self, remoteAddress: remoteAddress)
        connections[token] = connection
        Epoll.control(epoll, .add, descriptor, events: Epoll.readable, token: token)
    }

    /// Changes which readiness events `connection` reports.
    func setInterest(_ events: UInt32, for connection: Connection) {
        Epoll.control(epoll, .modify, connection.descriptor, events: events, token: connection.token)
    }

    /// Stops following or accepting listening-socket readiness, when accepting is paused.
    func setListening(_ listening: Bool, on listener: Int32) {
        Epoll.control(epoll, listening ? .add : .remove, listener, events: Epoll.readable, token: Self.listenerToken)
    }

    /// Forgets a connection that closed its descriptor.
    func connectionDidClose(_ connection: Connection) {
        connections[connection.token] = nil
        counters.openConnections.subtract(1, ordering: .relaxed)
    }

    /// Starts a graceful shutdown: stop accepting, close idle connections, let the others finish
    /// within `gracePeriod` nanoseconds.
    func beginDraining(gracePeriod: UInt64) {
        guard !isDraining else { return }
        isDraining = true
        forceCloseAt = MonotonicClock.deadline(now, after: gracePeriod)
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
        if isDraining && now >= forceCloseAt {
            closeAllConnections()
            return
        }
        acceptor?.resumeIfPaused()
        for connection in Array(connections.values) {
            connection.checkTimers()
        }
    }

    private func closeAllConnections() {
        for connection in Array(connections.values) {
            connection.close()
        }
    }
}
