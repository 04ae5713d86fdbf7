import Glibc

/// Accepts connections on the listening socket and deals them out to the event loops in turn.
///
/// Lives on one event loop and is used only from its thread.
final class Acceptor {
    let listener: Int32
    private unowned let loop: EventLoop
    private let loops: [EventLoop]
    private var nextLoop = 0
    private var pausedUntil: UInt64?
    private var isClosed = false

    /// After the process runs out of descriptors, how long to leave the backlog alone before trying
    /// again, instead of spinning on a listener that stays readable.
    private static let descriptorExhaustionPause: UInt64 = 100_000_000

    init(listener: Int32, loop: EventLoop, loops: [EventLoop]) {
        self.listener = listener
        self.loop = loop
        self.loops = loops
    }

    /// Accepts every connection waiting in the backlog.
    func acceptPending() {
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
                    loop.configuration.errorLog("Accepting paused for 100 ms: \(error).")
                    loop.setListening(false, on: listener)
                    pausedUntil = loop.now + Self.descriptorExhaustionPause
                    return
                default:
                    loop.configuration.errorLog("accept failed: \(error).")
                    return
                }
            }
            let counters = loop.counters
            guard counters.openConnections.load(ordering: .relaxed) < loop.configuration.maxConnections else {
                refuse(descriptor)
                continue
            }
            counters.openConnections.add(1, ordering: .relaxed)
            // Responses leave in one write each; waiting to coalesce them (Nagle) only adds latency.
            var enable: Int32 = 1
            setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &enable, socklen_t(MemoryLayout<Int32>.size))
            let remoteAddress = loop.configuration.accessLog == nil ? "" : ListeningSocket.describe(address)
            let target = loops[nextLoop]
            nextLoop = (nextLoop + 1) % loops.count
            if target === loop {
                target.register(descriptor, remoteAddress: remoteAddress)
            } else if !target.execute({ target.register(descriptor, remoteAddress: remoteAddress) }) {
                Glibc.close(descriptor)
                counters.openConnections.subtract(1, ordering: .relaxed)
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

    /// Over the connection limit: a best-effort 503 and an immediate close, so the client learns at
    /// once and the connections already open keep their share of the server. Counted before the
    /// close, so a client that sees the close also sees the count.
    private func refuse(_ descriptor: Int32) {
        loop.counters.refusedConnections.add(1, ordering: .relaxed)
        ResponseEncoder.overCapacity.withUnsafeBytes { bytes in
            _ = SystemCallResult { send(descriptor, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        }
        Glibc.close(descriptor)
    }
}
