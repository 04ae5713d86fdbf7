import Foundation
import ReliefGeometry
import ReliefPNG
import ReliefRaster
import ReliefText
import Testing

/// Text drawn by Relief and by headless Chromium from the same font files at the same size: an
/// independent shaper and rasterizer should put the ink in the same places.
@Suite("Text against Chromium")
struct TextAgainstChromiumTests {
    struct Sample: Sendable, CustomStringConvertible {
        let text: String
        /// Chromium takes the first face of a collection, so CJK text is tagged with the language
        /// whose face comes first in Noto Sans CJK's file.
        let language: String?
        var description: String { text }
    }

    static let samples = [
        Sample(text: "Order now", language: nil),
        Sample(text: "開啟設定", language: "ja"),
        Sample(text: "مرحبا بالعالم", language: nil),
        Sample(text: "שלום עולם", language: nil),
    ]
    static let size = 64.0
    static let canvas = PixelRect(width: 640, height: 160)
    /// Chromium's window; a window much lower than this paints only its top rows.
    static let window = (width: 640, height: 300)
    /// Where Relief puts the baseline's start. Chromium's line starts at the same x; its baseline
    /// depends on how it rounds the line box, so the rows are aligned by the ink's centre instead.
    static let origin = Point(20, 100)

    @Test(arguments: samples)
    func inkOverlapsChromiumsInk(sample: Sample) throws {
        let shaped = try FontLibrary.shared.shape(sample.text, size: Self.size, weight: .regular, language: sample.language)
        #expect(shaped.runs.allSatisfy { $0.faceIndex == 0 })
        let relief = InkMask(rgba: Self.reliefPixels(shaped), width: Self.canvas.width, height: Self.canvas.height)
        // Chromium picks a face per character from the family list as Relief does: the family's own
        // face first, then the fallbacks in the order they were used.
        var files: [String] = ["/usr/share/fonts/opentype/inter/Inter-Regular.otf"]
        for run in shaped.runs where !files.contains(run.fontFile) { files.append(run.fontFile) }
        let screenshot = try Self.chromiumScreenshot(of: sample.text, files: files)
        let chromium = InkMask(rgba: screenshot.rgba, width: screenshot.width, height: screenshot.height)
        let overlap = relief.intersectionOverUnion(with: chromium)
        #expect(overlap >= 0.85, "\(sample): ink overlaps by \(overlap)")
    }

    /// `shaped` in black on white, its baseline starting at `origin`.
    static func reliefPixels(_ shaped: ShapedText) -> [UInt8] {
        var picture = LayerStack(ground: .solid(.white), filling: canvas)
        picture.draw(Layer.fill(shaped.path.scaled(by: 1, translatedBy: origin), with: .solid(.black), clip: canvas))
        for bitmap in shaped.bitmaps { picture.draw(Layer.image(bitmap.scaled(by: 1, translatedBy: origin), clip: canvas)) }
        return picture.rgba8(canvas: canvas)
    }

    /// A screenshot of `text` in black on white, drawn with the fonts in `files` by `@font-face`.
    static func chromiumScreenshot(of text: String, files: [String]) throws -> DecodedImage {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("relief-chromium-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let faces = files.enumerated().map { index, file in
            "@font-face { font-family: F\(index); src: url(\"file://\(file)\"); }"
        }
        let escaped = text.unicodeScalars.map { "&#\($0.value);" }.joined()
        let page = """
            <!doctype html><html><head><meta charset="utf-8"><style>
            \(faces.joined(separator: "\n"))
            html, body { margin: 0; background: white; }
            div { position: absolute; left: 20px; top: 20px; white-space: pre; color: black;
                  font: \(size)px \(files.indices.map { "F\($0)" }.joined(separator: ", ")); }
            </style></head><body><div dir="auto">\(escaped)</div></body></html>
            """
        let pageFile = directory.appendingPathComponent("text.html")
        try page.write(to: pageFile, atomically: true, encoding: .utf8)
        return try Chromium.screenshot(of: pageFile, window: window, in: directory)
    }
}

/// The pixels of an image darker than mid-grey: where the text's ink is.
struct InkMask {
    let width: Int
    let height: Int
    let inked: [Bool]
    /// The mean row of the ink; nil without ink.
    let centreRow: Double?

    init(rgba: [UInt8], width: Int, height: Int) {
        self.width = width
        self.height = height
        let inked = stride(from: 0, to: width * height * 4, by: 4).map { i in
            (Int(rgba[i]) + Int(rgba[i + 1]) + Int(rgba[i + 2])) < 3 * 128
        }
        self.inked = inked
        let rows = inked.indices.filter { inked[$0] }.map { $0 / width }
        centreRow = rows.isEmpty ? nil : Double(rows.reduce(0, +)) / Double(rows.count)
    }

    func isInked(_ x: Int, _ y: Int) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height && inked[y * width + x]
    }

    /// Ink in both over ink in either, with `other`'s ink moved up or down by one of the two whole
    /// numbers of rows around the difference of the inks' centres, whichever overlaps more; 0 when
    /// either has no ink.
    func intersectionOverUnion(with other: InkMask) -> Double {
        guard let mine = centreRow, let theirs = other.centreRow else { return 0 }
        let shift = theirs - mine
        return [shift.rounded(.down), shift.rounded(.up)].map { intersectionOverUnion(with: other, movedUpBy: Int($0)) }.max()
            ?? 0
    }

    private func intersectionOverUnion(with other: InkMask, movedUpBy dy: Int) -> Double {
        var both = 0, either = 0
        for y in min(0, -dy)..<max(height, other.height - dy) {
            for x in 0..<max(width, other.width) {
                let a = isInked(x, y), b = other.isInked(x, y + dy)
                if a && b { both += 1 }
                if a || b { either += 1 }
            }
        }
        return either > 0 ? Double(both) / Double(either) : 0
    }
}
