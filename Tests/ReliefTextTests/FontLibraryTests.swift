import CFreeType
import ReliefGeometry
import Testing

@testable import ReliefText

/// The largest distance between corresponding points of two paths with the same elements.
private func largestDistance(_ a: Path, _ b: Path) -> Double {
    func points(_ path: Path) -> [Point] {
        path.elements.flatMap { element -> [Point] in
            switch element {
            case .move(let p), .line(let p): [p]
            case .quad(let c, let p): [c, p]
            case .cubic(let c1, let c2, let p): [c1, c2, p]
            case .close: []
            }
        }
    }
    guard a.elements.count == b.elements.count else { return .infinity }
    return zip(points(a), points(b)).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? 0
}

@Suite("Shaping text into outlines")
struct FontLibraryTests {
    let library = FontLibrary.shared

    @Test func standardFontsAreInter() {
        #expect(
            FontLibrary.Configuration.standard.files(for: .sans).fontFiles(for: .regular).first
                == "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
    }

    @Test func kerningNarrowsAV() throws {
        let pair = try library.shape("AV", size: 40, weight: .regular)
        let a = try library.shape("A", size: 40, weight: .regular)
        let v = try library.shape("V", size: 40, weight: .regular)
        #expect(pair.advance < a.advance + v.advance - 0.5)
    }

    @Test(arguments: FontWeight.allCases)
    func advancesScaleLinearlyWithSize(weight: FontWeight) throws {
        let small = try library.shape("Hello, world", size: 12, weight: weight)
        let large = try library.shape("Hello, world", size: 36, weight: weight)
        #expect(small.advance > 0)
        #expect(abs(large.advance - 3 * small.advance) < 1e-9)
        #expect(abs(large.ascent - 3 * small.ascent) < 1e-9)
        #expect(largestDistance(large.path, small.path.scaled(by: 3)) < 1e-9)
    }

    @Test func advancesAreTheFontsDesignAdvancesUnhinted() throws {
        let face = try FontFace(path: "/usr/share/fonts/opentype/inter/Inter-Regular.otf")
        var freeType: FT_Library?
        try #require(FT_Init_FreeType(&freeType) == 0)
        defer { FT_Done_FreeType(freeType) }
        var ftFace: FT_Face?
        try #require(FT_New_Face(freeType, face.path, 0, &ftFace) == 0)
        let glyph = FT_Get_Char_Index(ftFace, FT_ULong(UInt8(ascii: "H")))
        try #require(FT_Load_Glyph(ftFace, glyph, FT_Int32(FT_LOAD_NO_SCALE)) == 0)
        let designAdvance = try #require(ftFace?.pointee.glyph?.pointee.metrics.horiAdvance)

        // At a size of one point per font unit, points are font units.
        let shaped = try library.shape("H", size: face.unitsPerEm, weight: .regular)
        #expect(abs(shaped.advance - Double(designAdvance)) < 1e-6)
    }

    @Test func boldOutlinesSitOnTheBaselineWithinTheAscent() throws {
        let on = try library.shape("ON", size: 20, weight: .bold)
        #expect(!on.path.elements.isEmpty)
        let ink = try #require(on.inkBounds)
        #expect(ink.minY < -10, "capitals reach well above the baseline")
        #expect(ink.minY >= -on.ascent)
        // The O overshoots the baseline by a hair, never by a descender's depth.
        #expect(ink.maxY > -0.5 && ink.maxY < 0.05 * 20)
        #expect(ink.minX >= 0 && ink.maxX <= on.advance)
        #expect(on.ascent > 0 && on.descent > 0)
    }

    @Test func boldIsWiderThanRegular() throws {
        let regular = try library.shape("Settings", size: 17, weight: .regular)
        let semibold = try library.shape("Settings", size: 17, weight: .semibold)
        let bold = try library.shape("Settings", size: 17, weight: .bold)
        #expect(regular.advance < semibold.advance)
        #expect(semibold.advance < bold.advance)
    }

    @Test func outlinesAreClosedContours() throws {
        let shaped = try library.shape("O", size: 10, weight: .regular)
        let moves = shaped.path.elements.filter { if case .move = $0 { true } else { false } }.count
        let closes = shaped.path.elements.filter { $0 == .close }.count
        #expect(moves == 2, "an O has an outer and an inner contour")
        #expect(closes == moves)
    }

    @Test(arguments: ["🙂", "\u{10FFFD}", "a\u{0}b", "مرحبا", "e\u{301}"])
    func unsupportedOrUnusualTextDoesNotFail(text: String) throws {
        let shaped = try library.shape(text, size: 16, weight: .regular)
        #expect(shaped.advance >= 0)
        #expect(shaped.advance.isFinite)
    }

    @Test func emptyTextIsEmpty() throws {
        let shaped = try library.shape("", size: 16, weight: .semibold)
        #expect(shaped.path.elements.isEmpty)
        #expect(shaped.advance == 0)
        #expect(shaped.inkBounds == nil)
        #expect(shaped.ascent > 0)
    }

    @Test func spacesAdvanceWithoutInk() throws {
        let shaped = try library.shape("   ", size: 16, weight: .regular)
        #expect(shaped.advance > 0)
        #expect(shaped.inkBounds == nil)
    }

    @Test(arguments: [0, -4, Double.nan, Double.infinity])
    func invalidSizesAreRejected(size: Double) {
        #expect(throws: TextError.self) { try library.shape("A", size: size, weight: .regular) }
        do {
            _ = try library.shape("A", size: size, weight: .regular)
        } catch {
            #expect(error.description.contains("greater than 0"))
        }
    }

    @Test func missingFontNamesThePath() {
        let missing = "/nonexistent/fonts/Missing-Bold.otf"
        let custom = FontLibrary(configuration: .init(sans: .init(regular: [missing], semibold: [missing], bold: [missing])))
        do {
            _ = try custom.shape("A", size: 12, weight: .bold)
            Issue.record("a missing font must be an error")
        } catch {
            #expect(error.kind == .fontNotFound(family: .sans, weight: .bold, pathsTried: [missing], installHint: nil))
            #expect(error.description.contains(missing))
        }
    }

    @Test func missingFontFallsBackToTheNextCandidate() throws {
        let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let custom = FontLibrary(
            configuration: .init(
                sans: .init(
                    regular: ["/nonexistent/Inter-Regular.otf", dejaVu], semibold: [], bold: []
                )))
        let fallback = try custom.shape("Hello", size: 12, weight: .regular)
        let inter = try library.shape("Hello", size: 12, weight: .regular)
        #expect(fallback.advance > 0)
        #expect(fallback.advance != inter.advance)
        #expect(throws: TextError(.fontNotFound(family: .sans, weight: .bold, pathsTried: [], installHint: nil))) {
            try custom.shape("Hello", size: 12, weight: .bold)
        }
    }

    @Test func aFileThatIsNotAFontIsAnError() {
        let notAFont = #filePath
        let custom = FontLibrary(configuration: .init(sans: .init(regular: [notAFont], semibold: [], bold: [])))
        do {
            _ = try custom.shape("A", size: 12, weight: .regular)
            Issue.record("a source file is not a font")
        } catch {
            #expect(error.description.contains(notAFont))
            #expect(error.description.contains("unknown file format"))
        }
    }

    @Test func concurrentShapingMatchesSerialShaping() async throws {
        let texts = ["Settings", "AV", "ON", "Wi-Fi", "Bluetooth", "Airplane Mode", "OFF", "Volume"]
        let expected = try texts.map { try library.shape($0, size: 15, weight: .semibold) }
        let fresh = FontLibrary()
        try await withThrowingTaskGroup(of: (Int, ShapedText).self) { group in
            for round in 0..<64 {
                let index = round % texts.count
                let weight = FontWeight.allCases[round % FontWeight.allCases.count]
                group.addTask {
                    _ = try fresh.shape(texts[index], size: 15, weight: weight)
                    return (index, try fresh.shape(texts[index], size: 15, weight: .semibold))
                }
            }
            for try await (index, shaped) in group {
                #expect(shaped == expected[index])
            }
        }
    }
}
