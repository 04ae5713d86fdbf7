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

        /// How long a client may take to send a whole request head once it has started one (and how
        /// long a new connection may stay silent). Default `10 s`: ample for any real client, short
        /// enough that slow-sending clients cannot hold connections open; the late head is answered
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

        /// How long ``HTTPServer/shutdown()`` waits for requests in flight before closing every
        /// connection anyway. Default `10 s`, inside the usual 30 s a process manager allows after SIGTERM.
        public var shutdownGracePeriod: Duration = .seconds(10)

        /// The most connections open at once. Default `1024`, under the usual descriptor limit; a
        /// connection beyond it is answered a bare `503` and closed at once, and the others carry on.
        public var maxConnections: Int = 1024

        /// The most requests per connection whose responses are not yet sent. Default `64`; past it
        /// the server stops reading from that connection until responses go out (backpressure).
        public var maxPipelinedRequests: Int = 64

        /// Called once per response, on an event-loop thread, as it is sent. Default `nil` (no log).
        /// It must return quickly: it runs in the server's hot path.
        public var accessLog: (@Sendable (AccessLogEntry) -> Void)? = nil

        /// Receives the server's own complaints: responses it refused to send, handlers that answered
        /// twice. Default: one line on standard error.
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

        @Sendable static func writeToStandardError(_ message: String) {
            var line = Array(message.utf8)
            line.append(UInt8(ascii: "\n"))
            line.withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
    }
}
