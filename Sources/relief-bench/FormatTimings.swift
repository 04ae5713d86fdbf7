import ReliefRender
import ReliefSpec

/// `relief-bench`, after the PNG table: each text format of the default button against its PNG
/// render and encode, the same scene walked by another back end. The target: SVG and JSON within
/// `targetRatio` × the PNG's time, since they draw no pixels.
enum FormatTimings {
    static let query = ""
    static let targetRatio = 0.2
    static let targetFormats: Set<RenderSpec.Format> = [.svg, .json]

    static func run(renderer: Renderer) throws {
        let runs = Bench.runs(standard: 200)
        let f = Bench.formatted
        print("\nformats of the default button: \(runs) runs each (median), against its PNG render + encode\n")
        print("| format | ms | bytes | × PNG |")
        print("|---|---:|---:|---:|")
        var pngMilliseconds = 0.0
        // The other images are the PNG's pixels encoded otherwise: ImageFormatSurvey times their encoders.
        for format in RenderSpec.Format.allCases where format == .png || !format.showsSimulation {
            let spec = try RenderSpec.parse(query: query + "&format=" + format.rawValue)
            var times: [Double] = []
            var bytes = 0
            for run in 0..<(TimingTable.warmUpRuns + runs) {
                let file = try renderer.file(for: spec)
                if run >= TimingTable.warmUpRuns {
                    times.append(Bench.milliseconds(file.renderDuration + file.encodeDuration))
                }
                bytes = file.bytes.count
            }
            let milliseconds = Bench.median(times)
            if format == .png { pngMilliseconds = milliseconds }
            let ratio = milliseconds / pngMilliseconds
            let verdict = targetFormats.contains(format) ? " (≤ \(targetRatio)) \(ratio <= targetRatio ? "PASS" : "FAIL")" : ""
            print("| \(format.rawValue) | \(f(milliseconds, 3)) | \(bytes) | \(f(ratio, 3))\(verdict) |")
        }
    }
}
