import ReliefScene
import ReliefText

/// Shapes the scene's text with the installed fonts, in the run's family and language.
struct FontShaper: TextShaper {
    let library: FontLibrary

    func shape(_ run: TextRun) throws -> ShapedLine {
        let weight: FontWeight =
            switch run.weight {
            case .regular: .regular
            case .semibold: .semibold
            case .bold: .bold
            }
        let family: FontFamily =
            switch run.font {
            case .sans: .sans
            case .serif: .serif
            case .rounded: .rounded
            case .mono: .mono
            }
        let shaped = try library.shape(run.string, size: run.size, weight: weight, family: family, language: run.language)
        return ShapedLine(
            path: shaped.path, bitmaps: shaped.bitmaps, advance: shaped.advance, ascent: shaped.ascent,
            descent: shaped.descent, isRightToLeft: shaped.isRightToLeft)
    }

    func lineBreakOpportunities(in run: TextRun) throws -> [String.Index] {
        try LineBreaks.opportunities(in: run.string, language: run.language)
    }
}
