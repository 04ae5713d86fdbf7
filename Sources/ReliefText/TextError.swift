/// Why text could not be shaped or broken into lines: a missing or broken font file, a C library
/// that failed, or an unusable request.
public struct TextError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, each carrying what is needed to name the problem.
    public enum Kind: Sendable, Hashable {
        /// None of the configured files for `family` in `weight` could be opened.
        case fontNotFound(family: FontFamily, weight: FontWeight, pathsTried: [String], installHint: String?)
        /// The file opened, but FreeType could not read it as a font.
        case fontUnreadable(path: String, freeTypeError: Int32)
        /// The font has only bitmaps, so it cannot give outlines at any size.
        case fontNotScalable(path: String)
        /// A glyph of the font could not be loaded as an outline.
        case glyphUnreadable(path: String, glyph: UInt32, freeTypeError: Int32)
        /// The requested size is not a positive finite number of points.
        case invalidSize(Double)
        /// The text is longer than HarfBuzz can take in one buffer.
        case textTooLong(utf8Count: Int)
        /// HarfBuzz could not shape the text (it ran out of memory).
        case shapingFailed(path: String)
        /// The FreeType library itself could not be started.
        case freeTypeUnavailable(freeTypeError: Int32)
        /// Fontconfig could not load its configuration or ran out of memory, so no fallback font can
        /// be found.
        case fontconfigUnavailable
        /// FriBiDi could not resolve the bidirectional levels (it ran out of memory).
        case bidiFailed(scalarCount: Int)
        /// ICU could not find line-break opportunities; the code is ICU's `UErrorCode`.
        case lineBreaksUnavailable(icuError: Int32)
    }

    /// What went wrong, for callers that react to particular failures.
    public let kind: Kind

    /// An error of `kind`; its description is derived from the kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// The problem in one sentence, naming the file, weight or value involved and what is allowed.
    public var description: String {
        switch kind {
        case .fontNotFound(let family, let weight, let paths, let hint):
            let advice = hint.map { " (\($0))" } ?? ""
            switch paths.count {
            case 0: return "no font file configured for \(family) in weight \(weight)"
            case 1: return "font not found at \(paths[0]) for \(family) in weight \(weight)\(advice)"
            default: return "no font found for \(family) in weight \(weight); tried \(paths.joined(separator: ", "))\(advice)"
            }
        case .fontUnreadable(let path, let code):
            return "cannot read the font at \(path): \(Self.describe(freeTypeError: code)); expected an OpenType or TrueType file"
        case .fontNotScalable(let path):
            return "the font at \(path) has no scalable outlines; use an OpenType or TrueType outline font"
        case .glyphUnreadable(let path, let glyph, let code):
            return "cannot load glyph \(glyph) of the font at \(path): \(Self.describe(freeTypeError: code))"
        case .invalidSize(let size):
            return "text size must be a finite number of points greater than 0, got \(size)"
        case .textTooLong(let count):
            return "text of \(count) UTF-8 bytes is too long to shape; at most \(Int32.max) bytes are allowed"
        case .shapingFailed(let path):
            return "HarfBuzz could not shape the text with the font at \(path) (out of memory)"
        case .freeTypeUnavailable(let code):
            return "FreeType could not start: \(Self.describe(freeTypeError: code))"
        case .fontconfigUnavailable:
            return "fontconfig could not load its configuration or ran out of memory; install fontconfig and run fc-cache"
        case .bidiFailed(let count):
            return "FriBiDi could not order \(count) characters by direction (out of memory)"
        case .lineBreaksUnavailable(let code):
            return "ICU could not find line breaks: UErrorCode \(code); install libicu72 with its data"
        }
    }

    /// FreeType is built without its message table, so the common codes are named here.
    private static func describe(freeTypeError code: Int32) -> String {
        let names: [Int32: String] = [
            0x01: "cannot open resource",
            0x02: "unknown file format",
            0x03: "broken file",
            0x06: "invalid argument",
            0x10: "invalid glyph index",
            0x12: "unsupported glyph image format",
            0x14: "invalid outline",
            0x15: "invalid composite glyph",
            0x40: "out of memory",
            0x51: "cannot open stream",
            0x52: "invalid stream seek",
            0x55: "invalid stream operation",
            0x56: "invalid frame operation",
        ]
        let hex = "0x" + String(code, radix: 16, uppercase: true)
        return names[code].map { "FreeType error \(hex) (\($0))" } ?? "FreeType error \(hex)"
    }
}
