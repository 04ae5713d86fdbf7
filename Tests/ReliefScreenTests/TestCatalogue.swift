import ReliefGeometry
import ReliefScreen

/// SPEC §5's icons, which `Image(icon:)` and the components take.
let icons = ["heart", "star", "play", "pause", "plus", "check", "power", "bell", "none"]

/// The layout's own elements and the components of SPEC §4 and §13 by their §14 names, with the
/// parameters of `/render` they take: the catalogue the components' parameter table will replace.
let testCatalogue = ScreenCatalogue.layout(icons: icons).adding([
    ElementEntry(
        "Button", .component,
        [
            ParameterEntry("icon", .member(icons), default: .member("heart")),
            ParameterEntry("label", .text(maximumLength: 64)),
            ParameterEntry("pressed", .bool, default: .bool(false)),
            ParameterEntry("shape", .member(["circle", "rounded", "capsule"]), default: .member("circle")),
            ParameterEntry("size", .number(16...1024)),
            ParameterEntry("width", .number(16...1024)),
            ParameterEntry("height", .number(16...1024)),
        ]),
    ElementEntry(
        "Toggle", .component,
        [ParameterEntry(nil, .text(maximumLength: 64)), ParameterEntry("isOn", .bool, default: .bool(false))]),
    ElementEntry("Switch", .component, [ParameterEntry("on", .bool, default: .bool(false))]),
    ElementEntry("Well", .component, [ParameterEntry("depth", .member(["shallow", "deep"]), default: .member("deep"))]),
    ElementEntry(
        "Card", .component, [ParameterEntry("width", .number(16...1024)), ParameterEntry("height", .number(16...1024))]),
    ElementEntry(
        "Slider", .component,
        [
            ParameterEntry("value", .number(0...1), default: .number(0.5)),
            ParameterEntry("steps", .number(0...20), default: .number(0)),
        ]),
    ElementEntry(
        "ProgressView", .component,
        [
            ParameterEntry("value", .number(0...1), default: .number(0.6)),
            ParameterEntry("circular", .bool, default: .bool(false)),
        ]),
    ElementEntry(
        "Checkbox", .component,
        [ParameterEntry(nil, .text(maximumLength: 64)), ParameterEntry("on", .bool, default: .bool(false))]),
    ElementEntry(
        "Radio", .component, [ParameterEntry(nil, .text(maximumLength: 64)), ParameterEntry("on", .bool, default: .bool(false))]),
    ElementEntry(
        "Picker", .component,
        [
            ParameterEntry(
                "segments", .list(.text(maximumLength: 20), count: 2...5),
                default: .list([.string("Day"), .string("Week"), .string("Month")])),
            ParameterEntry("selected", .number(1...5), default: .number(1)),
        ]),
    ElementEntry(
        "TextField", .component,
        [
            ParameterEntry("text", .text(maximumLength: 64)), ParameterEntry("placeholder", .text(maximumLength: 64)),
            ParameterEntry("focused", .bool, default: .bool(false)),
        ]),
    ElementEntry(
        "TabBar", .component,
        [
            ParameterEntry(
                "tabs", .list(.member(icons), count: 2...5),
                default: .list([.member("heart"), .member("star"), .member("bell")])),
            ParameterEntry("selected", .number(1...5), default: .number(1)),
        ]),
])

/// The components' default frames of SPEC §4 and §13.
let testFrames: [String: Size] = [
    "Button": Size(80, 80), "Toggle": Size(80, 80), "Switch": Size(170, 60), "Well": Size(170, 60), "Card": Size(300, 300),
    "Slider": Size(240, 44), "ProgressView": Size(240, 16), "Checkbox": Size(28, 28), "Radio": Size(28, 28),
    "Picker": Size(280, 44), "TextField": Size(240, 48), "TabBar": Size(320, 64),
]

/// Every cluster half the point size wide, every line 1.25 times it high: at body size (17 pt at L),
/// 8.5 and 21.25, numbers to work out by hand and exact in binary.
let handMeasurer = FixedAdvanceMeasurer(componentFrames: testFrames)

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
