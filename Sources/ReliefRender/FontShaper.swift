import ReliefScene
import ReliefText

/// Shapes the scene's text with the installed fonts.
struct FontShaper: TextShaper {
    let library: FontLibrary

    func shape(_ run: TextRun) throws -> ShapedLine {
        let weight: FontWeight = switch run.weight {
        case .regular: .regular
        case .semibold: .semibold
        case .bold: .bold
        }
        let shaped = try library.shape(run.string, size: run.size, weight: weight)
        return ShapedLine(path: shaped.path, bitmaps: shaped.bitmaps, advance: shaped.advance, ascent: shaped.ascent,
                          descent: shaped.descent)
    }

    func lineBreakOpportunities(in run: TextRun) throws -> [String.Index] {
        try LineBreaks.opportunities(in: run.string, language: nil)
    }
}
