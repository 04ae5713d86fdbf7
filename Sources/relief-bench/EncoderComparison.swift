import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec

/// `relief-bench compare`: the encoder's defaults against the settings before colour-type
/// reduction (zlib level 5, RGB unfiltered or RGBA with the up filter, no palette or grey, which
/// give the same bytes as the encoder of Renderer version 3), on the same pixels, the two taking
/// turns run by run so that the machine's slow and fast spells fall on both alike. Each encode is
/// timed by the wall clock and by the process's CPU time (every encoding thread), which
/// preemption by other processes does not inflate.
enum EncoderComparison {
    static let before = PNGEncoder(
        configuration: .init(
            palette: .init(level: 5, filters: .none, strategy: .default),
            grey: .init(level: 5, filters: .none, strategy: .default),
            greyAlpha: .init(level: 5, filters: .up, strategy: .default),
            rgb: .init(level: 5, filters: .none, strategy: .default),
            rgba: .init(level: 5, filters: .up, strategy: .default), reductions: [.alpha]
        ))

    static func run(renderer: Renderer) throws {
        let runs = Bench.runs(standard: 100)
        let encoders = [before, PNGEncoder()]
        let f = Bench.formatted
        print("relief-bench compare: \(runs) turns per case, median encode ms, release build\n")
        print(
            "| query | before bytes | now bytes | before wall ms | now wall ms | before CPU ms | now CPU ms | now / before CPU |")
        print("|---|---:|---:|---:|---:|---:|---:|---:|")
        // [clock][encoder]: the cases' medians, wall clock first.
        var medians: [[[Double]]] = [[[], []], [[], []]]
        let clock = ContinuousClock()
        for query in Bench.cases {
            let image = try renderer.image(for: try RenderSpec.parse(query: query))
            var times: [[[Double]]] = [[[], []], [[], []]]
            var sizes = [0, 0]
            for turn in 0..<(runs + 2) {
                for (index, encoder) in encoders.enumerated() {
                    let (start, startCPU) = (clock.now, Bench.processCPUMilliseconds())
                    let png = try encoder.encode(rgba: image.rgba, width: image.width, height: image.height)
                    if turn >= 2 {
                        times[0][index].append(Bench.milliseconds(clock.now - start))
                        times[1][index].append(Bench.processCPUMilliseconds() - startCPU)
                    }
                    sizes[index] = png.count
                }
            }
            let caseMedians = times.map { $0.map(Bench.median) }
            for kind in 0..<2 {
                for index in 0..<2 { medians[kind][index].append(caseMedians[kind][index]) }
            }
            print(
                "| `\(query)` | \(sizes[0]) | \(sizes[1]) | \(f(caseMedians[0][0], 2)) | \(f(caseMedians[0][1], 2)) | "
                    + "\(f(caseMedians[1][0], 2)) | \(f(caseMedians[1][1], 2)) | \(f(caseMedians[1][1] / caseMedians[1][0], 2)) |"
            )
        }
        for (kind, name) in ["wall clock", "CPU time"].enumerated() {
            let (before, now) = (Bench.median(medians[kind][0]), Bench.median(medians[kind][1]))
            let ratios = zip(medians[kind][1], medians[kind][0]).map { $0 / $1 }
            print(
                "median encode ms over the cases, \(name): before \(f(before, 2)), now \(f(now, 2)); ratio of the medians "
                    + "\(f(now / before, 2)), median of the cases' ratios \(f(Bench.median(ratios), 2))")
        }
    }
}
