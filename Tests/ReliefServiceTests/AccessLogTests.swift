import Foundation
import Glibc
import ReliefHTTPServer
import Testing

@testable import ReliefService

extension AccessLog {
    /// The line of `entry` in `format`, as a string to compare.
    static func line(for entry: AccessLogEntry, format: Format) -> String {
        var line: [UInt8] = []
        appendLine(for: entry, format: format, to: &line)
        return String(decoding: line, as: UTF8.self)
    }
}

@Suite("Access log")
struct AccessLogTests {
    static func entry(_ target: String, status: Int = 200, note: String? = "hit") -> AccessLogEntry {
        AccessLogEntry(
            method: "GET", target: target, status: status, bodyBytes: 17553, duration: .microseconds(210),
            remoteAddress: "127.0.0.1", note: note)
    }

    @Test func textLinesNameMethodTargetStatusBytesDurationAndNote() {
        #expect(
            AccessLog.line(for: Self.entry("/render?style=dark"), format: .text)
                == "GET /render?style=dark 200 17553B 0.21ms hit\n")
        let unread = AccessLogEntry(method: "", target: "", status: 400, bodyBytes: 12, duration: .zero, remoteAddress: "::1")
        #expect(AccessLog.line(for: unread, format: .text) == "- - 400 12B 0.00ms -\n")
    }

    @Test func jsonLinesAreOneObjectEach() throws {
        let line = AccessLog.line(for: Self.entry("/render?label=\"x\""), format: .json)
        #expect(line.hasSuffix("}\n") && line.filter { $0 == "\n" }.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["method"] as? String == "GET")
        #expect(object["target"] as? String == "/render?label=\"x\"")
        #expect(object["status"] as? Int == 200)
        #expect(object["bytes"] as? Int == 17553)
        #expect(object["duration_ms"] as? Double == 0.21)
        #expect(object["note"] as? String == "hit")
        #expect(object["remote"] as? String == "127.0.0.1")
        let time = try #require(object["time"] as? String)
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
        let withoutNote = AccessLog.line(for: Self.entry("/", note: nil), format: .json)
        #expect(!withoutNote.contains("\"note\""))
    }

    @Test(arguments: AccessLog.Format.allCases)
    func theDroppedLinesNoticeCountsThem(format: AccessLog.Format) {
        let notice = AccessLog.droppedLinesNotice(1234, format: format)
        #expect(notice.contains("1234") && notice.hasSuffix("\n"))
    }

    @Test func linesReachAFileAndAFlushWaitsForThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let log = try AccessLog(destination: .file(directory.path + "/access.log"))
        for index in 0..<1000 { log.write(Self.entry("/\(index)")) }
        #expect(log.flush(within: .seconds(20)))
        let lines = try String(contentsOfFile: directory.path + "/access.log", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1000)
        #expect(lines.last == "GET /999 200 17553B 0.21ms hit")
        #expect(log.droppedLines == 0)
    }

    @Test func aFileThatCannotBeOpenedIsAnError() {
        #expect(throws: (any Error).self) { try AccessLog(destination: .file("/nonexistent/directory/access.log")) }
    }

    @Test func reopeningAfterRotationWritesToANewFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/access.log"
        let log = try AccessLog(destination: .file(path))
        log.write(Self.entry("/before"))
        #expect(log.flush(within: .seconds(20)))
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        log.reopen()
        log.write(Self.entry("/after"))
        #expect(log.flush(within: .seconds(20)))
        #expect(try String(contentsOfFile: path + ".1", encoding: .utf8) == "GET /before 200 17553B 0.21ms hit\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "GET /after 200 17553B 0.21ms hit\n")
    }

    /// A FIFO nobody reads stands for a stalled log collector: writing never blocks the caller, the
    /// buffer stays bounded, lines beyond it are counted, and once the reader drains the FIFO a
    /// line says how many were dropped.
    @Test func aDestinationThatTakesNothingCostsDroppedLinesNotBlockingOrMemory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path + "/stalled"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Opened for reading first, without blocking, so the log's open for writing finds a reader.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let log = try AccessLog(destination: .file(fifo), bufferBytes: 64 << 10)
        // The collector stalled with the pipe full, so the log's first write blocks: into an empty
        // 64 KiB pipe, the 64 KiB buffer of lines that an optimized build appends before the writer
        // wakes would all go, and the flush below succeed.
        let filler = open(fifo, O_WRONLY | O_NONBLOCK)
        #expect(filler >= 0)
        let fillerLine = Array("filler\n".utf8)
        while fillerLine.withUnsafeBytes({ Glibc.write(filler, $0.baseAddress, $0.count) }) > 0 {}
        close(filler)

        let clock = ContinuousClock()
        let started = clock.now
        let longTarget = "/healthz?" + String(repeating: "x", count: 1000)
        for _ in 0..<2000 { log.write(Self.entry(longTarget)) }
        // 2 MB of lines against a full pipe and a 64 KiB buffer: most are dropped, and quickly.
        #expect(clock.now - started < .seconds(10))
        #expect(log.droppedLines > 1000)
        #expect(!log.flush(within: .milliseconds(200)))

        // The reader drains the FIFO: the rest arrives after a line counting the dropped ones.
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let deadline = clock.now + .seconds(20)
        // Paced by the flush, which waits its millisecond for the writer each time round.
        while !log.flush(within: .milliseconds(1)), clock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count > 0 { received += buffer[..<count] }
        }
        while case let count = buffer.withUnsafeMutableBytes({ read(reader, $0.baseAddress, $0.count) }), count > 0 {
            received += buffer[..<count]
        }
        // Lines are dropped in bursts, each burst's count said before the next lines written.
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        let notices = lines.filter { $0.hasPrefix("relief: ") }
        #expect(!notices.isEmpty)
        let noticed = notices.compactMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }.reduce(0, +)
        #expect(noticed == log.droppedLines)
        #expect(lines.filter { $0.hasPrefix("GET ") }.count + log.droppedLines == 2000)
    }
}
