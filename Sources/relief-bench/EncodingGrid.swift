import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec

/// `relief-bench grid`: every case encoded with every filter set, zlib level and strategy, grouped
/// by the image class the encoder writes it as; sizes against `optipng -o2`, times as the mean over
/// the class of each case's median encode time in CPU time of the encoding threads (which other
/// processes on a shared machine do not inflate). What the per-class defaults were chosen from.
enum EncodingGrid {
    static let filterSets: [(name: String, set: PNGEncoder.FilterSet)] = [
        ("none", .none), ("sub", .sub), ("up", .up), ("average", .average), ("paeth", .paeth), ("adaptive", .all),
    ]
    static let strategies: [(name: String, strategy: PNGEncoder.Strategy)] = [
        ("default", .default), ("filtered", .filtered), ("rle", .rle),
    ]
    static let levels = Array(1...9)

    struct Case {
        var query: String
        var image: RenderedImage
        var optipng: Int
    }

    /// One setting measured on one class: the summed sizes, each case's ratio and median time.
    struct Cell {
        var bytes = 0
        var optipng = 0
        var ratios: [Double] = []
        var milliseconds: [Double] = []
        var ratio: Double { Double(bytes) / Double(optipng) }
        var meanMilliseconds: Double { milliseconds.reduce(0, +) / Double(milliseconds.count) }
    }

    static func run(renderer: Renderer, scratch: URL) throws {
        let runs = Bench.runs(standard: 5)
        print("relief-bench grid: \(runs) runs per setting and case (median), release build, one render at a time\n")
        var classes: [String: [Case]] = [:]
        for query in Bench.cases {
            let image = try renderer.image(for: try RenderSpec.parse(query: query))
            let png = try PNGEncoder().encode(rgba: image.rgba, width: image.width, height: image.height)
            guard let optipng = Bench.optipngSize(of: png, directory: scratch) else {
                print("optipng is not installed; the grid needs it")
                return
            }
            let colourType = Bench.colourType(of: png).split(separator: " ")[0]
            classes[String(colourType), default: []].append(Case(query: query, image: image, optipng: optipng))
        }
        for (name, members) in classes.sorted(by: { $0.key < $1.key }) {
            try report(className: name, members, runs: runs)
        }
    }

    private static func report(className: String, _ members: [Case], runs: Int) throws {
        let f = Bench.formatted
        print("## \(className): \(members.count) cases, optipng -o2 \(members.map(\.optipng).reduce(0, +)) bytes in all\n")
        print("size / optipng -o2 (sum over the cases) and mean encode ms (CPU time), by zlib level:\n")
        print("| filters | strategy | " + levels.map { "\($0)" }.joined(separator: " | ") + " |")
        print("|---|---|" + levels.map { _ in "---:" }.joined(separator: "|") + "|")
        var cells: [(setting: String, cell: Cell)] = []
        for (filterName, filters) in filterSets {
            for (strategyName, strategy) in strategies {
                var line = "| \(filterName) | \(strategyName) |"
                for level in levels {
                    let compression = PNGEncoder.Compression(level: level, filters: filters, strategy: strategy)
                    let cell = try measure(members, encoder: PNGEncoder(configuration: .uniform(compression)), runs: runs)
                    cells.append(("level \(level), \(filterName), \(strategyName)", cell))
                    line += " \(f(cell.ratio, 3)) / \(f(cell.meanMilliseconds, 2)) |"
                }
                print(line)
            }
        }
        let chosen = try measure(members, encoder: PNGEncoder(), runs: runs)
        print(
            "\nthe default configuration: \(f(chosen.ratio, 3)) (sum), worst case \(f(chosen.ratios.max()!, 3)), \(f(chosen.meanMilliseconds, 2)) ms mean"
        )
        // What the choice is made from: the settings nothing beats on both the worst case's size and time.
        print("\nsettings that no other beats on both the worst case's ratio and the mean time:\n")
        print("| setting | size / optipng (sum) | worst case | mean ms |")
        print("|---|---:|---:|---:|")
        let frontier = cells.filter { candidate in
            let (worst, time) = (candidate.cell.ratios.max()!, candidate.cell.meanMilliseconds)
            return !cells.contains { other in
                let (otherWorst, otherTime) = (other.cell.ratios.max()!, other.cell.meanMilliseconds)
                return otherWorst <= worst && otherTime <= time && (otherWorst < worst || otherTime < time)
            }
        }.sorted { $0.cell.meanMilliseconds < $1.cell.meanMilliseconds }
        for (setting, cell) in frontier {
            print("| \(setting) | \(f(cell.ratio, 3)) | \(f(cell.ratios.max()!, 3)) | \(f(cell.meanMilliseconds, 2)) |")
        }
        print("")
    }

    private static func measure(_ members: [Case], encoder: PNGEncoder, runs: Int) throws -> Cell {
        var cell = Cell()
        for member in members {
            var times: [Double] = []
            var size = 0
            for _ in 0..<(runs + 1) {
                let start = Bench.processCPUMilliseconds()
                let png = try encoder.encode(rgba: member.image.rgba, width: member.image.width, height: member.image.height)
                times.append(Bench.processCPUMilliseconds() - start)
                size = png.count
            }
            cell.bytes += size
            cell.optipng += member.optipng
            cell.ratios.append(Double(size) / Double(member.optipng))
            cell.milliseconds.append(Bench.median(Array(times.dropFirst())))
        }
        return cell
    }
}
