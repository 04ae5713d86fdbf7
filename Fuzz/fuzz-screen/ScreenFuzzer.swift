// libFuzzer target for ReliefScreen: the transport, the parser, every element's spec, the canonical
// form and the layout, through the public API (`make fuzz`, docs/RELIABILITY.md).
import ReliefGeometry
import ReliefScreen
import ReliefSpec

private let measurer = FixedAdvanceMeasurer(
    componentFrames: [
        "Button": Size(80, 80), "Toggle": Size(80, 80), "Slider": Size(240, 44), "Picker": Size(280, 44), "TabBar": Size(320, 64),
        "TextField": Size(240, 48), "Card": Size(300, 300), "Well": Size(170, 60),
    ],
    minimumWidths: ["TextField": 80, "Slider": 44, "ProgressView": 32, "Picker": 132, "TabBar": 132])

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

/// `text` is a screen or is refused with a place and words; a screen's canonical text is its own
/// canonical form, travels through `source=` unchanged and lays out to the same frames.
private func check(_ text: String) {
    let request: ScreenRequest
    do {
        request = try ScreenRequest(text: text, settings: QuerySettings())
    } catch {
        let lines = text.utf8.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let location = error.location ?? SourceLocation(line: 1, column: 1)
        precondition(location.line >= 1 && location.line <= lines && location.column >= 1, "\(error) is outside the text")
        precondition(!error.problem.detail.isEmpty && !error.problem.allowed.isEmpty, "an error without content: \(error)")
        return
    }
    let canonical = request.canonicalText
    let reparsed: ScreenRequest
    do {
        reparsed = try ScreenRequest(text: canonical, settings: QuerySettings())
    } catch {
        preconditionFailure("the canonical form of \(text) is refused: \(error)\n\(canonical)")
    }
    precondition(reparsed.canonicalText == canonical, "the canonical form of \(canonical) is not itself")
    precondition((try? ScreenSource.decode(ScreenSource.encode(canonical))) == canonical, "source= changed \(canonical)")
    let root = request.layout
    for textSize in [RenderSpec.TextSize.l, .ax1] {
        let laidOut = ScreenLayout(root, textSize: textSize, measurer: measurer)
        let again = ScreenLayout(reparsed.layout, textSize: textSize, measurer: measurer)
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
