import Foundation
import ReliefRender
import ReliefSpec

/// `relief-bench sizes`: the smallest encoding (what `relief render` writes and the service serves
/// for a query asked for again) of a wide set of renders against `optipng -o2` on the same pixels:
/// every gallery picture at scales 1, 2 and 3 on its style's background and on a transparent one,
/// and at scale 2 on a colour. Prints the median and the worst ratio and the worst renders, so a
/// claim about every render rests on more than the bench's own cases. Animations are left out:
/// optipng keeps an APNG's default image only.
enum SizeSurvey {
    static let worstShown = 10

    static var queries: [String] {
        Showcase.pictures.flatMap { picture -> [String] in
            let base = picture.entry.query(style: picture.style)
            guard !base.contains("animate=true") else { return [] }
            return [1, 2, 3].flatMap { scale in ["", "&background=transparent"].map { base + "&scale=\(scale)" + $0 } }
                + [base + "&scale=2&background=f4e9d8"]
        }
    }

    static func run(renderer: Renderer, scratch: URL) throws {
        let all = queries.filter { Bench.only.map($0.contains) ?? true }
        var ratios: [(query: String, ratio: Double)] = []
        for query in all {
            let png = try renderer.png(for: try RenderSpec.parse(query: query))
            guard let optipng = Bench.optipngSize(of: png.bytes, directory: scratch) else {
                throw CocoaError(.executableNotLoadable, userInfo: [NSLocalizedDescriptionKey: "optipng is needed"])
            }
            ratios.append((query, Double(png.bytes.count) / Double(optipng)))
        }
        let f = Bench.formatted
        let sorted = ratios.sorted { $0.ratio > $1.ratio }
        print("relief-bench sizes: \(ratios.count) renders, the smallest encoding against optipng -o2\n")
        print("| worst renders | PNG / optipng |\n|---|---:|")
        for row in sorted.prefix(worstShown) { print("| `\(row.query)` | \(f(row.ratio, 3)) |") }
        let worst = sorted.first?.ratio ?? 0
        print(
            "\nPNG size / optipng -o2 over \(ratios.count) renders: median \(f(Bench.median(ratios.map(\.ratio)), 3)), "
                + "worst \(f(worst, 3)) (≤ \(TimingTable.worstSizeRatio)) \(worst <= TimingTable.worstSizeRatio ? "PASS" : "FAIL")"
        )
    }
}
