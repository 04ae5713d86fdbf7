import Foundation
import ReliefPNG

/// Where a failing case (or every case, with RELIEF_CONFORMANCE_KEEP set) leaves its images to be
/// looked at: `$TMPDIR/relief-conformance/<case>/` with relief.png, the reference (rsvg.png or
/// chromium.png), difference.png and the file the reference was drawn from (recipe.svg, relief.svg,
/// relief.html).
enum ConformanceFiles {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("relief-conformance")

    /// Writes the images of `difference`, the reference as `referenceFile`, and `source` for the
    /// case `name`; returns the folder.
    static func keep(
        _ difference: ImageDifference, source: (file: String, text: String), referenceFile: String = "rsvg.png",
        name: String
    ) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = PNGEncoder()
        let (width, height) = (difference.reference.width, difference.reference.height)
        let images = [
            ("relief.png", difference.actual.rgba),
            (referenceFile, difference.reference.rgba),
            ("difference.png", difference.differenceImage()),
        ]
        for (file, rgba) in images {
            let png = try encoder.encode(rgba: rgba, width: width, height: height)
            try Data(png).write(to: folder.appendingPathComponent(file))
        }
        try Data(source.text.utf8).write(to: folder.appendingPathComponent(source.file))
        return folder
    }
}
