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

/// The largest image there is (4096 × 4096 pixels), plain and as low vision sees it: drawn in bands,
/// timed over `largestImageRuns` runs, without optipng (which takes minutes on it).
let largestImages = ["component=card&width=960&height=960&scale=4&margin=32",
                     "component=card&width=960&height=960&scale=4&margin=32&simulate=lowvision"]
let largestImageRuns = min(runs, 10)

/// Only the case whose query is this text or, when none is, the cases whose query contains it; set
/// with RELIEF_BENCH_ONLY.
let only = ProcessInfo.processInfo.environment["RELIEF_BENCH_ONLY"]

let cases: [String] = {
    var queries: [String] = []
    for style in RenderSpec.Style.allCases {
        queries += [
            "style=\(style)", "style=\(style)&pressed=true",
            "style=\(style)&shape=capsule&label=Order%20now",
            // The same label in Han (立即訂購) and Arabic (اطلب الآن): fallback faces and bidi.
            "style=\(style)&shape=capsule&label=%E7%AB%8B%E5%8D%B3%E8%A8%82%E8%B3%BC",
            "style=\(style)&shape=capsule&label=%D8%A7%D8%B7%D9%84%D8%A8%20%D8%A7%D9%84%D8%A2%D9%86",
            "component=toggle&style=\(style)&on=true&shape=rounded",
            "component=switch&style=\(style)", "component=switch&style=\(style)&on=true",
            "component=well&style=\(style)&depth=shallow", "component=well&style=\(style)",
            "component=card&style=\(style)",
        ]
    }
    let all = queries.map { $0 + "&scale=2" } + largestImages
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

/// The peak resident memory since the last call, in MiB above the resident memory then: the
/// kernel's high-water mark, reset through /proc/self/clear_refs.
func peakMiBSinceLastCall() -> Double {
    func status(_ field: String) -> Double {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
    let peak = status("VmHWM") - peakBaseline
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    peakBaseline = status("VmRSS")
    return max(peak, 0) / 1024
}
nonisolated(unsafe) var peakBaseline = 0.0

struct Row {
    var query: String
    var pixels: String
    var renderMs: Double
    var encodeMs: Double
    var peakMiB: Double
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
print("| query | pixels | render ms | encode ms | total ms | peak MiB | PNG bytes | optipng -o2 | ratio |")
print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
var rows: [Row] = []
for query in cases {
    let spec = try RenderSpec.parse(query: query)
    let isLargest = largestImages.contains(query)
    var render: [Double] = [], encode: [Double] = []
    var last: RenderedPNG?
    _ = peakMiBSinceLastCall()
    for run in 0..<(warmUpRuns + (isLargest ? largestImageRuns : runs)) {
        let png = try renderer.png(for: spec)
        if run >= warmUpRuns {
            render.append(milliseconds(png.renderDuration))
            encode.append(milliseconds(png.encodeDuration))
        }
        last = png
    }
    let png = last!
    let peak = peakMiBSinceLastCall()
    let row = Row(query: query, pixels: "\(png.width)×\(png.height)", renderMs: median(render),
                  encodeMs: median(encode), peakMiB: peak, bytes: png.bytes.count,
                  optipng: isLargest ? nil : optipngSize(of: png.bytes, directory: scratch))
    rows.append(row)
    let optipng = row.optipng.map(String.init) ?? "n/a"
    let ratio = row.ratio.map { String(format: "%.3f", $0) } ?? "n/a"
    print("| `\(query)` | \(row.pixels) | \(String(format: "%.2f", row.renderMs)) | \(String(format: "%.2f", row.encodeMs)) | \(String(format: "%.2f", row.totalMs)) | \(String(format: "%.1f", row.peakMiB)) | \(row.bytes) | \(optipng) | \(ratio) |")
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
