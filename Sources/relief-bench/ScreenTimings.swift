import ReliefRender
import ReliefScreen
import ReliefSpec

/// `relief-bench`, after the formats: a screen against its components drawn alone, in turns, CPU time.
///
/// The gallery's music player (about ten elements) at scale 2, drawn and encoded as one screen,
/// against the sum of its components drawn and encoded alone as `/render` draws each (its default
/// margin and style background) at the size the screen gives it (a flexible control the column's
/// width). The target: the screen within `targetRatio` × that sum, since it draws each component
/// once on one canvas.
enum ScreenTimings {
    static let targetRatio = 1.2

    static func run(renderer: Renderer) throws {
        try runMusicPlayer(renderer: renderer)
    }

    /// CPU milliseconds `work` takes.
    static func cpu(_ work: () throws -> Void) rethrows -> Double {
        let start = Bench.processCPUMilliseconds()
        try work()
        return Bench.processCPUMilliseconds() - start
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
