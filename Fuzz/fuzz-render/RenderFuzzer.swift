// libFuzzer target for the render pipeline: each input is read as the choices of a random valid
// request (Tests/ValidRequests), which is drawn in every format and, one time in four, audited
// (`make fuzz`, docs/RELIABILITY.md).
import ValidRequests

/// Small enough that libFuzzer makes progress in a minute's run, large enough for every component
/// at its default size (160 × 160 points with its margin) at scale 1.5.
let check = PipelineCheck(maxPixels: 256 * 256, maxAnimationPixels: 128 * 128)

/// One input; a trap in the pipeline or a broken invariant stops the process, which libFuzzer
/// records as a crash.
func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var choices = FuzzedChoices(UnsafeBufferPointer(start: data, count: size))
    guard let request = ValidRequest.make(&choices) else { return 0 }
    // An audit draws 3 to 40 images: the input's next choice says whether to.
    switch check.run(request, audits: choices.choose(below: 4) == 0) {
    case .checked(let problems), .refused(_, let problems):
        // fatalError, unlike precondition, prints its message in a release build.
        if !problems.isEmpty { fatalError(problems.joined(separator: "\n")) }
    case .tooLarge:
        break
    }
    return 0
}
