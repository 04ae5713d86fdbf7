import ReliefHTTPServer

extension ReliefApplication {
    /// Counts and logs one response the server has written: install it as the server's
    /// ``HTTPServer/Configuration/accessLog`` hook. It is the one path to the access log and the
    /// request metrics, so both see every answer — the application's and the server's own refusals —
    /// and neither sees one twice.
    public func responseWritten(_ entry: AccessLogEntry) {
        metrics.recordResponse(entry)
        accessLog?.write(entry)
    }

    /// Counts one request the server let go unanswered, or one connection it refused or closed to
    /// make room: install it as the server's ``HTTPServer/Configuration/dropLog`` hook.
    public func workDropped(_ entry: DropLogEntry) {
        metrics.recordDrop(entry.reason)
    }
}
