import Glibc
import ReliefHTTPServer
import ReliefRender

extension AccessLog {
    /// The line of `entry` in `format`, with its newline. Received text is escaped by the format's
    /// one escaping: ``LogText`` for text, ``JSONValue`` for JSON.
    static func line(for entry: AccessLogEntry, format: Format) -> String {
        switch format {
        case .text:
            let method = entry.method.isEmpty ? "-" : LogText.escaped(entry.method)
            let target = entry.target.isEmpty ? "-" : LogText.escaped(entry.target)
            return "\(method) \(target) \(entry.status) \(entry.bodyBytes)B \(entry.duration.millisecondsText)ms \(entry.note ?? "-")\n"
        case .json:
            let milliseconds = (entry.duration.seconds * 100_000).rounded() / 100
            return String(decoding: JSONValue.object([
                "time": .string(timestamp()),
                "remote": .string(entry.remoteAddress),
                "method": .string(entry.method),
                "target": .string(entry.target),
                "status": .integer(entry.status),
                "bytes": .integer(entry.bodyBytes),
                "duration_ms": .number(milliseconds),
                "note": entry.note.map(JSONValue.string),
            ]).serialized(), as: UTF8.self) + "\n"
        }
    }

    /// The line saying that `count` lines were dropped, in `format`.
    static func droppedLinesNotice(_ count: Int, format: Format) -> String {
        switch format {
        case .text:
            "relief: \(count) access-log line\(count == 1 ? "" : "s") dropped: the log's destination was not taking them\n"
        case .json:
            String(decoding: JSONValue.object([
                "time": .string(timestamp()),
                "event": .string("access_log_lines_dropped"),
                "lines": .integer(count),
            ]).serialized(), as: UTF8.self) + "\n"
        }
    }

    /// Now in UTC, RFC 3339 with milliseconds: `2025-01-31T12:00:00.123Z`.
    static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))"
            + "T\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2))"
            + ".\(padded(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
