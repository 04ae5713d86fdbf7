import ReliefRender
import ReliefScreen
import ReliefSpec

/// `relief-bench`, after the formats: screens against their components drawn alone, in turns, CPU time.
///
/// - Each of ``oneElementQueries`` as `/render` draws and encodes it, its one-element screen
///   (``Renderer/file(for:effort:supervisor:)``), against its component's scene drawn and encoded
///   directly (``Renderer/png(for:effort:supervisor:)``): what the screen's route costs beyond the
///   drawing, which should be next to nothing.
/// - The gallery's music player (about ten elements) at scale 2, drawn and encoded as one screen,
///   against the sum of its components drawn and encoded alone as `/render` draws each (its default
///   margin and style background) at the size the screen gives it (a flexible control the column's
///   width). The target: the screen within `targetRatio` × that sum, since it draws each component
///   once on one canvas.
enum ScreenTimings {
    static let targetRatio = 1.2

    /// Components whose one-element screen is timed against their scene drawn directly: the default
    /// button, a card, a switch (a state that changes) and a segmented picker (a flexible control with words).
    static let oneElementQueries = ["component=button", "component=card", "component=switch", "component=segmented"]

    static func run(renderer: Renderer) throws {
        try runOneElement(renderer: renderer)
        try runMusicPlayer(renderer: renderer)
    }

    /// CPU milliseconds `work` takes.
    static func cpu(_ work: () throws -> Void) rethrows -> Double {
        let start = Bench.processCPUMilliseconds()
        try work()
        return Bench.processCPUMilliseconds() - start
    }

    /// The one-element screens RELIEF_BENCH_ONLY picks: those whose query contains it, or all of
    /// them when it names this part (`screen`, `one-element`).
    static func runOneElement(renderer: Renderer) throws {
        let queries = oneElementQueries.filter { query in
            Bench.only.map { query.contains($0) || "screen".contains($0) || "one-element".contains($0) } ?? true
        }
        guard !queries.isEmpty else { return }
        let runs = Bench.runs(standard: 50)
        let f = Bench.formatted
        print(
            "\none-element screens (`/render`) against their component's scene drawn directly, in turns over \(runs) runs, CPU:")
        for query in queries {
            let spec = try RenderSpec.parse(query: query)
            var ratios: [Double] = [], screenTimes: [Double] = [], directTimes: [Double] = []
            for run in 0..<(TimingTable.warmUpRuns + runs) {
                let screen = try cpu { _ = try renderer.file(for: spec, effort: .fast) }
                let direct = try cpu { _ = try renderer.png(for: spec, effort: .fast) }
                if run >= TimingTable.warmUpRuns {
                    ratios.append(screen / direct)
                    screenTimes.append(screen)
                    directTimes.append(direct)
                }
            }
            print(
                "  \(query): \(f(Bench.median(screenTimes), 3)) ms against \(f(Bench.median(directTimes), 3)) ms: "
                    + "\(f(Bench.median(ratios), 3)) ×")
        }
    }

    static func runMusicPlayer(renderer: Renderer) throws {
        let entry = ScreenShowcase.musicPlayer
        guard Bench.only.map({ entry.name.contains($0) || "screen".contains($0) }) ?? true else { return }
        let runs = Bench.runs(standard: 20)
        let query = entry.pictures[0].query
        let screen = try ScreenRequest.parse(query: "source=" + ScreenSource.encode(entry.layout) + "&" + query)
        let drawn = try renderer.laidOutScreen(screen).drawing
        let alone = try screen.components.compactMap { drawn.specs[$0] }.map { spec in
            var own = spec
            own.output.margin = nil
            own.output.background = .style
            return try RenderSpec.parse(query: own.canonicalQuery)
        }
        var ratios: [Double] = [], screenTimes: [Double] = [], sums: [Double] = []
        for run in 0..<(TimingTable.warmUpRuns + runs) {
            let whole = try cpu { _ = try renderer.file(for: screen, effort: .fast) }
            let parts = try cpu { for spec in alone { _ = try renderer.file(for: spec, effort: .fast) } }
            if run >= TimingTable.warmUpRuns {
                ratios.append(whole / parts)
                screenTimes.append(whole)
                sums.append(parts)
            }
        }
        let f = Bench.formatted, ratio = Bench.median(ratios)
        print(
            "\nscreen `\(entry.name)` (\(screen.looks.count) elements, \(alone.count) components, \(query)), in turns over \(runs) runs: "
                + "CPU \(f(Bench.median(screenTimes), 2)) ms against \(f(Bench.median(sums), 2)) ms for its components alone: "
                + "\(f(ratio, 3)) × (≤ \(targetRatio)) \(ratio <= targetRatio ? "PASS" : "FAIL")")
    }
}
