import ReliefGeometry
import ReliefScene
import ReliefText

/// Shapes the scene's text with the installed fonts, in the run's family and language.
struct FontShaper: TextShaper {
    let library: FontLibrary

    func shape(_ run: TextRun) throws -> ShapedLine {
        let shaped = try library.shape(
            run.string, size: run.size, weight: Self.weight(of: run), family: Self.family(of: run), language: run.language)
        return ShapedLine(
            path: shaped.path, bitmaps: shaped.bitmaps, advance: shaped.advance, ascent: shaped.ascent,
            descent: shaped.descent, isRightToLeft: shaped.isRightToLeft)
    }

    func measure(_ run: TextRun) throws -> ShapedLine {
        let metrics = try library.metrics(
            of: run.string, size: run.size, weight: Self.weight(of: run), family: Self.family(of: run), language: run.language)
        return ShapedLine(
            path: Path(), advance: metrics.advance, ascent: metrics.ascent, descent: metrics.descent,
            isRightToLeft: metrics.isRightToLeft)
    }

    private static func weight(of run: TextRun) -> FontWeight {
        switch run.weight {
        case .regular: .regular
        case .semibold: .semibold
        case .bold: .bold
        }
    }

    private static func family(of run: TextRun) -> FontFamily {
        switch run.font {
        case .sans: .sans
        case .serif: .serif
        case .rounded: .rounded
        case .mono: .mono
        }
    }

    func lineBreakOpportunities(in run: TextRun) throws -> [String.Index] {
        try LineBreaks.opportunities(in: run.string, language: run.language)
    }
}
