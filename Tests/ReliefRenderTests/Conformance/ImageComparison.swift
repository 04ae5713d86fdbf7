import Foundation
import ReliefPNG
import Testing

/// One comparison of Relief's PNG with an independent renderer's drawing: printed, its files kept
/// when it fails (or always, with RELIEF_CONFORMANCE_KEEP set), and an issue recorded when it is
/// below the thresholds.
struct ImageComparison {
    /// Short and unique: the folder of its files, and the start of its printed line.
    let name: String
    /// The render query, for the failure message.
    let query: String
    /// What the reference was drawn from, and its file name (`recipe.svg`, `relief.html`).
    let source: (file: String, text: String)
    /// The reference's file name and renderer, `rsvg.png` or `chromium.png`.
    let referenceFile: String
    let minimumPSNR: Double
    let maximumPercentile99: Int

    /// Set (to anything) to keep the files of passing cases too.
    static let keepsEveryCase = ProcessInfo.processInfo.environment["RELIEF_CONFORMANCE_KEEP"] != nil

    /// Compares Relief's `actual` image with `reference` (the same size), and whether they are
    /// close enough; `timing` is appended to the printed line. A failure is an issue unless
    /// `recordsFailure` is false, for a caller that weighs several references.
    @discardableResult
    func compare(
        reference: DecodedImage, actual: DecodedImage, timing: String = "", recordsFailure: Bool = true,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (difference: ImageDifference, passes: Bool) {
        let difference = ImageDifference(reference: reference, actual: actual)
        let summary =
            String(
                format: "PSNR %.2f dB, p99 %d, max %d%@", difference.peakSignalToNoiseRatio,
                difference.percentile99, difference.maximumError, difference.comparesAlpha ? ", with alpha" : "")
            + timing
        print("\(name): \(summary)")
        let passes = difference.peakSignalToNoiseRatio >= minimumPSNR && difference.percentile99 <= maximumPercentile99
        guard !passes || Self.keepsEveryCase else { return (difference, passes) }
        let folder = try ConformanceFiles.keep(difference, source: source, referenceFile: referenceFile, name: name)
        print("\(name): files in \(folder.path)")
        if !passes && recordsFailure {
            let worst = difference.worstPixels(8).map { "  \($0)" }.joined(separator: "\n")
            Issue.record(
                """
                \(name) (\(query)) differs from \(referenceFile): \(summary); \
                allowed: PSNR ≥ \(minimumPSNR) dB and p99 ≤ \(maximumPercentile99).
                Images and \(source.file) are in \(folder.path)
                Worst pixels (reference = \(referenceFile), other = Relief):
                \(worst)
                """, sourceLocation: sourceLocation)
        }
        return (difference, passes)
    }
}
