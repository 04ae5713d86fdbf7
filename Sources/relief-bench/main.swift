import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec

/// `relief-bench`: median render and encode times per component and style, and PNG size against
/// `optipng -o2` on the same pixels. Not a test: run it from `make bench` on a release build.

/// Runs per case, after warm-up runs; override with RELIEF_BENCH_RUNS.
let runs = ProcessInfo.processInfo.environment["RELIEF_BENCH_RUNS"].flatMap(Int.init) ?? 200
let warmUpRuns = 5
/// The issue's targets for the default colorful button at scale 2.
let targetQuery = "style=colorful&scale=2"
let targetMilliseconds = 5.0
let targetSizeRatio = 1.15

/// Only the case whose query is this text or, when none is, the cases whose query contains it; set
/// with RELIEF_BENCH_ONLY.
let only = ProcessInfo.processInfo.environment["RELIEF_BENCH_ONLY"]

let cases: [String] = {
    var queries: [String] = []
    for style in RenderSpec.Style.allCases {
        queries += [
            "style=\(style)", "style=\(style)&pressed=true",
            "style=\(style)&shape=capsule&label=Order%20now",
            "component=toggle&style=\(style)&on=true&shape=rounded",
            "component=switch&style=\(style)", "component=switch&style=\(style)&on=true",
            "component=well&style=\(style)&depth=shallow", "component=well&style=\(style)",
            "component=card&style=\(style)",
        ]
    }
    // Your colour and light (SPEC §9) against the default light button: within 10 % of it.
    queries += ["style=light&color=5b8def", "style=light&light=135"]
    let all = queries.map { $0 + "&scale=2" }
    guard let only else { return all }
    return all.contains(only) ? [only] : all.filter { $0.contains(only) }
}()

func milliseconds(_ d: Duration) -> Double {
    Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

/// The size `optipng -o2` reaches on `png`, or nil when optipng is not installed.
func optipngSize(of png: [UInt8], directory: URL) -> Int? {
    let input = directory.appendingPathComponent("in.png"), output = directory.appendingPathComponent("out.png")
    try? FileManager.default.removeItem(at: output)
    guard (try? Data(png).write(to: input)) != nil else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/optipng")
    process.arguments = ["-quiet", "-o2", "-out", output.path, input.path]
    guard (try? process.run()) != nil else { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return (try? Data(contentsOf: output))?.count
}

struct Row {
    var query: String
    var pixels: String
    var renderMs: Double
    var encodeMs: Double
    var bytes: Int
    var optipng: Int?
    var totalMs: Double { renderMs + encodeMs }
    var ratio: Double? { optipng.map { Double(bytes) / Double($0) } }
}

AllocatorTuning.keepFreedMemoryForReuse()
let renderer = Renderer()
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("relief-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

print("relief-bench: \(runs) runs per case (median), release build, one thread\n")
print("| query | pixels | render ms | encode ms | total ms | PNG bytes | optipng -o2 | ratio |")
print("|---|---|---:|---:|---:|---:|---:|---:|")
var rows: [Row] = []
for query in cases {
    let spec = try RenderSpec.parse(query: query)
    var render: [Double] = [], encode: [Double] = []
    var last: RenderedPNG?
    for run in 0..<(warmUpRuns + runs) {
        let png = try renderer.png(for: spec)
        if run >= warmUpRuns {
            render.append(milliseconds(png.renderDuration))
            encode.append(milliseconds(png.encodeDuration))
        }
        last = png
    }
    let png = last!
    let row = Row(query: query, pixels: "\(png.width)×\(png.height)", renderMs: median(render),
                  encodeMs: median(encode), bytes: png.bytes.count, optipng: optipngSize(of: png.bytes, directory: scratch))
    rows.append(row)
    let optipng = row.optipng.map(String.init) ?? "n/a"
    let ratio = row.ratio.map { String(format: "%.3f", $0) } ?? "n/a"
    print("| `\(query)` | \(row.pixels) | \(String(format: "%.2f", row.renderMs)) | \(String(format: "%.2f", row.encodeMs)) | \(String(format: "%.2f", row.totalMs)) | \(row.bytes) | \(optipng) | \(ratio) |")
}

let sizeRatios = rows.compactMap(\.ratio)
if !sizeRatios.isEmpty {
    print("\nPNG size / optipng -o2: median \(String(format: "%.3f", median(sizeRatios))), worst \(String(format: "%.3f", sizeRatios.max()!))")
}
guard let target = rows.first(where: { $0.query == targetQuery }) else { exit(0) }
let timeOK = target.totalMs <= targetMilliseconds
let sizeOK = (target.ratio ?? .infinity) <= targetSizeRatio
print("target `\(targetQuery)`: \(String(format: "%.2f", target.totalMs)) ms (≤ \(targetMilliseconds)) \(timeOK ? "PASS" : "FAIL"); "
    + "size ratio \(target.ratio.map { String(format: "%.3f", $0) } ?? "n/a") (≤ \(targetSizeRatio)) \(sizeOK ? "PASS" : "FAIL")")
