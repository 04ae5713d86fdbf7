import Dispatch
import Foundation
import Glibc
import ReliefLock
import Testing

/// `relief serve` as a child process under floods of large renders at once: its peak resident
/// memory (VmHWM) stays within the cache's budget, the renders' budget and 64 MiB for the rest,
/// and each request gets an answer it may get — a render, a `503` to come back later, or a `400`
/// for work no render may hold under the budget.
///
/// With `RELIEF_BINARY` naming a release build (as `make swift-test` does), the floods are the
/// largest still there is — 4096 × 4096 pixels with `simulate=lowvision` — eight at once, and the
/// largest animation allowed (32 pictures of 1448 × 1448 pixels with low vision, estimated at
/// 373 MiB) alone and many at once among large stills and small renders, under budgets that refuse
/// it and one that runs it, and everything under the smallest budget, `--render-mb 16 --cache-mb 0`.
/// Without it, the debug `relief` beside the tests draws a megapixel in seconds, so the flood is
/// of megapixel images under budgets scaled down to match. Under a sanitizer, whose shadow memory
/// makes resident memory meaningless and renders slow, small images only check that the flood is
/// answered.
@Suite("Render memory budget", .serialized)
struct RenderMemoryBudgetTests {
    struct Flood: CustomTestStringConvertible, Sendable {
        var name: String
        var renderMiB: Int
        var cacheMiB: Int
        /// Each query sent at once, with the statuses it may be answered.
        var requests: [(query: String, statuses: [Int])]
        /// Whether the peak is held to the bound.
        var measuresMemory = true

        var testDescription: String { "\(name), --render-mb \(renderMiB) --cache-mb \(cacheMiB)" }
    }

    /// Whether ThreadSanitizer or AddressSanitizer runs in this process (and so in the child built beside it).
    static let isSanitized = ["__tsan_init", "__asan_init"].contains { (name: String) in
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) != nil
    }

    /// The largest animation allowed (issue 26), distinct for each `index` at the same cost.
    static func largestAnimation(_ index: Int) -> String {
        "component=toggle&shape=rounded&width=362&height=362&scale=4&margin=0&animate=true&fps=60&loop=true"
            + "&simulate=lowvision&contrast=high&radius=\(20 + index)"
    }

    /// The largest still, distinct for each `index`.
    static func largestStill(_ index: Int) -> String {
        "component=card&width=960&height=960&scale=4&margin=32&simulate=lowvision&radius=\(10 + index)"
    }

    /// A small render, distinct for each `index`.
    static func small(_ index: Int) -> String { "size=100&margin=\(index)" }

    static let floods: [Flood] = {
        if ProcessInfo.processInfo.environment["RELIEF_BINARY"] != nil {
            let small = (0..<8).map { (Self.small($0), [200]) }
            return [
                Flood(
                    name: "eight largest stills", renderMiB: 256, cacheMiB: 64,
                    requests: (0..<8).map { (largestStill($0), [200]) }),
                Flood(
                    name: "the largest animation, more than one render may hold", renderMiB: 256, cacheMiB: 64,
                    requests: [(largestAnimation(0), [400])] + (0..<2).map { (largestStill($0), [200]) } + small),
                Flood(
                    name: "the largest animation alone", renderMiB: 512, cacheMiB: 64, requests: [(largestAnimation(0), [200])]),
                Flood(
                    name: "six largest animations, four largest stills and small renders at once", renderMiB: 512, cacheMiB: 64,
                    requests: (0..<6).map { (largestAnimation($0), [200, 503]) } + (0..<4).map { (largestStill($0), [200, 503]) }
                        + small),
                Flood(
                    name: "everything under the smallest budget", renderMiB: 16, cacheMiB: 0,
                    requests: (0..<4).map { (largestAnimation($0), [400]) } + (0..<4).map { (largestStill($0), [400]) }
                        + (0..<4).map { ("component=card&width=300&height=300&radius=\(10 + $0)", [200, 503]) } + small),
            ]
        }
        if isSanitized {
            return [
                Flood(
                    name: "small renders", renderMiB: 16, cacheMiB: 1,
                    requests: (0..<4).map { ("component=card&width=60&height=60&radius=\(10 + $0)", [200]) },
                    measuresMemory: false)
            ]
        }
        // 1152 × 1152 pixels: an estimate of 29 MiB each, so one at a time within the 42 MiB one
        // render may hold of 48.
        return [
            Flood(
                name: "megapixel cards", renderMiB: 48, cacheMiB: 1,
                requests: (0..<5).map {
                    ("component=card&width=256&height=256&scale=4&margin=16&radius=\(10 + $0)", [200])
                })
        ]
    }()

    /// The relief executable: `RELIEF_BINARY`, else the one beside the tests.
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["RELIEF_BINARY"] { return URL(fileURLWithPath: path) }
        return try reliefExecutable()
    }

    @Test(arguments: floods)
    func aFloodOfRendersStaysWithinTheBudgets(_ flood: Flood) throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        // No access log: nothing reads the process's output after its banner.
        let server = try ServeProcess(
            [
                "--public", site.path, "--cache-mb", String(flood.cacheMiB), "--render-mb", String(flood.renderMiB),
                "--access-log", "off",
            ], executable: Self.binary())
        let served = server.port

        let unexpected = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: flood.requests.count) { index in
            let (query, statuses) = flood.requests[index]
            let status = (try? LoopbackExchange(port: served, target: "/render?" + query, timeoutSeconds: 600))?.status ?? 0
            if !statuses.contains(status) { unexpected.withLock { $0.append("\(query): \(status)") } }
        }
        #expect(unexpected.withLock { $0 } == [])
        guard flood.measuresMemory else { return }
        let peakKiB = try #require(server.kibibytes("VmHWM"))
        let boundKiB = (flood.cacheMiB + flood.renderMiB + 64) << 10
        #expect(peakKiB <= boundKiB, "peak \(peakKiB >> 10) MiB against \(boundKiB >> 10) MiB")
    }
}
