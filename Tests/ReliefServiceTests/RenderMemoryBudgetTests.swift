import Dispatch
import Foundation
import Glibc
import ReliefLock
import Testing

/// `relief serve` as a child process under a flood of large renders at once: its peak resident
/// memory (VmHWM) stays within the cache's budget, the renders' budget and 64 MiB for the rest.
///
/// With `RELIEF_BINARY` naming a release build (as `make swift-test` does), the flood is the
/// largest image there is — 4096 × 4096 pixels with `simulate=lowvision` — eight at once, under
/// the default budgets. Without it, the debug `relief` beside the tests draws a megapixel in
/// seconds, so the flood is of megapixel images under budgets scaled down to match. Under a
/// sanitizer, whose shadow memory makes resident memory meaningless and renders slow, small
/// images only check that the flood is answered.
@Suite("Render memory budget", .serialized)
struct RenderMemoryBudgetTests {
    struct Flood {
        var renderMiB: Int
        var cacheMiB: Int
        var queries: [String]
        /// Whether the peak is held to the bound.
        var measuresMemory = true
    }

    /// Whether ThreadSanitizer or AddressSanitizer runs in this process (and so in the child built beside it).
    static let isSanitized = ["__tsan_init", "__asan_init"].contains { (name: String) in dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil }

    static let flood: Flood = {
        if ProcessInfo.processInfo.environment["RELIEF_BINARY"] != nil {
            return Flood(renderMiB: 256, cacheMiB: 64, queries: (0..<8).map {
                "component=card&width=960&height=960&scale=4&margin=32&simulate=lowvision&radius=\(10 + $0)"
            })
        }
        if isSanitized {
            return Flood(renderMiB: 16, cacheMiB: 1, queries: (0..<4).map { "component=card&width=60&height=60&radius=\(10 + $0)" },
                         measuresMemory: false)
        }
        // 1152 × 1152 pixels: an estimate of 17 MiB each, so one at a time within 24 MiB.
        return Flood(renderMiB: 24, cacheMiB: 1, queries: (0..<5).map {
            "component=card&width=256&height=256&scale=4&margin=16&radius=\(10 + $0)"
        })
    }()

    /// The relief executable: `RELIEF_BINARY`, else the one beside the tests.
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["RELIEF_BINARY"] { return URL(fileURLWithPath: path) }
        return try reliefExecutable()
    }

    /// The kibibytes after `field:` in /proc/`pid`/status.
    static func status(_ field: String, of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }

    @Test func concurrentLargeRendersStayWithinTheBudgets() throws {
        let flood = Self.flood
        let site = try TemporaryDirectory()
        defer { site.remove() }
        let log = site.path + "/serve.log"
        #expect(FileManager.default.createFile(atPath: log, contents: nil))
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = ["serve", "--port", "0", "--public", site.path, "--cache-mb", String(flood.cacheMiB),
                             "--render-mb", String(flood.renderMiB)]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        try process.run()
        defer {
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
        }
        var port: Int?
        #expect(eventually(within: .seconds(20)) {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            port = text.firstMatch(of: #/serving http://127\.0\.0\.1:(\d+) /#).flatMap { Int($0.1) }
            return port != nil
        })
        let served = try #require(port)

        let statuses = Locked([Int]())
        DispatchQueue.concurrentPerform(iterations: flood.queries.count) { index in
            let status = (try? LoopbackExchange(port: served, target: "/render?" + flood.queries[index], timeoutSeconds: 600))?.status
            statuses.withLock { $0.append(status ?? 0) }
        }
        #expect(statuses.withLock { $0 } == [Int](repeating: 200, count: flood.queries.count))
        guard flood.measuresMemory else { return }
        let peakKiB = try #require(Self.status("VmHWM", of: process.processIdentifier))
        let boundKiB = (flood.cacheMiB + flood.renderMiB + 64) << 10
        #expect(peakKiB <= boundKiB, "peak \(peakKiB >> 10) MiB against \(boundKiB >> 10) MiB")
    }
}
