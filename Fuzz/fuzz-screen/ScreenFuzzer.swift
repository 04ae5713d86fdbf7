// libFuzzer target for ReliefScreen: the transport, the parser, the canonical form and the layout,
// through the public API and the test catalogue's kind of components (`make fuzz`, docs/RELIABILITY.md).
import ReliefGeometry
import ReliefScreen
import ReliefSpec

private let icons = ["heart", "star", "play", "pause", "plus", "check", "power", "bell", "none"]

/// The layout's elements and a few components with lists, numbers, booleans, members and an unlabelled
/// string, so that every kind of value is reached.
private let catalogue = ScreenCatalogue.layout(icons: icons).adding([
    ElementEntry(
        "Button", .component,
        [
            ParameterEntry("icon", .member(icons), default: .member("heart")),
            ParameterEntry("pressed", .bool, default: .bool(false)),
            ParameterEntry("size", .number(16...1024)), ParameterEntry("width", .number(16...1024)),
            ParameterEntry("height", .number(16...1024)),
        ]),
    ElementEntry(
        "Toggle", .component,
        [ParameterEntry(nil, .text(maximumLength: 64)), ParameterEntry("isOn", .bool, default: .bool(false))]),
    ElementEntry("Slider", .component, [ParameterEntry("value", .number(0...1), default: .number(0.5))]),
    ElementEntry(
        "Picker", .component,
        [
            ParameterEntry("segments", .list(.text(maximumLength: 20), count: 2...5)),
            ParameterEntry("selected", .number(1...5), default: .number(1)),
        ]),
    ElementEntry("TabBar", .component, [ParameterEntry("tabs", .list(.member(icons), count: 2...5))]),
])

private let parser = ScreenParser(catalogue: catalogue)
private let measurer = FixedAdvanceMeasurer(componentFrames: [
    "Button": Size(80, 80), "Toggle": Size(80, 80), "Slider": Size(240, 44), "Picker": Size(280, 44), "TabBar": Size(320, 64),
])

/// One input, read both as a `source=` value and as layout text; a broken invariant stops the
/// process, which libFuzzer records as a crash.
func fuzzScreen(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    do {
        let decoded = try ScreenSource.decode(text)
        precondition(decoded.utf8.count <= ScreenLimits.sourceBytes, "source= inflated past the limit")
        check(decoded)
    } catch {
        precondition(!error.description.isEmpty, "a transport error without words")
    }
    check(text)
    return 0
}

/// `text` parses or is refused with a place and words; a parsed layout's canonical text is its own
/// canonical form, travels through `source=` unchanged and lays out to the same frames.
private func check(_ text: String) {
    let root: ScreenElement
    do {
        root = try parser.parse(text)
    } catch {
        let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        precondition(
            error.location.line >= 1 && error.location.line <= lines && error.location.column >= 1, "\(error) is outside the text"
        )
        precondition(!error.found.isEmpty && !error.expected.isEmpty, "an error without content: \(error)")
        return
    }
    let canonical = CanonicalForm.text(of: root)
    let reparsed: ScreenElement
    do {
        reparsed = try parser.parse(canonical)
    } catch {
        preconditionFailure("the canonical form of \(text) is refused: \(error)\n\(canonical)")
    }
    precondition(CanonicalForm.text(of: reparsed) == canonical, "the canonical form of \(canonical) is not itself")
    precondition((try? ScreenSource.decode(ScreenSource.encode(canonical))) == canonical, "source= changed \(canonical)")
    for textSize in [RenderSpec.TextSize.l, .ax1] {
        let laidOut = ScreenLayout(root, textSize: textSize, measurer: measurer)
        let again = ScreenLayout(reparsed, textSize: textSize, measurer: measurer)
        precondition(frames(laidOut.root) == frames(again.root), "\(canonical) lays out otherwise than \(text)")
        precondition(laidOut.size.width.isFinite && laidOut.size.height.isFinite, "an unbounded screen: \(laidOut.size)")
        precondition(laidOut.size.width >= 0 && laidOut.size.height >= 0, "a negative screen: \(laidOut.size)")
    }
}

private func frames(_ element: PlacedElement) -> [Rect] {
    precondition(
        [element.frame.minX, element.frame.minY, element.frame.width, element.frame.height].allSatisfy(\.isFinite)
            && element.frame.width >= 0 && element.frame.height >= 0,
        "\(element.name) at \(element.location) has the frame \(element.frame)")
    return [element.frame, element.bounds] + element.children.flatMap(frames)
}
