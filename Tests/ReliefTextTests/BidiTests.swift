import Testing

@testable import ReliefText

/// The x of each glyph that starts a character, by the character's UTF-8 offset in the text.
private func glyphX(_ shaped: ShapedText) -> [Int: Double] {
    var positions: [Int: Double] = [:]
    for glyph in shaped.runs.flatMap(\.glyphs) where positions[glyph.textOffset] == nil {
        positions[glyph.textOffset] = glyph.x
    }
    return positions
}

/// The x of the glyphs of `part` of `text`, in logical order.
private func positions(of part: String, in text: String, _ shaped: ShapedText) throws -> [Double] {
    let range = try #require(text.firstRange(of: part))
    let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
    let xs = glyphX(shaped)
    return part.utf8.indices.compactMap { index in xs[start + part.utf8.distance(from: part.utf8.startIndex, to: index)] }
}

private func isIncreasing(_ values: [Double]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 < $1 } }
private func isDecreasing(_ values: [Double]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 > $1 } }

@Suite("Bidirectional text")
struct BidiTests {
    let library = FontLibrary.shared

    @Test(arguments: ["שלום עולם", "مرحبا بالعالم"])
    func rightToLeftTextRunsRightToLeft(text: String) throws {
        let shaped = try library.shape(text, size: 20, weight: .regular)
        #expect(shaped.isRightToLeft)
        #expect(shaped.runs.allSatisfy { $0.isRightToLeft })
        let xs = glyphX(shaped).sorted { $0.key < $1.key }.map(\.value)
        #expect(xs.count >= 8)
        #expect(isDecreasing(xs), "glyph x by logical order: \(xs)")
    }

    @Test func mixedTextKeepsLatinAndDigitsInOrderAndArabicRightToLeft() throws {
        let text = "Order طلب 25"
        let shaped = try library.shape(text, size: 20, weight: .regular)
        #expect(!shaped.isRightToLeft)
        let latin = try positions(of: "Order", in: text, shaped)
        let arabic = try positions(of: "طلب", in: text, shaped)
        let digits = try positions(of: "25", in: text, shaped)
        #expect(latin.count == 5 && arabic.count == 3 && digits.count == 2)
        #expect(isIncreasing(latin))
        #expect(isDecreasing(arabic))
        #expect(isIncreasing(digits))
        // As a browser shows it: Latin first, then the number, then the Arabic word read from the right.
        #expect(latin.max()! < digits.min()!)
        #expect(digits.max()! < arabic.min()!)
    }

    @Test(arguments: ["\u{061C}Hello", "\u{200F}Hello", "\u{2067}שלום\u{2069}Hello"])
    func invisibleOrIsolatedRightToLeftDoesNotFlipALatinLabel(text: String) throws {
        let shaped = try library.shape(text, size: 20, weight: .regular)
        #expect(!shaped.isRightToLeft)
        #expect(isIncreasing(try positions(of: "Hello", in: text, shaped)))
    }

    @Test func latinInARightToLeftParagraphStillReadsLeftToRight() throws {
        let text = "\u{05D0}Hello world"
        let shaped = try library.shape(text, size: 20, weight: .regular)
        #expect(shaped.isRightToLeft)
        let latin = try positions(of: "Hello world", in: text, shaped)
        #expect(isIncreasing(latin))
        let alef = try #require(glyphX(shaped)[0])
        #expect(alef > latin.max()!, "the Hebrew letter starts the paragraph at the right")
        #expect(shaped.runs.flatMap(\.glyphs).allSatisfy { $0.id != 0 })
    }

    @Test func levelsAreReorderedFromTheHighestDown() {
        // L2 on "car MEANS CAR.", as in UAX #9's examples, with runs instead of characters.
        #expect(BidiParagraph.visualOrder(of: [0, 1, 0]) == [0, 1, 2])
        #expect(BidiParagraph.visualOrder(of: [1, 2, 1]) == [2, 1, 0])
        #expect(BidiParagraph.visualOrder(of: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
        #expect(BidiParagraph.visualOrder(of: [0, 2, 0]) == [0, 1, 2], "numbers in a left-to-right line stay put")
        #expect(BidiParagraph.visualOrder(of: []) == [])
    }

    @Test func trailingSpacesTakeTheParagraphLevel() throws {
        let paragraph = try BidiParagraph(Array("abc אבג  ".unicodeScalars))
        #expect(!paragraph.isRightToLeft)
        #expect(paragraph.levels == [0, 0, 0, 0, 1, 1, 1, 0, 0])
    }
}
