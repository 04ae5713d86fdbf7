import Foundation
import ReliefLock
import ReliefSpec

/// What every mode of `relief-bench` shares: the cases, the run counts and the measurements.
enum Bench {
    /// Only the case whose query is this text or, when none is, the cases whose query contains it;
    /// set with RELIEF_BENCH_ONLY.
    static let only = ProcessInfo.processInfo.environment["RELIEF_BENCH_ONLY"]

    /// Runs per measurement, after warm-up runs, from RELIEF_BENCH_RUNS or `standard`.
    static func runs(standard: Int) -> Int {
        ProcessInfo.processInfo.environment["RELIEF_BENCH_RUNS"].flatMap(Int.init) ?? standard
    }

    /// The largest image there is (4096 × 4096 pixels), plain and as low vision sees it, in the
    /// default style (a palette PNG) and the colorful one (truecolour), and colorful on a
    /// transparent background (truecolour with alpha, whose encoder holds the most): drawn in
    /// bands, timed over fewer runs (``largestImageRuns``), without optipng (which takes minutes on it).
    static let largestImages = [
        "component=card&width=960&height=960&scale=4&margin=32",
        "component=card&width=960&height=960&scale=4&margin=32&simulate=lowvision",
        "component=card&width=960&height=960&scale=4&margin=32&style=colorful",
        "component=card&width=960&height=960&scale=4&margin=32&style=colorful&simulate=lowvision",
        "component=card&width=960&height=960&scale=4&margin=32&style=colorful&background=transparent",
    ]
    static let largestImageRuns = 10

    /// The peak resident memory since the last call, in MiB above the resident memory then: the
    /// kernel's high-water mark, reset through /proc/self/clear_refs.
    static func peakMiBSinceLastCall() -> Double {
        func status(_ field: String) -> Double {
            let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
            return Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        let peak = status("VmHWM") - peakBaseline.withLock { $0 }
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        peakBaseline.withLock { $0 = status("VmRSS") }
        return max(peak, 0) / 1024
    }
    private static let peakBaseline = Locked(0.0)

    /// Every component and state in every style at scale 2 (SPEC §13's controls in one state each), then the renders the size targets were
    /// first missed on beyond those: a rounded toggle at scale 3, a transparent soft button, a soft
    /// card at scale 1 and a colour-vision simulation. (The dark card, the shallow dark well, the
    /// dark pressed button, the labelled capsule and the colorful switch are in the grid already.)
    static let cases: [String] = {
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
                // SPEC §13's controls.
                "component=slider&style=\(style)&steps=4", "component=progress&style=\(style)",
                "component=progress&style=\(style)&circular=true", "component=checkbox&style=\(style)&on=true",
                "component=radio&style=\(style)", "component=segmented&style=\(style)",
                "component=textfield&style=\(style)&focused=true", "component=tabbar&style=\(style)",
            ]
        }
        // Your colour and light (SPEC §9) against the default light button: within 10 % of it.
        queries += ["style=light&color=5b8def", "style=light&light=135"]
        let further = [
            "component=toggle&style=light&shape=rounded&scale=3", "style=soft&background=transparent&scale=2",
            "component=card&style=soft&scale=1", "style=colorful&simulate=deuteranopia&scale=2",
            TimingTable.animationQuery,
        ]
        let all = queries.map { $0 + "&scale=2" } + further + largestImages
        guard let only else { return all }
        return all.contains(only) ? [only] : all.filter { $0.contains(only) }
    }()

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    /// CPU time of every thread of the bench, the encoder's included, which other processes on a
    /// shared machine do not inflate. The bench runs one render at a time, so it is that render's.
    static func processCPUMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func formatted(_ value: Double, _ digits: Int = 3) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// The size `optipng -o2` reaches on `png`, or nil when optipng is not installed.
    static func optipngSize(of png: [UInt8], directory: URL) -> Int? {
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

    /// The colour type and bit depth a PNG's IHDR declares, as `palette 4`, `rgb 8`.
    static func colourType(of png: [UInt8]) -> String {
        let names: [UInt8: String] = [0: "grey", 2: "rgb", 3: "palette", 4: "grey+alpha", 6: "rgba"]
        return "\(names[png[25]] ?? "type \(png[25])") \(png[24])"
    }

    /// A folder for optipng's files, removed by `body`'s end.
    static func withScratchFolder<R>(_ body: (URL) throws -> R) throws -> R {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("relief-bench-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        return try body(scratch)
    }
}
