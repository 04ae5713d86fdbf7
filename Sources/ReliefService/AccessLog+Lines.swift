import Glibc
import ReliefHTTPServer
import ReliefRender

extension AccessLog {
    /// Appends the line of `entry` in `format`, with its newline, to `line`. Received text is
    /// escaped by the format's one escaping: ``LogText`` for text, ``JSONValue`` for JSON. A text
    /// line is written into memory sized for it, without strings of its own: it is on every
    /// response's path.
    static func appendLine(for entry: AccessLogEntry, format: Format, to line: inout [UInt8]) {
        switch format {
        case .text:
            let method = textField(entry.method)
            let target = textField(entry.target)
            let note = entry.note ?? "-"
            // The fields, the numbers at their longest, and the spaces, `B`, `ms` and newline between them.
            let most =
                method.utf8.count + target.utf8.count + note.utf8.count + 2 * ByteWriter.maxDecimalBytes
                + Duration.mostMillisecondsBytes + "   B ms \n".utf8.count
            // Written on the stack and appended in one copy: no array grows on every response's path.
            withUnsafeTemporaryAllocation(byteCount: most, alignment: 1) { buffer in
                var text = ByteWriter(buffer)
                text.write(utf8Of: method)
                text.write(UInt8(ascii: " "))
                text.write(utf8Of: target)
                text.write(UInt8(ascii: " "))
                text.writeDecimal(entry.status)
                text.write(UInt8(ascii: " "))
                text.writeDecimal(entry.bodyBytes)
                text.write("B ")
                entry.duration.writeMilliseconds(to: &text)
                text.write("ms ")
                text.write(utf8Of: note)
                text.write(UInt8(ascii: "\n"))
                line.append(contentsOf: text.written)
            }
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
    private static func textField(_ text: String) -> String {
        text.isEmpty ? "-" : LogText.escaped(text)
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
