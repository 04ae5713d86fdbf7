import Foundation
import ReliefRender

/// `relief-bench`: median render and encode times per case and PNG size against `optipng -o2` on the
/// same pixels, then the default button in every format against its PNG and the WebP and AVIF of every still case against its PNG (`make bench`); `relief-bench formats`: those WebPs and AVIFs alone; `relief-bench webp-levels`: the smallest WebP's bytes and CPU at each lossless preset; `relief-bench grid`: every filter set, zlib level and strategy on every
/// case, by image class; `relief-bench sizes`: the smallest encoding of a wide set of renders against
/// optipng; `relief-bench compare`: the encoder now against its settings before,
/// taking turns on the same pixels; `relief-bench screens`: the screen timings alone (one-element screens against their
/// components' scenes, the music player against its components). Not a test: run it on a release build. RELIEF_BENCH_RUNS sets the runs per
/// measurement, RELIEF_BENCH_ONLY picks cases by query.

AllocatorTuning.keepFreedMemoryForReuse()
let renderer = Renderer()
try Bench.withScratchFolder { scratch in
    switch CommandLine.arguments.dropFirst().first {
    case "grid":
        try EncodingGrid.run(renderer: renderer, scratch: scratch)
    case "sizes":
        try SizeSurvey.run(renderer: renderer, scratch: scratch)
    case "formats":
        try ImageFormatSurvey.run(renderer: renderer)
    case "webp-levels":
        try ImageFormatSurvey.compareWebPLevels(renderer: renderer)
    case "compare":
        try EncoderComparison.run(renderer: renderer)
    case "screens":
        try ScreenTimings.run(renderer: renderer)
    default:
        try TimingTable.run(renderer: renderer, scratch: scratch)
        try FormatTimings.run(renderer: renderer)
        try ImageFormatSurvey.run(renderer: renderer)
        try ScreenTimings.run(renderer: renderer)
    }
}
