import Foundation
import ReliefImageFormats
import ReliefPNG
import ReliefRender
import ReliefSpec

/// `relief-bench`, after the PNG table, and `relief-bench formats` alone: every still case's pixels
/// encoded as lossless WebP and as AVIF, each at its fast (first answer) and smallest (a key asked
/// again) effort, against the smallest PNG of the same pixels. The targets (SPEC §10): the smallest
/// WebP, which decodes to the PNG's pixels exactly, within `webpRatio` × the PNG's bytes, and the
/// smallest AVIF within `avifRatio` ×, in the median over the cases, every AVIF at least
/// `avifMinimumPSNR` dB from the pixels.
enum ImageFormatSurvey {
    static let webpRatio = 0.75
    static let avifRatio = 0.35
    static let avifMinimumPSNR = 40.0

    struct Row {
        var query: String
        var png: Int
        var webp: Int
        var avif: Int
        var psnr: Double
        var fastWebPMs: Double
        var webpMs: Double
        var fastAVIFMs: Double
        var avifMs: Double
    }

    /// Writes a line at once, unbuffered: the rows come as they are measured, the largest cases taking a while.
    static func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func run(renderer: Renderer) throws {
        let cases = Bench.cases.filter { !$0.contains("animate=true") }
        // RELIEF_BENCH_ONLY may pick none of them (`screen`), and a median of nothing is none.
        guard !cases.isEmpty else { return }
        let f = Bench.formatted
        let png = PNGEncoder()
        let (fastWebP, webp) = (WebPEncoder(configuration: .fast), WebPEncoder(configuration: .smallest))
        let (fastAVIF, avif) = (AVIFEncoder(configuration: .fast), AVIFEncoder(configuration: .smallest))
        // CPU time, every thread of the encoder's included: what the scheduler's cost model weighs, and
        // what other processes on a shared machine do not inflate as they do the wall-clock time.
        func timed<R>(_ body: () throws -> R) rethrows -> (R, Double) {
            let start = Bench.processCPUMilliseconds()
            let result = try body()
            return (result, Bench.processCPUMilliseconds() - start)
        }
        var rows: [Row] = []
        emit("\nWebP and AVIF of \(cases.count) still cases against the smallest PNG of the same pixels\n")
        emit(
            "| case | PNG bytes | WebP / PNG | AVIF / PNG | AVIF dB | WebP CPU ms fast / smallest "
                + "| AVIF CPU ms fast / smallest |")
        emit("|---|---:|---:|---:|---:|---:|---:|")
        for query in cases {
            let image = try renderer.image(for: try RenderSpec.parse(query: query))
            let (rgba, width, height) = (image.rgba, image.width, image.height)
            let pngBytes = try png.encode(rgba: rgba, width: width, height: height)
            let (_, fastWebPMs) = try timed { try fastWebP.encode(rgba: rgba, width: width, height: height) }
            let (webpBytes, webpMs) = try timed { try webp.encode(rgba: rgba, width: width, height: height) }
            let (_, fastAVIFMs) = try timed { try fastAVIF.encode(rgba: rgba, width: width, height: height) }
            let (avifBytes, avifMs) = try timed { try avif.encode(rgba: rgba, width: width, height: height) }
            let original = DecodedImage(width: width, height: height, rgba: rgba)
            guard try WebPDecoder.decode(webpBytes) == original else {
                throw ImageFormatError(message: "the WebP of \(query) does not decode to its pixels")
            }
            let psnr = AVIFDecoder.psnr(of: try AVIFDecoder.decode(avifBytes), against: original)
            let row = Row(
                query: query, png: pngBytes.count, webp: webpBytes.count, avif: avifBytes.count, psnr: psnr,
                fastWebPMs: fastWebPMs, webpMs: webpMs, fastAVIFMs: fastAVIFMs, avifMs: avifMs)
            rows.append(row)
            let (png, webp, avif) = (Double(row.png), Double(row.webp), Double(row.avif))
            emit(
                "| `\(row.query)` | \(row.png) | \(f(webp / png, 3)) | \(f(avif / png, 3)) | \(f(row.psnr, 1)) | "
                    + "\(f(row.fastWebPMs, 1)) / \(f(row.webpMs, 1)) | \(f(row.fastAVIFMs, 1)) / \(f(row.avifMs, 1)) |")
        }
        let webpMedian = Bench.median(rows.map { Double($0.webp) / Double($0.png) })
        let avifMedian = Bench.median(rows.map { Double($0.avif) / Double($0.png) })
        let lowestPSNR = rows.map(\.psnr).min() ?? .infinity
        emit(
            "\nWebP / PNG median \(f(webpMedian, 3)) (≤ \(webpRatio)) \(webpMedian <= webpRatio ? "PASS" : "FAIL"); "
                + "AVIF / PNG median \(f(avifMedian, 3)) (≤ \(avifRatio)) \(avifMedian <= avifRatio ? "PASS" : "FAIL"); "
                + "lowest AVIF PSNR \(f(lowestPSNR, 1)) dB (≥ \(avifMinimumPSNR)) \(lowestPSNR >= avifMinimumPSNR ? "PASS" : "FAIL")"
        )
        emit(
            "median CPU ms: WebP fast \(f(Bench.median(rows.map(\.fastWebPMs)), 1)), smallest \(f(Bench.median(rows.map(\.webpMs)), 1)); "
                + "AVIF fast \(f(Bench.median(rows.map(\.fastAVIFMs)), 1)), smallest \(f(Bench.median(rows.map(\.avifMs)), 1))")
    }
}

extension ImageFormatSurvey {
    /// `relief-bench webp-levels`: the lossless presets a key asked again could be encoded at
    /// (RELIEF_BENCH_WEBP_LEVELS, default `7,9`), each on every still case: its bytes against the
    /// smallest PNG's and its CPU time, with the median over the cases, to weigh the bytes a
    /// background re-encode saves against the cores it holds.
    static func compareWebPLevels(renderer: Renderer) throws {
        let levels = (ProcessInfo.processInfo.environment["RELIEF_BENCH_WEBP_LEVELS"] ?? "7,9")
            .split(separator: ",").compactMap { Int($0) }
        let cases = Bench.cases.filter { !$0.contains("animate=true") }
        let f = Bench.formatted
        let png = PNGEncoder()
        let encoders = levels.map { WebPEncoder(configuration: .init(level: $0)) }
        emit("\nLossless WebP presets \(levels) of \(cases.count) still cases against the smallest PNG\n")
        emit("| case | PNG bytes | " + levels.map { "preset \($0) / PNG | CPU ms" }.joined(separator: " | ") + " |")
        emit("|---|---:|" + String(repeating: "---:|---:|", count: levels.count))
        var ratios = Array(repeating: [Double](), count: levels.count)
        var times = ratios
        for query in cases {
            let image = try renderer.image(for: try RenderSpec.parse(query: query))
            let pngBytes = try png.encode(rgba: image.rgba, width: image.width, height: image.height).count
            var cells: [String] = []
            for (index, encoder) in encoders.enumerated() {
                let start = Bench.processCPUMilliseconds()
                let webp = try encoder.encode(rgba: image.rgba, width: image.width, height: image.height)
                let milliseconds = Bench.processCPUMilliseconds() - start
                let ratio = Double(webp.count) / Double(pngBytes)
                ratios[index].append(ratio)
                times[index].append(milliseconds)
                cells += [f(ratio, 3), f(milliseconds, 1)]
            }
            emit("| `\(query)` | \(pngBytes) | " + cells.joined(separator: " | ") + " |")
        }
        for (index, level) in levels.enumerated() {
            emit(
                "preset \(level): WebP / PNG median \(f(Bench.median(ratios[index]), 3)) (≤ \(webpRatio)), "
                    + "median CPU ms \(f(Bench.median(times[index]), 1)), total CPU s \(f(times[index].reduce(0, +) / 1000, 1))")
        }
    }
}
