import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec

/// `relief-bench compare`: the encoder's defaults against the settings before colour-type
/// reduction (zlib level 5, RGB unfiltered or RGBA with the up filter, no palette or grey, which
/// give the same bytes as the encoder of Renderer version 3), on the same pixels, the two taking
/// turns run by run so that the machine's slow and fast spells fall on both alike.
enum EncoderComparison {
    static let before = PNGEncoder(configuration: .init(
        palette: .init(level: 5, filters: .none, strategy: .default), grey: .init(level: 5, filters: .none, strategy: .default),
        greyAlpha: .init(level: 5, filters: .up, strategy: .default), rgb: .init(level: 5, filters: .none, strategy: .default),
        rgba: .init(level: 5, filters: .up, strategy: .default), reductions: [.alpha]
    ))

    static func run(renderer: Renderer) throws {
        let runs = Bench.runs(standard: 100)
        let encoders = [before, PNGEncoder()]
        let f = Bench.formatted
        print("relief-bench compare: \(runs) turns per case, median encode ms (wall clock), release build\n")
        print("| query | before ms | before bytes | now ms | now bytes | now / before ms |")
        print("|---|---:|---:|---:|---:|---:|")
        var ratios: [Double] = []
        var medians: [[Double]] = [[], []]
        let clock = ContinuousClock()
        for query in Bench.cases {
            let image = try renderer.image(for: try RenderSpec.parse(query: query))
            var times: [[Double]] = [[], []]
            var sizes = [0, 0]
            for turn in 0..<(runs + 2) {
                for (index, encoder) in encoders.enumerated() {
                    let start = clock.now
                    let png = try encoder.encode(rgba: image.rgba, width: image.width, height: image.height)
                    if turn >= 2 { times[index].append(Bench.milliseconds(clock.now - start)) }
                    sizes[index] = png.count
                }
            }
            let caseMedians = times.map(Bench.median)
            medians[0].append(caseMedians[0])
            medians[1].append(caseMedians[1])
            ratios.append(caseMedians[1] / caseMedians[0])
            print("| `\(query)` | \(f(caseMedians[0], 2)) | \(sizes[0]) | \(f(caseMedians[1], 2)) | \(sizes[1]) | \(f(ratios.last!, 2)) |")
        }
        let (before, now) = (Bench.median(medians[0]), Bench.median(medians[1]))
        print("\nmedian encode ms over the cases: before \(f(before, 2)), now \(f(now, 2)); ratio of the medians \(f(now / before, 2)), "
            + "median of the cases' ratios \(f(Bench.median(ratios), 2))")
    }
}
