import Foundation
import ReliefPNG
import ReliefRender
import ReliefSpec

/// `relief-bench`: per case, the median render and fast encode — what a request to the service
/// costs the first time — and its CPU time; the smallest encoding's time and size against
/// `optipng -o2` on the same pixels — what `relief render` writes and the service serves for a
/// query asked for again; and whether the targets are met: times on the first answer, sizes on
/// the smallest.
enum TimingTable {
    static let warmUpRuns = 5
    /// The targets: the default colorful button at scale 2 rendered and encoded within
    /// `targetMilliseconds` at most `targetSizeRatio` × optipng's size; every case within
    /// `worstSizeRatio` × optipng and their median within `medianSizeRatio` ×; cards (760 × 760 px)
    /// rendered and encoded within `cardMilliseconds`.
    static let targetQuery = "style=colorful&scale=2"
    static let targetMilliseconds = 4.5
    static let targetSizeRatio = 1.05
    static let worstSizeRatio = 1.10
    static let medianSizeRatio = 1.05
    static let cardMilliseconds = 12.0
    /// The default switch turning off as an APNG at 30 fps against its still (SPEC §8): rendered
    /// and encoded within `animationTimeRatio` × the still's time, in `animationSizeRatio` × its bytes.
    static let animationQuery = "component=switch&animate=true&scale=2"
    static let animationStillQuery = "component=switch&style=light&scale=2"
    static let animationTimeRatio = 6.0
    static let animationSizeRatio = 8.0
    /// Your colour and your light (SPEC §9) against the default light button: rendered and encoded
    /// within `parameterTimeRatio` × its time. The two take turns, render by render, and the ratio
    /// is the median of the turns' ratios: measured case after case, the machine's slow and fast
    /// spells moved the same binary's ratio between 1.01 and 1.12.
    static let parameterQueries = ["style=light&color=5b8def&scale=2", "style=light&light=135&scale=2"]
    static let parameterBaseQuery = "style=light&scale=2"
    static let parameterTimeRatio = 1.10
    /// The controls of SPEC §13 at scale 2 against the default button at scale 2: rendered and encoded
    /// within `controlCPUPerPixelRatio` × its CPU time per pixel, taking turns as the parameters do.
    static let controlQueries = ["slider", "progress", "checkbox", "radio", "segmented", "textfield", "tabbar"].map {
        "component=\($0)&scale=2"
    }
    static let controlBaseQuery = "scale=2"
    static let controlCPUPerPixelRatio = 1.5

    /// Runs of the smallest encoding per case, which is background work and takes longer.
    static let smallestRuns = 3

    struct Row {
        var query: String
        var pixels: String
        var colourType: String
        var renderMs: Double
        /// The fast encode, the first answer's.
        var encodeMs: Double
        /// Median CPU time of the bench's threads for render and fast encode together, which other
        /// processes on a shared machine do not inflate as they do the wall-clock times.
        var cpuMs: Double
        var peakMiB: Double
        var fastBytes: Int
        /// The smallest encoding: its bytes and its encoder's CPU time.
        var bytes: Int
        var smallestCPUMs: Double
        var optipng: Int?
        /// Whether both encodings decode to exactly the rendered pixels.
        var lossless: Bool
        var totalMs: Double { renderMs + encodeMs }
        var ratio: Double? { optipng.map { Double(bytes) / Double($0) } }
    }

    static func run(renderer: Renderer, scratch: URL) throws {
        let runs = Bench.runs(standard: 200)
        let f = Bench.formatted
        print(
            "relief-bench: \(runs) runs per case (median) of the render and its fast encode, \(smallestRuns) of the "
                + "smallest encoding; release build, one render at a time\n")
        print(
            "| query | pixels | PNG type | render ms | encode ms | total ms | CPU ms | peak MiB | fast bytes "
                + "| smallest bytes | smallest CPU ms | optipng -o2 | ratio |")
        print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        var rows: [Row] = []
        for query in Bench.cases {
            let spec = try RenderSpec.parse(query: query)
            let isLargest = Bench.largestImages.contains(query)
            var render: [Double] = [], encode: [Double] = [], cpu: [Double] = []
            var fast: RenderedPNG?
            for run in 0..<(warmUpRuns + (isLargest ? min(runs, Bench.largestImageRuns) : runs)) {
                // The peak counts the measured runs only: the first run of the first case also
                // loads fonts and pages code in, which the process pays once, not each render.
                if run == warmUpRuns { _ = Bench.peakMiBSinceLastCall() }
                let cpuStart = Bench.processCPUMilliseconds()
                let png = try renderer.png(for: spec, effort: .fast)
                if run >= warmUpRuns {
                    render.append(Bench.milliseconds(png.renderDuration))
                    encode.append(Bench.milliseconds(png.encodeDuration))
                    cpu.append(Bench.processCPUMilliseconds() - cpuStart)
                }
                fast = png
            }
            let peakMiB = Bench.peakMiBSinceLastCall()
            let image = try renderer.image(for: spec)
            var smallestCPU: [Double] = []
            var smallest: RenderedPNG?
            for _ in 0..<smallestRuns {
                let cpuStart = Bench.processCPUMilliseconds()
                let png = try renderer.png(for: spec, effort: .smallest)
                smallestCPU.append(Bench.processCPUMilliseconds() - cpuStart - Bench.milliseconds(png.renderDuration))
                smallest = png
            }
            let (first, small) = (fast!, smallest!)
            let row = Row(
                query: query, pixels: "\(small.width)×\(small.height)", colourType: Bench.colourType(of: small.bytes),
                renderMs: Bench.median(render), encodeMs: Bench.median(encode), cpuMs: Bench.median(cpu), peakMiB: peakMiB,
                fastBytes: first.bytes.count, bytes: small.bytes.count, smallestCPUMs: Bench.median(smallestCPU),
                // optipng keeps an APNG's default image only.
                optipng: isLargest || spec.output.animation != nil ? nil : Bench.optipngSize(of: small.bytes, directory: scratch),
                lossless: try PNGDecoder.decode(small.bytes).rgba == image.rgba
                    && PNGDecoder.decode(first.bytes).rgba == image.rgba)
            rows.append(row)
            let optipng = row.optipng.map(String.init) ?? "n/a"
            let ratio = row.ratio.map { f($0, 3) } ?? "n/a"
            print(
                "| `\(query)` | \(row.pixels) | \(row.colourType) | \(f(row.renderMs, 2)) | \(f(row.encodeMs, 2)) | \(f(row.totalMs, 2)) "
                    + "| \(f(row.cpuMs, 2)) | \(f(row.peakMiB, 1)) | \(row.fastBytes) | \(row.bytes) | \(f(row.smallestCPUMs, 2)) | \(optipng) | \(ratio) |"
            )
        }
        summarise(rows)
        try compareInTurns(renderer: renderer, runs: runs)
    }

    /// The verdicts on ``parameterQueries`` against ``parameterBaseQuery`` (on time) and on
    /// ``controlQueries`` against ``controlBaseQuery`` (on CPU time per pixel), taking turns.
    private static func compareInTurns(renderer: Renderer, runs: Int) throws {
        for query in parameterQueries.filter(Bench.cases.contains) {
            let ratios = try ratiosInTurns(query, against: parameterBaseQuery, renderer: renderer, runs: runs)
            print(
                "`\(query)` against `\(parameterBaseQuery)`, in turns: \(Bench.formatted(ratios.wall, 3)) × its time "
                    + "(≤ \(parameterTimeRatio)), \(Bench.formatted(ratios.cpu, 3)) × its CPU time "
                    + "\(ratios.wall <= parameterTimeRatio ? "PASS" : "FAIL")")
        }
        for query in controlQueries {
            let ratios = try ratiosInTurns(query, against: controlBaseQuery, renderer: renderer, runs: runs)
            print(
                "`\(query)` against `\(controlBaseQuery)`, in turns: \(Bench.formatted(ratios.cpuPerPixel, 3)) × its CPU time "
                    + "per pixel (≤ \(controlCPUPerPixelRatio)), \(Bench.formatted(ratios.cpu, 3)) × its CPU time "
                    + "\(ratios.cpuPerPixel <= controlCPUPerPixelRatio ? "PASS" : "FAIL")")
        }
    }

    /// The medians of `query`'s render and fast encode against `baseQuery`'s, one after the other in
    /// each turn: wall-clock time, CPU time and CPU time per pixel.
    private static func ratiosInTurns(
        _ query: String, against baseQuery: String, renderer: Renderer, runs: Int
    ) throws -> (wall: Double, cpu: Double, cpuPerPixel: Double) {
        let spec = try RenderSpec.parse(query: query), base = try RenderSpec.parse(query: baseQuery)
        /// Wall-clock and CPU milliseconds of one render and encode, and its pixels.
        func measure(_ spec: RenderSpec) throws -> (wall: Double, cpu: Double, pixels: Double) {
            let cpuStart = Bench.processCPUMilliseconds()
            let png = try renderer.png(for: spec, effort: .fast)
            return (
                Bench.milliseconds(png.renderDuration + png.encodeDuration), Bench.processCPUMilliseconds() - cpuStart,
                Double(png.width * png.height)
            )
        }
        var wall: [Double] = [], cpu: [Double] = [], cpuPerPixel: [Double] = []
        for run in 0..<(warmUpRuns + runs) {
            let baseTime = try measure(base), time = try measure(spec)
            if run >= warmUpRuns {
                wall.append(time.wall / baseTime.wall)
                cpu.append(time.cpu / baseTime.cpu)
                cpuPerPixel.append((time.cpu / time.pixels) / (baseTime.cpu / baseTime.pixels))
            }
        }
        return (Bench.median(wall), Bench.median(cpu), Bench.median(cpuPerPixel))
    }

    private static func summarise(_ rows: [Row]) {
        guard !rows.isEmpty else { return print("\nno case matches RELIEF_BENCH_ONLY") }
        let f = Bench.formatted
        func verdict(_ passed: Bool) -> String { passed ? "PASS" : "FAIL" }
        let lossless = rows.filter(\.lossless).count
        print("\ndecoded pixels equal the render's: \(lossless) of \(rows.count) \(verdict(lossless == rows.count))")
        print(
            "first answer (render and fast encode), medians over the cases: encode \(f(Bench.median(rows.map(\.encodeMs)), 2)) ms, "
                + "total \(f(Bench.median(rows.map(\.totalMs)), 2)) ms, CPU \(f(Bench.median(rows.map(\.cpuMs)), 2)) ms; "
                + "its bytes \(f(Bench.median(rows.map { Double($0.fastBytes) / Double($0.bytes) }), 3)) × the smallest's")
        print(
            "smallest encoding (background work, relief render): CPU ms median over the cases "
                + "\(f(Bench.median(rows.map(\.smallestCPUMs)), 2)), slowest \(f(rows.map(\.smallestCPUMs).max() ?? 0, 2))")
        let sizeRatios = rows.compactMap(\.ratio)
        if !sizeRatios.isEmpty {
            let medianRatio = Bench.median(sizeRatios), worstRatio = sizeRatios.max()!
            print(
                "smallest PNG size / optipng -o2: median \(f(medianRatio, 3)) (≤ \(medianSizeRatio)) \(verdict(medianRatio <= medianSizeRatio)), "
                    + "worst \(f(worstRatio, 3)) (≤ \(worstSizeRatio)) \(verdict(worstRatio <= worstSizeRatio))")
        }
        let cards = rows.filter { $0.pixels == "760×760" }
        if let slowest = cards.max(by: { $0.totalMs < $1.totalMs }) {
            print(
                "cards (760×760): slowest `\(slowest.query)` \(f(slowest.totalMs, 2)) ms (≤ \(cardMilliseconds)), CPU \(f(slowest.cpuMs, 2)) ms "
                    + "\(verdict(slowest.totalMs <= cardMilliseconds))")
        }
        if let animation = rows.first(where: { $0.query == animationQuery }),
            let still = rows.first(where: { $0.query == animationStillQuery })
        {
            let time = animation.totalMs / still.totalMs, size = Double(animation.bytes) / Double(still.bytes)
            print(
                "animation `\(animationQuery)`: \(f(animation.totalMs, 2)) ms (CPU \(f(animation.cpuMs, 2)) ms), \(f(time, 2)) × the still's "
                    + "(≤ \(animationTimeRatio)) \(verdict(time <= animationTimeRatio)); \(animation.bytes) bytes, \(f(size, 2)) × "
                    + "(≤ \(animationSizeRatio)) \(verdict(size <= animationSizeRatio))")
        }
        guard let target = rows.first(where: { $0.query == targetQuery }) else { return }
        print(
            "target `\(targetQuery)`: \(f(target.totalMs, 2)) ms (≤ \(targetMilliseconds)), CPU \(f(target.cpuMs, 2)) ms "
                + "\(verdict(target.totalMs <= targetMilliseconds)); "
                + "size ratio \(target.ratio.map { f($0, 3) } ?? "n/a") (≤ \(targetSizeRatio)) \(verdict((target.ratio ?? .infinity) <= targetSizeRatio))"
        )
    }
}
