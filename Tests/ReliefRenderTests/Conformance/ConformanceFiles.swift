import Foundation
import ReliefPNG

/// Where a failing case (or every case, with RELIEF_CONFORMANCE_KEEP set) leaves its images to be
/// looked at: `$TMPDIR/relief-conformance/<case>/` with relief.png, rsvg.png, difference.png and
/// recipe.svg.
enum ConformanceFiles {
    static let root = FileManager.default.temporaryDirectory.appendingPathComponent("relief-conformance")

    /// Writes the files of `difference` and `svg` for the case `name`; returns the folder.
    static func keep(_ difference: ImageDifference, svg: String, name: String) throws -> URL {
        let folder = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let encoder = PNGEncoder()
        let (width, height) = (difference.reference.width, difference.reference.height)
        let images = [
            ("relief.png", difference.actual.rgba),
            ("rsvg.png", difference.reference.rgba),
            ("difference.png", difference.differenceImage()),
        ]
        for (file, rgba) in images {
            let png = try encoder.encode(rgba: rgba, width: width, height: height)
            try Data(png).write(to: folder.appendingPathComponent(file))
        }
        try Data(svg.utf8).write(to: folder.appendingPathComponent("recipe.svg"))
        return folder
    }
}
