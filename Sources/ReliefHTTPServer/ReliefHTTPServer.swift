// ReliefHTTPServer: an HTTP/1.1 server on non-blocking sockets and epoll, with every limit named.
//
// Main types: `HTTPServer` and its `Configuration` (every limit and timeout a named field with a
// documented default, docs/HTTP.md); the event loops and acceptor over an `EventLoopTransport`
// (readiness, bytes, doorbell and clock: `SocketTransport` is epoll and sockets, the tests' is in
// memory); `ConnectionStateMachine` (a connection's life as an enum whose cases carry their data,
// returning actions, tested without sockets or clocks) driven by a thin I/O shell;
// `RequestHeadParser` and `RequestFraming` (heads and bodies, RFC 9112; a refusal is a status and a
// reason); `HTTPHeaders` and `HTTPHeaderBlock` (fields checked and written out once); and
// `HTTPHandler`, `HTTPRequest` and `HTTPResponse`, its face to an application. Every answer and
// every request let go is reported to the application's hooks (`AccessLogEntry`, `DropLogEntry`).
//
// It knows nothing of Relief: no module of the project but ReliefLock and ReliefEscaping, no routes,
// renders or caches. It takes requests and hands them to an `HTTPHandler`; system calls go through
// one helper that handles `EINTR` and `EAGAIN`, and only `SocketTransport` calls them on sockets.
