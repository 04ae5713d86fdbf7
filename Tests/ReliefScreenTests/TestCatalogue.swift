import ReliefGeometry
import ReliefScreen
import ReliefSpec

/// The layout's own elements and the components of SPEC §4 and §13 by their §14 names, with the
/// parameters of `/render` they take.
let testCatalogue = ScreenCatalogue.standard

/// The components' default frames of SPEC §4 and §13.
let testFrames: [String: Size] = [
    "Button": Size(80, 80), "Toggle": Size(80, 80), "Switch": Size(170, 60), "Well": Size(170, 60), "Card": Size(300, 300),
    "Slider": Size(240, 44), "ProgressView": Size(240, 16), "Checkbox": Size(28, 28), "Radio": Size(28, 28),
    "Picker": Size(280, 44), "TextField": Size(240, 48), "TabBar": Size(320, 64),
]

/// Every cluster half the point size wide, every line 1.25 times it high: at body size (17 pt at L),
/// 8.5 and 21.25, numbers to work out by hand and exact in binary.
let handMeasurer = FixedAdvanceMeasurer(componentFrames: testFrames, minimumWidths: testMinimumWidths)

/// The flexible controls' least widths (``RenderSpec/FlexibleWidth``): a text field's insets and three
/// characters, a least target for a slider and for each of three segments or tabs, a bar twice its height.
let testMinimumWidths: [String: Double] = ["TextField": 80, "Slider": 44, "ProgressView": 32, "Picker": 132, "TabBar": 132]

let parser = ScreenParser(catalogue: testCatalogue)

/// The first problem `text` has, or nil when it parses.
func parseError(_ text: String) -> ScreenError? {
    do {
        _ = try parser.parse(text)
        return nil
    } catch {
        return error
    }
}
