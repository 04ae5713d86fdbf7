import Foundation
import ReliefRender

/// `relief-bench`: median render and encode times per case and PNG size against `optipng -o2` on the
/// same pixels (`make bench`); `relief-bench grid`: every filter set, zlib level and strategy on every
/// case, by image class. Not a test: run it on a release build. RELIEF_BENCH_RUNS sets the runs per
/// measurement, RELIEF_BENCH_ONLY picks cases by query.

AllocatorTuning.keepFreedMemoryForReuse()
let renderer = Renderer()
try Bench.withScratchFolder { scratch in
    if CommandLine.arguments.dropFirst().first == "grid" {
        try EncodingGrid.run(renderer: renderer, scratch: scratch)
    } else {
        try TimingTable.run(renderer: renderer, scratch: scratch)
    }
}
