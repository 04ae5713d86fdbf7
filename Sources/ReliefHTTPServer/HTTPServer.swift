import Dispatch
import Foundation
import Glibc
import ReliefLock

/// An HTTP/1.1 server on non-blocking sockets and epoll, with no dependency beyond the C library.
///
/// A few event-loop threads (``Configuration/eventLoopCount``) own the connections; each parses
/// request heads from its sockets' bytes and reads the bodies behind them (framed by
/// `Content-Length`, at most ``Configuration/maxRequestBodyBytes``), passes every request to the
/// ``HTTPHandler`` and writes the responses back, with keep-alive and pipelining.
/// `Expect: 100-continue` is answered `100 Continue` before the body is read. A connection's requests are taken one at a time:
/// the next goes to the handler once the previous response has been handed to the kernel whole, so
/// a connection holds at most one request in the handler and one response in memory. Limits and
/// timeouts (``Configuration``) keep slow or hostile clients from holding memory, threads or
/// descriptors; at ``Configuration/maxConnections`` the connections that give least make room.
///
/// What the server answers by itself, closing the connection afterwards (plain-text body naming the
/// problem; the handler never sees these requests):
/// - `400`: a malformed request line or header line, a line not ending in CRLF (bare LF or CR),
///   header folding, control characters in a header value, a target in neither origin nor absolute
///   form, an HTTP/1.1 request without exactly one `Host`, a `Host` that is not `host[:port]`, an
///   unreadable `Content-Length`, `Transfer-Encoding` in HTTP/1.0, beside `Content-Length` or not
///   ending in `chunked`, a body the client ended its side before sending whole;
/// - `408`: a request head, and its body, not complete within ``Configuration/headerReadTimeout``;
/// - `411`: `Transfer-Encoding: chunked` (a body must have a `Content-Length`); `501`: another
///   transfer coding; `413`: a `Content-Length` over ``Configuration/maxRequestBodyBytes``;
///   `417`: an expectation other than `100-continue`;
/// - `414` / `431`: a request line or headers over their limits;
/// - `505`: an HTTP version other than 1.x (`HTTP/1.2` and up are served as 1.1).
///
/// The handler gets the target in origin form with dot segments removed: `GET http://host/a/../b?x`
/// arrives as `/b?x` with `Host: host`. Any token is passed through as a method (case-sensitive:
/// deciding `405` is the handler's job).
/// HTTP/1.1 connections stay open unless `Connection: close`; HTTP/1.0 ones only with
/// `Connection: keep-alive`. `HEAD` responses carry the body's `Content-Length` but no body.
/// Every response gets `Date` and `Content-Length` (except 204 and 304) and, when it is the last on
/// its connection, `Connection: close`.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(host: "127.0.0.1", port: 8080), handler: app)
/// let port = try server.start()
/// server.handleSignals()
/// server.waitUntilStopped()
/// ```
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration
    private let handler: any HTTPHandler
    private let counters = ServerCounters()
    private let lifecycle = Locked(Lifecycle.idle)
    private let stopped = DispatchGroup()
    /// Sources installed by ``handleSignals(onHangUp:beforeShutdown:)``, kept alive here.
    let signalSources = Locked<[any DispatchSourceSignal]>([])

    private enum Lifecycle {
        case idle
        case running([EventLoop<SocketTransport>])
        case draining([EventLoop<SocketTransport>])
        case stopped
    }

    /// A server that will answer with `handler` once ``start()`` is called.
    public init(configuration: Configuration = Configuration(), handler: any HTTPHandler) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Connections open right now.
    public var openConnections: Int {
        counters.openConnections.load(ordering: .relaxed)
    }

    /// Connections refused on arrival since the start: ``Configuration/maxConnections`` were open
    /// and none could be closed to make room, or the address had
    /// ``Configuration/maxConnectionsPerAddress`` open.
    public var refusedConnections: Int {
        counters.refusedConnections.load(ordering: .relaxed)
    }

    /// Idle or incomplete connections closed since the start to make room for new ones at
    /// ``Configuration/maxConnections``.
    public var evictedConnections: Int {
        counters.evictedConnections.load(ordering: .relaxed)
    }

    /// Binds, listens and starts the event loops; returns the port listened on (the kernel's choice
    /// when ``Configuration/port`` is 0). A server starts once.
    @discardableResult
    public func start() throws(HTTPServerError) -> Int {
        try configuration.validate()
        ignoreBrokenPipeSignals
        return try lifecycle.withLock { (lifecycle) throws(HTTPServerError) -> Int in
            guard case .idle = lifecycle else { throw .alreadyStarted }
            let (listener, port) = try ListeningSocket.open(
                host: configuration.host, port: configuration.port,
                backlog: configuration.listenBacklog)
            let connectionsByAddress = configuration.maxConnectionsPerAddress.map(ConnectionsByAddress.init)
            var loops: [EventLoop<SocketTransport>] = []
            do throws(HTTPServerError) {
                for index in 0..<configuration.eventLoopCount {
                    loops.append(
                        EventLoop(
                            name: "\(index)", transport: try SocketTransport(), configuration: configuration,
                            handler: handler, counters: counters, connectionsByAddress: connectionsByAddress))
                }
            } catch {
                close(listener)
                throw error
            }
            loops[0].install(Acceptor(listener: listener, loop: loops[0], loops: loops))
            for (index, loop) in loops.enumerated() {
                stopped.enter()
                let thread = Thread { [stopped] in
                    loop.run()
                    stopped.leave()
                }
                thread.name = "relief-http-\(index)"
                thread.start()
            }
            lifecycle = .running(loops)
            return port
        }
    }

    /// Stops gracefully and returns once stopped: the listening socket closes (new connections are
    /// refused), idle connections close, requests in flight get their responses (with
    /// `Connection: close`), and whatever is still open after ``Configuration/shutdownGracePeriod``
    /// is closed.
    ///
    /// Callable from any thread and more than once. Called from a handler on an event-loop thread it
    /// starts the shutdown and returns at once, since that thread must keep serving for it to finish.
    public func shutdown() {
        let (loopsToDrain, loopsToAwait) = lifecycle.withLock {
            lifecycle -> ([EventLoop<SocketTransport>], [EventLoop<SocketTransport>]) in
            switch lifecycle {
            case .idle:
                lifecycle = .stopped
                return ([], [])
            case let .running(loops):
                lifecycle = .draining(loops)
                return (loops, loops)
            case let .draining(loops):
                return ([], loops)
            case .stopped:
                return ([], [])
            }
        }
        let gracePeriod = configuration.shutdownGracePeriod.nanoseconds
        for loop in loopsToDrain {
            loop.execute { loop.beginDraining(gracePeriod: gracePeriod) }
        }
        guard !loopsToAwait.contains(where: \.isCurrentThread) else { return }
        stopped.wait()
        lifecycle.withLock { $0 = .stopped }
    }

    /// Blocks until the server has stopped after ``shutdown()``; returns at once if it never started.
    public func waitUntilStopped() {
        stopped.wait()
    }
}

/// A peer that closes early must cost an EPIPE error, not the process: sends also pass
/// `MSG_NOSIGNAL`, and this covers any other write to a socket. Evaluated once, on first start.
private let ignoreBrokenPipeSignals: Void = {
    signal(SIGPIPE, SIG_IGN)
}()
