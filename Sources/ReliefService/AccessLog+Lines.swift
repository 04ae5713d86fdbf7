import Glibc
import ReliefHTTPServer
import ReliefRender

extension AccessLog {
    /// Appends the line of `entry` in `format`, with its newline, to `line`. Received text is
    /// escaped by the format's one escaping: ``LogText`` for text, ``JSONValue`` for JSON. A text
    /// line is written byte by byte, without strings of its own: it is on every response's path.
    static func appendLine(for entry: AccessLogEntry, format: Format, to line: inout [UInt8]) {
        switch format {
        case .text:
            appendField(entry.method, to: &line)
            line.append(UInt8(ascii: " "))
            appendField(entry.target, to: &line)
            line.append(UInt8(ascii: " "))
            line.appendDecimal(entry.status)
            line.append(UInt8(ascii: " "))
            line.appendDecimal(entry.bodyBytes)
            line.append(contentsOf: "B ".utf8)
            entry.duration.appendMilliseconds(to: &line)
            line.append(contentsOf: "ms ".utf8)
            line.append(contentsOf: (entry.note ?? "-").utf8)
            line.append(UInt8(ascii: "\n"))
        case .json:
            let milliseconds = (entry.duration.seconds * 100_000).rounded() / 100
            line += JSONValue.object([
                "time": .string(timestamp()),
                "remote": .string(entry.remoteAddress),
                "method": .string(entry.method),
                "target": .string(entry.target),
                "status": .integer(entry.status),
                "bytes": .integer(entry.bodyBytes),
                "duration_ms": .number(milliseconds),
                "note": entry.note.map(JSONValue.string),
            ]).serialized()
            line.append(UInt8(ascii: "\n"))
        }
    }

    /// A text field: `-` when empty (a request line the server could not read), else escaped.
    private static func appendField(_ text: String, to line: inout [UInt8]) {
        if text.isEmpty {
            line.append(UInt8(ascii: "-"))
        } else {
            LogText.append(text, escapedTo: &line)
        }
    }

    /// The line saying that `count` lines were dropped, in `format`.
    static func droppedLinesNotice(_ count: Int, format: Format) -> String {
        switch format {
        case .text:
            "relief: \(count) access-log line\(count == 1 ? "" : "s") dropped: the log's destination was not taking them\n"
        case .json:
            String(
                decoding: JSONValue.object([
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
