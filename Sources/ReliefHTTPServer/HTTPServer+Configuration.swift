import Glibc

extension HTTPServer {
    /// Where the server listens and the limits that keep one client from hurting the others.
    ///
    /// Every field has a default meant for production; tests shorten the timeouts.
    public struct Configuration: Sendable {
        /// The address to listen on, numeric or a name. Default `"127.0.0.1"`: an unconfigured server
        /// is reachable from this machine only; put a proxy in front or say `"0.0.0.0"` to expose it.
        public var host: String = "127.0.0.1"

        /// The TCP port. Default `8080`, the usual unprivileged HTTP port; `0` asks the kernel for a
        /// free one, which ``HTTPServer/start()`` returns.
        public var port: Int = 8080

        /// How many event-loop threads serve connections. Default: half the online processors,
        /// rounded up (at least 1, at most 4): one loop answers tens of thousands of cached requests
        /// a second, and the other cores are left to renders (and, on a test machine, the load
        /// generator), which keeps tail latency low.
        public var eventLoopCount: Int = HTTPServer.Configuration.defaultEventLoopCount

        /// Connections the kernel may queue before they are accepted. Default `511`, nginx's value:
        /// enough to absorb a burst of new clients between two turns of the accept loop.
        public var listenBacklog: Int = 511

        /// The longest request line (method, target and version, without CRLF). Default `8192`
        /// bytes, what common servers allow; longer is answered `414 URI Too Long`.
        public var maxRequestLineBytes: Int = 8192

        /// The most bytes of header lines after the request line. Default `16384`: browsers send
        /// under 2 KB, so this leaves room for large cookies; more is answered
        /// `431 Request Header Fields Too Large`.
        public var maxHeaderBytes: Int = 16384

        /// The most header lines in one request. Default `100`, nginx's and Apache's order of
        /// magnitude; more is answered `431 Request Header Fields Too Large`.
        public var maxHeaderCount: Int = 100

        /// The largest request body read, in bytes. Default `16384` (16 KiB): the body Relief takes is a
        /// screen's layout text (`POST /screen`, SPEC §14), at most 8 KiB, which this holds twice over
        /// while what a connection buffers stays small. A body is framed by `Content-Length` only and
        /// read whole before the handler gets the request (every method's, the handler decides what
        /// it means); a larger `Content-Length` is answered `413 Content Too Large` before any of the
        /// body is read, and the connection closed. `Transfer-Encoding: chunked` is answered
        /// `411 Length Required`, and `Expect: 100-continue` `100 Continue` before the body is read.
        /// `0` refuses every body.
        public var maxRequestBodyBytes: Int = 16 * 1024

        /// How long a client may take to send a whole request — its head, and then its body when it
        /// has one — once it has started (and how long a new connection may stay silent). Default
        /// `10 s`: ample for any real client (a 16 KiB body at 1.6 KB/s), short enough that
        /// slow-sending clients cannot hold connections open; the late request is answered
        /// `408 Request Timeout` and the connection closed.
        public var headerReadTimeout: Duration = .seconds(10)

        /// How long a keep-alive connection may sit idle between requests before it is closed.
        /// Default `30 s`: browsers reuse connections within seconds, and idle ones cost a descriptor.
        public var keepAliveIdleTimeout: Duration = .seconds(30)

        /// How long a response may wait for the client to read any of it. Default `30 s`; a client
        /// that stops reading for longer is dropped, so it cannot pin the response's memory.
        public var writeTimeout: Duration = .seconds(30)

        /// After the last response on a closing connection, how long the server keeps reading and
        /// discarding what the client still sends before closing. Default `2 s`: closing with unread
        /// input makes the kernel reset the connection, which can destroy the response in flight.
        public var lingeringCloseTimeout: Duration = .seconds(2)

        /// How long ``HTTPServer/shutdown()`` waits for requests in flight. Default `10 s`, inside the
        /// usual 30 s a process manager allows after SIGTERM. A request the handler has still not
        /// answered then is cancelled and answered `503` with `Retry-After` and `Connection: close`;
        /// those answers, and responses still being written, get ``shutdownClosingTime`` more before
        /// every connection is closed.
        public var shutdownGracePeriod: Duration = .seconds(10)

        /// After ``shutdownGracePeriod``, how long the answers still being written (and the lingering
        /// closes behind them) get before every connection is closed. Default `1 s`: a `503` goes out
        /// at once, and a stop stays bounded by the grace period and this.
        public var shutdownClosingTime: Duration = .seconds(1)

        /// The most connections open at once. Default `1024`, under the usual descriptor limit. A
        /// new connection beyond it makes room by closing the connection that gives the server
        /// least — the longest idle keep-alive (or silent new) connection, else the one that has
        /// been sending an incomplete request (its head, or the body behind it) longest; one
        /// answering a request is never closed. When there is none, the new one is answered a bare
        /// `503` and closed.
        public var maxConnections: Int = 1024

        /// The most connections open at once from one client address, or nil for no such limit (the
        /// default, like nginx's `limit_conn`). A new connection from an address at the limit is
        /// answered a bare `503` and closed. Behind a reverse proxy every connection comes from the
        /// proxy's address, so leave it nil there and limit clients at the proxy.
        public var maxConnectionsPerAddress: Int? = nil

        /// The kernel's send buffer for each accepted socket (`SO_SNDBUF`, which Linux doubles for
        /// its bookkeeping). Default `131072` (128 KiB): a cached image of tens of kilobytes leaves
        /// in one `send`, while a client that reads nothing pins at most this much kernel memory
        /// besides the one response in the server's own memory, instead of the megabytes the
        /// kernel's autotuning would grant.
        public var socketSendBufferBytes: Int = 128 * 1024

        /// Called once per response, on an event-loop thread, when its last byte has been handed to
        /// the kernel — not when it is queued, so a response the client never took is not logged
        /// (it goes to ``dropLog``). Covers the handler's responses and the server's own answers:
        /// its refusals (`400`, `408`, `411`, `413`, `414`, `417`, `431`, `501`, `505`), the `503` of a
        /// shutdown and the bare `503` to a connection refused on arrival. Default `nil` (no log).
        /// It must return quickly: it runs in the server's hot path.
        public var accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil

        /// Called, on an event-loop thread, for every request the server read but never answered
        /// whole (client gone, write timeout, shutdown) and every connection it refused or closed to
        /// make room, with the reason. Default `nil` (not reported). It must return quickly.
        public var dropLog: (@Sendable (DropLogEntry) -> Void)? = nil

        /// Receives the server's own complaints: responses it refused to send, handlers that answered
        /// twice. It must return quickly: it runs on an event loop. Default: one line on standard
        /// error, never waited for (``writeToStandardError(_:)``).
        public var errorLog: @Sendable (String) -> Void = HTTPServer.Configuration.writeToStandardError

        /// A configuration with every default.
        public init() {}

        /// A configuration that listens on `host`:`port` with every other default.
        public init(host: String, port: Int) {
            self.host = host
            self.port = port
        }

        static var defaultEventLoopCount: Int {
            min(max((sysconf(Int32(_SC_NPROCESSORS_ONLN)) + 1) / 2, 1), 4)
        }

        /// Writes `message` and a newline on standard error when it can take them now, else drops
        /// them: a stalled reader (a full pipe) must never hold an event loop, or the exit on
        /// `SIGQUIT`. A pipe that polls writable has room for `PIPE_BUF` bytes, which a write of at
        /// most that many fills without waiting, so a longer message is cut there.
        @Sendable static func writeToStandardError(_ message: String) {
            var line = Array(message.utf8.prefix(Int(PIPE_BUF) - 1))
            line.append(UInt8(ascii: "\n"))
            var standardError = pollfd(fd: STDERR_FILENO, events: Int16(POLLOUT), revents: 0)
            guard poll(&standardError, 1, 0) == 1, standardError.revents & Int16(POLLOUT) != 0 else { return }
            line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
