import ReliefGeometry
import ReliefRender
import ReliefScene
import Testing

@testable import ReliefSpec

/// The contours of a path, each from its move to its close.
private func contours(_ path: Path) -> [[Path.Element]] {
    var result: [[Path.Element]] = []
    for element in path.elements {
        if case .move = element { result.append([]) }
        if !result.isEmpty { result[result.count - 1].append(element) }
    }
    return result
}

/// The points of a contour, in order.
private func points(_ contour: [Path.Element]) -> [Point] {
    contour.flatMap { element -> [Point] in
        switch element {
        case .move(let p), .line(let p): [p]
        case .quad(let c, let p): [c, p]
        case .cubic(let c1, let c2, let p): [c1, c2, p]
        case .close: []
        }
    }
}

/// Labels through the whole pipeline, laid out with the installed fonts: the order of the glyphs
/// the scene places, where the icon goes, line breaks, regional forms, and the switch's words.
@Suite("Label layout with real fonts")
struct LabelLayoutRenderTests {
    let renderer = Renderer()

    func spec(_ query: String) throws -> RenderSpec {
        try RenderSpec.parse(query: query)
    }

    /// Every outline the scene of `spec` places for its text and icon, in canvas points.
    func placedOutlines(_ spec: RenderSpec) throws -> Path {
        let scene = try renderer.scene(for: spec)
        var outlines = Path()
        func collect(_ node: PlacedNode) {
            switch node {
            case .path(let path, _, _): outlines.append(path)
            case .group(let children): children.forEach(collect)
            default: break
            }
        }
        guard case .zStack(let layers) = scene.content, let glyphs = layers.last else { return outlines }
        collect(try glyphs.placed(in: scene.frame, shaper: renderer.textShaper))
        return outlines
    }

    /// The x of each place `character` is drawn in `placed`: where all the contours of the
    /// character shaped alone (same size and font) appear, moved as one.
    func positions(of character: Character, in placed: Path, size: Double) throws -> [Double] {
        let alone = contours(
            try renderer.textShaper.shape(
                TextRun(
                    String(character), size: size, weight: .regular,
                    color: .black)
            ).path)
        let all = contours(placed)
        guard let first = alone.first.map(points), let origin = first.first else { return [] }
        var found: [Double] = []
        for start in all.indices where start + alone.count <= all.count {
            guard let candidate = points(all[start]).first else { continue }
            let dx = candidate.x - origin.x, dy = candidate.y - origin.y
            let matches = zip(alone, all[start...]).allSatisfy { glyph, placedContour in
                let a = points(glyph), b = points(placedContour)
                return a.count == b.count && zip(a, b).allSatisfy { abs($0.x + dx - $1.x) < 1e-6 && abs($0.y + dy - $1.y) < 1e-6 }
            }
            if matches { found.append(origin.x + dx) }
        }
        return found
    }

    /// The x of each character of `text`, which holds each character once, in the label `placed`.
    func xs(of text: String, in placed: Path) throws -> [Double] {
        try text.map { character in try #require(positions(of: character, in: placed, size: 17).first, "\(character)") }
    }

    private func isIncreasing(_ values: [Double]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 < $1 } }
    private func isDecreasing(_ values: [Double]) -> Bool { zip(values, values.dropFirst()).allSatisfy { $0 > $1 } }

    // A right-to-left paragraph (Hebrew first) and a left-to-right one (Latin first): either way, as a
    // browser shows them, the Latin word, then the number, then the right-to-left word, read from the right.
    // Alef, dal and reh join no letter after them, so each keeps the form it has alone.
    @Test(arguments: [("שלום abc 123", "שלום", "abc", "123"), ("Buy ادر 25", "ادر", "Buy", "25")])
    func rightToLeftWordsRunRightToLeftAndLatinAndDigitsKeepTheirOrder(
        label: String, rightToLeft: String, latin: String, digits: String
    ) throws {
        let placed = try placedOutlines(spec("shape=capsule&label=" + QueryString.encode(label)))
        let rightToLeftXs = try xs(of: rightToLeft, in: placed)
        let latinXs = try xs(of: latin, in: placed)
        let digitXs = try xs(of: digits, in: placed)
        #expect(isDecreasing(rightToLeftXs), "\(rightToLeftXs)")
        #expect(isIncreasing(latinXs) && isIncreasing(digitXs), "\(latinXs) \(digitXs)")
        #expect(latinXs.max()! < digitXs.min()! && digitXs.max()! < rightToLeftXs.min()!)
    }

    @Test(arguments: [("Order now", false), ("اطلب الآن", true), ("הזמן עכשיו", true), ("立即訂購", false)])
    func theIconLeadsTheWordsInTheirReadingOrder(label: String, isRightToLeft: Bool) throws {
        let spec = try spec("shape=capsule&icon=plus&label=" + QueryString.encode(label))
        let scene = try renderer.scene(for: spec)
        guard case .zStack(let layers) = scene.content, case .hStack(let views, _) = layers.last else {
            Issue.record("expected the icon and the words side by side")
            return
        }
        let iconIndex = try #require(views.firstIndex { if case .artwork = $0 { true } else { false } })
        #expect(iconIndex == (isRightToLeft ? 1 : 0))
    }

    @Test func hanWrapsBetweenIdeographsAndLatinAtSpaces() throws {
        func lines(_ query: String) throws -> [String] {
            let scene = try renderer.scene(for: spec(query))
            guard case .zStack(let layers) = scene.content, case .lines(let runs) = layers.last else { return [] }
            return runs.map(\.string)
        }
        let han = try lines("shape=capsule&textsize=ax3&label=" + QueryString.encode("立即訂購立即訂購立即訂購"))
        #expect(han.count > 1)
        #expect(han.joined() == "立即訂購立即訂購立即訂購")
        #expect(try lines("shape=capsule&textsize=ax3&label=Order%20the%20soup%20now") == ["Order", "the", "soup", "now"])
        // Thai has no spaces: ICU's dictionary finds the words.
        let thai = try lines("shape=capsule&textsize=ax5&label=" + QueryString.encode("สวัสดีครับ"))
        #expect(thai == ["สวัสดี", "ครับ"])
    }

    @Test func theLanguageTagPicksRegionalForms() throws {
        // 骨 is drawn three ways: as in mainland China, Taiwan and Japan.
        let images = try ["zh-Hans", "zh-Hant", "ja"].map { tag in
            try renderer.image(for: spec("label=%E9%AA%A8&textsize=ax5&scale=2&lang=\(tag)")).rgba
        }
        #expect(images[0] != images[1] && images[1] != images[2] && images[0] != images[2])
        let untagged = try renderer.image(for: spec("label=%E9%AA%A8&textsize=ax5&scale=2")).rgba
        #expect(untagged == images[0], "Han alone is taken for Simplified Chinese")
    }

    @Test func theFontChangesTheLetters() throws {
        let images = try RenderSpec.Font.allCases.map { font in
            try renderer.image(for: spec("shape=capsule&label=Order&font=\(font.rawValue)")).rgba
        }
        #expect(Set(images).count == RenderSpec.Font.allCases.count)
    }

    @Test func theSwitchShowsItsWordsAndWidensForLongerOnes() throws {
        let plain = try renderer.image(for: spec("component=switch&on=true"))
        let words = try renderer.image(for: spec("component=switch&on=true&onlabel=%E9%96%8B&offlabel=%E9%97%9C"))
        #expect(plain.width == words.width && plain.rgba != words.rgba)
        let long = try renderer.image(for: spec("component=switch&onlabel=Einschalten&offlabel=Ausschalten"))
        #expect(long.width > plain.width)
        #expect(long.height == plain.height)
    }

    @Test(arguments: [
        ("size=900&icon=heart&textsize=ax5&scale=4", "textsize"),
        ("shape=capsule&width=900&label=" + String(repeating: "W", count: 64) + "&textsize=ax5&scale=4", "label"),
        ("component=switch&width=900&onlabel=" + String(repeating: "W", count: 64) + "&scale=4", "onlabel"),
        ("component=switch&width=900&offlabel=" + String(repeating: "W", count: 64) + "&scale=4", "offlabel"),
    ])
    func anImageGrownPastTheLimitsNamesWhatGrewIt(query: String, parameter: String) throws {
        let spec = try spec(query)
        let error = try #require(throws: SpecError.self) { try renderer.image(for: spec) }
        #expect(error.parameter == parameter)
        #expect(error.allowed.hasSuffix(RenderSpec.Limits.pixelBounds))
    }
}
