import Dispatch
import Foundation
import Glibc
import ReliefLock
import ReliefScreen
import Testing
import ValidRequests

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

    /// Random valid requests, not one case: `/render` queries from the parameter table (every
    /// component, format, animation and simulation), and one in four a screen of Tests/screens in a
    /// random format, style and scale, animated or not, and one in eight a large still at scale 2 to
    /// 4, sent by two clients one after another.
    static func randomMix(count: Int, seed: UInt64) throws -> [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("screens")
        let layouts = try ["player", "settings", "components"].map {
            try String(contentsOf: folder.appendingPathComponent("\($0).layout"), encoding: .utf8)
        }
        let sizes: ValidRequest.Sizes = ProcessInfo.processInfo.environment["RELIEF_BINARY"] != nil ? .any : .small
        var choices = SeededChoices(seed: seed)
        return (0..<count).compactMap { _ in
            if choices.oneIn(8) {
                // A large still now and then, as a designer's retina mockup asks: most of the memory.
                let side = 200 + choices.choose(below: sizes == .any ? 760 : 100)
                return "/render?component=\(choices.pick(["card", "well", "button"]))&width=\(side)&height=\(side)"
                    + "&scale=\(choices.pick(sizes == .any ? ["2", "3", "4"] : ["1"]))&style=\(choices.pick(["light", "dark", "colorful"]))"
            }
            guard choices.oneIn(4) else { return ValidRequest.make(&choices, sizes: sizes).map { "/render?" + $0.query } }
            let format = choices.pick(["png", "png", "svg", "html", "css", "swiftui", "json"])
            let animation = format == "png" && choices.oneIn(4) ? "&animate=true" : ""
            return "/screen?source=" + ScreenSource.encode(choices.pick(layouts)) + "&format=\(format)" + animation
                + "&style=\(choices.pick(["light", "dark", "colorful", "soft"]))&scale=\(choices.pick(["1", "2", "3"]))"
        }
    }

    /// Under the default budgets and the smallest: the peak within the bound whatever the mix, every
    /// answer one it may be (`400` for a screen or render no render may hold under the budget, `503`
    /// to come back later), and within 10 s of the load stopping the process holds at most the cache
    /// and 96 MiB (freed memory is given back once renders have stopped).
    @Test(arguments: [(256, 64), (16, 0)])
    func aRandomMixStaysWithinTheBudgetsAndIsGivenBackWhenIdle(renderMiB: Int, cacheMiB: Int) throws {
        guard !Self.isSanitized else { return }
        let site = try TemporaryDirectory()
        defer { site.remove() }
        let server = try ServeProcess(
            [
                "--public", site.path, "--cache-mb", String(cacheMiB), "--render-mb", String(renderMiB),
                "--access-log", "off",
            ], executable: Self.binary())
        let served = server.port
        let isRelease = ProcessInfo.processInfo.environment["RELIEF_BINARY"] != nil
        let clients = try (0..<2).map { try Self.randomMix(count: isRelease ? 200 : 20, seed: UInt64(renderMiB * 10 + $0)) }
        let unexpected = Locked([String]())
        DispatchQueue.concurrentPerform(iterations: clients.count) { client in
            for target in clients[client] {
                let status = (try? LoopbackExchange(port: served, target: target, timeoutSeconds: 600))?.status ?? 0
                if ![200, 400, 503].contains(status) { unexpected.withLock { $0.append("\(target): \(status)") } }
            }
        }
        #expect(unexpected.withLock { $0 } == [])
        let peakKiB = try #require(server.kibibytes("VmHWM"))
        let boundKiB = (cacheMiB + renderMiB + 64) << 10
        #expect(peakKiB <= boundKiB, "peak \(peakKiB >> 10) MiB against \(boundKiB >> 10) MiB")
        let idleBoundKiB = (cacheMiB + 96) << 10
        let givenBack = childProcessState(within: .seconds(10)) { (server.kibibytes("VmRSS") ?? .max) <= idleBoundKiB }
        #expect(givenBack, "\(server.kibibytes("VmRSS") ?? 0 >> 10) KiB resident against \(idleBoundKiB) KiB")
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
