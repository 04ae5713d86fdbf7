import Glibc

/// Accepts connections on the listening socket and deals them out to the event loops in turn; at
/// ``HTTPServer/Configuration/maxConnections`` it hands each new one to the loop holding the
/// connection that gives the server least, which closes that one to make room.
///
/// Lives on one event loop and is used only from its thread.
final class Acceptor {
    let listener: Int32
    private unowned let loop: EventLoop<SocketTransport>
    private let loops: [EventLoop<SocketTransport>]
    private var nextLoop = 0
    private var pausedUntil: UInt64?
    private var isClosed = false

    /// After the process runs out of descriptors, how long to leave the backlog alone before trying
    /// again, instead of spinning on a listener that stays readable.
    private static let descriptorExhaustionPause: UInt64 = 100_000_000

    init(listener: Int32, loop: EventLoop<SocketTransport>, loops: [EventLoop<SocketTransport>]) {
        self.listener = listener
        self.loop = loop
        self.loops = loops
    }

    /// Accepts every connection waiting in the backlog.
    func acceptPending() {
        let configuration = loop.configuration
        let counters = loop.counters
        while !isClosed {
            var address = sockaddr_storage()
            var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
            let accepted = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Epoll.accept(listener, $0, &length) }
            }
            let descriptor: Int32
            switch accepted {
            case let .done(value):
                descriptor = Int32(value)
            case .wouldBlock:
                return
            case let .failed(error):
                switch error.code {
                case ECONNABORTED, EPROTO:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    configuration.errorLog("Accepting paused for 100 ms: \(error).")
                    loop.setListening(false, on: listener)
                    pausedUntil = loop.now + Self.descriptorExhaustionPause
                    return
                default:
                    configuration.errorLog("accept failed: \(error).")
                    return
                }
            }
            Self.configure(descriptor, sendBufferBytes: configuration.socketSendBufferBytes)
            let remoteAddress =
                configuration.accessLog == nil && configuration.dropLog == nil ? "" : ListeningSocket.describe(address)
            let isOverCapacity = counters.openConnections.load(ordering: .relaxed) >= configuration.maxConnections
            // Counted open from here on; every way out below uncounts it exactly once.
            counters.openConnections.add(1, ordering: .relaxed)
            var countedAddress: ClientAddress?
            if let connectionsByAddress = loop.connectionsByAddress, let clientAddress = ClientAddress(address) {
                guard connectionsByAddress.admit(clientAddress) else {
                    loop.refuse(
                        AcceptedConnection(socket: descriptor, remoteAddress: remoteAddress, countedAddress: nil),
                        because: .perAddressLimit)
                    continue
                }
                countedAddress = clientAddress
            }
            let connection = AcceptedConnection(socket: descriptor, remoteAddress: remoteAddress, countedAddress: countedAddress)
            guard let target = isOverCapacity ? loopToMakeRoomOn() : nextLoopInTurn() else {
                loop.refuse(connection, because: .overCapacity)
                continue
            }
            if target === loop {
                target.admit(connection, makingRoom: isOverCapacity)
            } else if !target.execute({ target.admit(connection, makingRoom: isOverCapacity) }) {
                loop.discard(connection)
            }
        }
    }

    /// Starts accepting again once a pause for descriptor exhaustion is over.
    func resumeIfPaused() {
        guard let pausedUntil, loop.now >= pausedUntil, !isClosed else { return }
        self.pausedUntil = nil
        loop.setListening(true, on: listener)
    }

    /// Closes the listening socket: new connections are refused by the kernel from now on.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(listener)
    }

    /// Socket options of every accepted connection.
    static func configure(_ descriptor: Int32, sendBufferBytes: Int) {
        // Responses leave in one write each; waiting to coalesce them (Nagle) only adds latency.
        var enable: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enable, socklen_t(MemoryLayout<Int32>.size))
        // A bounded send buffer: what a client does not read costs at most this much kernel memory.
        var size = Int32(clamping: sendBufferBytes)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }

    private func nextLoopInTurn() -> EventLoop<SocketTransport> {
        defer { nextLoop = (nextLoop + 1) % loops.count }
        return loops[nextLoop]
    }

    /// The loop with the longest idle connection, else the one with the oldest incomplete head;
    /// nil when every connection is answering a request.
    private func loopToMakeRoomOn() -> EventLoop<SocketTransport>? {
        func loopWithOldest(_ since: (EvictionCandidates) -> UInt64) -> EventLoop<SocketTransport>? {
            var oldest: (since: UInt64, loop: EventLoop<SocketTransport>)?
            for candidate in loops {
                let candidateSince = since(candidate.evictionCandidates)
                if candidateSince < (oldest?.since ?? .max) { oldest = (candidateSince, candidate) }
            }
            return oldest?.loop
        }
        return loopWithOldest { $0.oldestIdleSince.load(ordering: .relaxed) }
            ?? loopWithOldest { $0.oldestIncompleteHeadSince.load(ordering: .relaxed) }
    }
}
