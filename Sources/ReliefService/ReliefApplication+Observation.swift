import ReliefHTTPServer

extension ReliefApplication {
    /// Counts and logs one response the server has written: install it as the server's
    /// ``HTTPServer/Configuration/accessLog`` hook. It is the one path to the access log and the
    /// request metrics, so both see every answer — the application's and the server's own refusals —
    /// and neither sees one twice.
    public func responseWritten(_ entry: AccessLogEntry) {
        metrics.recordRequest(route: ServiceMetrics.Route(path: entry.path), status: entry.status)
        accessLog?.write(entry)
    }
}
