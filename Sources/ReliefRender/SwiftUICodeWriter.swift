import ReliefEscaping
import ReliefGeometry
import ReliefScene
import ReliefScreen
import ReliefSpec

/// The SwiftUI back end: walks the view tree as built (before layout), which already reads like
/// the articles' SwiftUI, and writes it as code to paste into an Xcode project.
///
/// Every view case is the SwiftUI it was modelled on: `shape.fill(...)`, `.overlay(...)`,
/// `.shadow(color:radius:x:y:)`, `.blur(radius:)`, `.offset(x:y:)`, `.mask(...)`, stacks, frames
/// and padding, `Text` for words, and a `Shape` of the project's own outline for an icon. Colours
/// of the articles keep their names (`Color.darkStart`), others are written out; a diagonal
/// gradient is the first article's `LinearGradient(a, b)`.
///
/// A control is written in both of its states and the two trees are compared: what they share is
/// written once, what differs is an `if` on the state, so buttons and toggles get the second
/// article's background view (`if isHighlighted { … } else { … }`) behind a `ButtonStyle` or
/// `ToggleStyle`, and the switch seed 004's `CustomToggle` with its knob between `Spacer`s.
struct SwiftUICodeWriter {
    /// Lines of code, each without the indentation of where it goes.
    typealias Lines = [String]

    /// The shape written as the background view's `shape` parameter rather than spelled out.
    var parameterShape: SceneShape?
    /// What ``typeName(_:)`` adds to the names of the types a component declares; empty but in a
    /// `scheme=auto` file and a screen's.
    var typeSuffix = ""
    /// What ``stateName(_:)`` adds to the names of the `@State` a component's code asks of the view
    /// showing it; empty but in a screen's file, where one view shows several components.
    var stateSuffix = ""
    /// Named colours of the articles the code uses, in order of first use.
    private var namedColors: [(name: String, color: Color)] = []
    private var usesDiagonalGradient = false
    /// Each icon outline the code draws, with the name of its `Shape`.
    private var icons: [(path: Path, name: String)] = []

    /// The code of a `scheme=auto` spec: each appearance's layout and components as their own types,
    /// named after the appearance (`ReliefScreenDark`, `ReliefButtonStyle1Dark`), and a
    /// `ReliefPreview` that reads the environment's `colorScheme` and `colorSchemeContrast` and shows
    /// the layout the viewer's settings pick, as the SVG's media queries do.
    static func text(
        ofAppearances appearances: [(appearance: RenderSpec.Appearance, screen: LaidOutScreen)], asked spec: RenderSpec,
        by renderer: Renderer
    ) throws -> String {
        var writer = SwiftUICodeWriter()
        var structs: [Lines] = []
        var views: [RenderSpec.Appearance: Lines] = [:]
        for (appearance, screen) in appearances {
            let layout = try writer.layout(of: screen, suffix: Self.suffix(of: appearance), by: renderer)
            structs += layout.structs.filter { !structs.contains($0) }
            views[appearance] = canvasView(of: screen, showing: layout.name, writer: &writer)
        }
        let shown = RenderSpec.Appearance.shown(among: appearances.map(\.appearance))
        // The most particular setting first, the default (a light appearance, standard contrast) last.
        let branches = shown.reversed().map { (condition: Self.condition(of: $0.setting), view: views[$0.appearance] ?? []) }
        var body: Lines = []
        for (index, branch) in branches.enumerated() {
            switch (index, branch.condition) {
            case (0, let condition?): body += ["if \(condition) {"] + indent(branch.view)
            case (_, let condition?): body += ["} else if \(condition) {"] + indent(branch.view)
            case (0, nil): body += branch.view
            case (_, nil): body += ["} else {"] + indent(branch.view)
            }
        }
        if branches.count > 1 { body.append("}") }
        let preview =
            [
                "/// Follows the viewer's settings: the light or dark appearance, each with Increase Contrast.",
                "struct ReliefPreview: View {",
                "    @Environment(\\.colorScheme) private var colorScheme",
                "    @Environment(\\.colorSchemeContrast) private var colorSchemeContrast",
            ] + [""] + ["    var body: some View {"] + indent(indent(body)) + ["    }", "}"]
        let names = appearances.map { Self.suffix(of: $0.appearance) }.joined(separator: ", ")
        return writer.file(
            summary: spec.summary, source: "/render?" + spec.canonicalQuery, structs: structs + [preview],
            note: "one set of types for each appearance (\(names)); ReliefPreview shows the one the "
                + "environment's colorScheme and colorSchemeContrast pick, on its background.")
    }

    /// The suffix of an appearance's type names: `Light`, `Dark`, `LightIncreasedContrast` or
    /// `DarkIncreasedContrast`, after SwiftUI's `ColorSchemeContrast.increased`.
    private static func suffix(of appearance: RenderSpec.Appearance) -> String {
        appearance.tone.rawValue.prefix(1).uppercased() + appearance.tone.rawValue.dropFirst()
            + (appearance.contrast == .high ? "IncreasedContrast" : "")
    }

    /// The Swift condition under which the environment is in `setting`; nil for the default.
    private static func condition(of setting: RenderSpec.Appearance.ViewerSetting) -> String? {
        let dark = setting.tone == .dark ? "colorScheme == .dark" : nil
        let increased = setting.contrast == .high ? "colorSchemeContrast == .increased" : nil
        let conditions = [dark, increased].compactMap { $0 }
        return conditions.isEmpty ? nil : conditions.joined(separator: " && ")
    }

    /// The code of `spec`'s component drawn as `scene` shows it, `otherState` the scene of its other
    /// state: the types it declares, named by ``typeName(_:)``, and the code that shows it.
    mutating func component(_ spec: RenderSpec, scene: Scene, otherState: Scene?) -> SwiftUIComponentCode {
        let frame = ".frame(width: \(OutputText.number(scene.frame.width)), height: \(OutputText.number(scene.frame.height)))"
        let (active, resting) = spec.component.isActive ? (scene, otherState ?? scene) : (otherState ?? scene, scene)
        return spec.component.output.swiftUICode(
            SwiftUIScenes(scene: scene, active: active, resting: resting, frame: frame), writer: &self)
    }

    /// The whole file: its heading (`summary` and the URL of its `source`), the named colours and
    /// gradient helper the code used, `structs`, the icons' shapes and the preview; `note` says what
    /// the file holds.
    func file(summary: String, source: String, structs: [Lines], note: String) -> String {
        var file: Lines = [
            "// Relief: " + Self.commentText(summary) + ".",
            "// Generated from " + source,
            "// SwiftUI for iOS 17 or macOS 14 and later; " + note,
            "",
            "import SwiftUI",
            "",
        ]
        if !namedColors.isEmpty {
            // In the order the articles introduce them.
            let named = Self.articleColors.filter { color in namedColors.contains { $0.name == color.name } }
            file +=
                ["extension Color {"] + named.map { "    static let \($0.name) = \(Self.components($0.color))" }
                + ["}", ""]
        }
        if usesDiagonalGradient {
            file += [
                "extension LinearGradient {",
                "    /// A gradient from the top-left corner to the bottom-right corner, as the articles write it.",
                "    init(_ colors: Color...) {",
                "        self.init(gradient: Gradient(colors: colors), startPoint: .topLeading, endPoint: .bottomTrailing)",
                "    }",
                "}",
                "",
            ]
        }
        let allStructs = structs + icons.map { Self.iconShape($0.path, name: $0.name) }
        file += allStructs.flatMap { $0 + [""] } + ["#Preview {", "    ReliefPreview()", "}"]
        return file.joined(separator: "\n") + "\n"
    }

    /// The name of a type the component declares: `name`, followed in a `scheme=auto` file by its
    /// appearance's suffix, so that each appearance's types stand side by side.
    func typeName(_ name: String) -> String {
        name + typeSuffix
    }

    /// The name of a `@State` property a component's code declares for the view that shows it:
    /// `name`, followed in a screen's file by the component's number, so that each has its own.
    func stateName(_ name: String) -> String {
        name + stateSuffix
    }

    // MARK: The scaffolding of the articles

    func backgroundView(body: Lines) -> Lines {
        [
            "struct \(typeName("ReliefBackground"))<S: Shape>: View {", "    var isHighlighted: Bool", "    var shape: S", "",
            "    var body: some View {",
        ] + indent(indent(body)) + ["    }", "}"]
    }

    /// A `Shape` drawing `path`, an outline in a unit square, stretched over its frame.
    private static func iconShape(_ path: Path, name: String) -> Lines {
        func point(_ p: Point) -> String { "point(\(OutputText.number(p.x)), \(OutputText.number(p.y)))" }
        let drawing: Lines = path.elements.map { element in
            switch element {
            case .move(let p): "path.move(to: \(point(p)))"
            case .line(let p): "path.addLine(to: \(point(p)))"
            case .quad(let c, let p): "path.addQuadCurve(to: \(point(p)), control: \(point(c)))"
            case .cubic(let c1, let c2, let p): "path.addCurve(to: \(point(p)), control1: \(point(c1)), control2: \(point(c2)))"
            case .close: "path.closeSubpath()"
            }
        }
        return [
            "/// Relief's own icon outline, in a unit square stretched over the frame.",
            "struct \(name): Shape {",
            "    func path(in rect: CGRect) -> Path {",
            "        func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {",
            "            CGPoint(x: rect.minX + x * rect.width, y: rect.minY + y * rect.height)",
            "        }",
            "        var path = Path()",
        ] + indent(indent(drawing)) + ["        return path", "    }", "}"]
    }

    /// A button's or toggle's two states as the `ButtonStyle` draws them: the children both states
    /// end with are the label, drawn over the background; the rest, which differs, is the background.
    static func backgroundAndLabel(active: View, resting: View) -> (active: View, resting: View, label: View?) {
        guard case .zStack(let activeChildren) = active, case .zStack(let restingChildren) = resting else {
            return (active, resting, nil)
        }
        var shared = 0
        while shared < min(activeChildren.count, restingChildren.count) - 1,
            activeChildren[activeChildren.count - 1 - shared] == restingChildren[restingChildren.count - 1 - shared]
        {
            shared += 1
        }
        guard shared > 0 else { return (active, resting, nil) }
        func stacked(_ children: ArraySlice<View>) -> View {
            children.count == 1 ? children[children.startIndex] : .zStack(Array(children))
        }
        return (
            stacked(activeChildren.dropLast(shared)), stacked(restingChildren.dropLast(shared)),
            stacked(activeChildren.suffix(shared))
        )
    }

    // MARK: Views as code

    /// A view as SwiftUI writes it: a base (one line, or a block such as a stack) and its modifiers.
    struct Expression {
        var base: Lines
        /// Each one line, or several when it takes a view (`.overlay(` … `)`).
        var modifiers: [Lines] = []

        /// The code: modifiers indented under a one-line base, level with a block's closing brace.
        var lines: Lines {
            let indentation = base.count == 1 ? "    " : ""
            return base + modifiers.flatMap { $0.map { indentation + $0 } }
        }

        /// The code on one line, when it is short: a one-line base and at most one one-line modifier
        /// (`shape.stroke(Color.darkEnd, lineWidth: 4)`, as the articles pass views to modifiers).
        var inline: String? {
            guard base.count == 1, modifiers.count <= 1, modifiers.allSatisfy({ $0.count == 1 }) else { return nil }
            return base[0] + (modifiers.first?[0] ?? "")
        }
    }

    mutating func expression(_ view: View) -> Expression {
        switch view {
        case .empty:
            return Expression(base: ["EmptyView()"])
        case .spacer:
            return Expression(base: ["Spacer()"])
        case .fill(let shape, let fill):
            return Expression(base: [self.shape(shape)], modifiers: [[".fill(\(paint(fill)))"]])
        case .stroke(let shape, let fill, let lineWidth):
            return Expression(
                base: [self.shape(shape)],
                modifiers: [[".stroke(\(paint(fill)), lineWidth: \(OutputText.number(lineWidth)))"]])
        case .text(let run):
            return text(run)
        case .lines(let runs):
            return Expression(base: ["VStack(spacing: 0) {"] + runs.flatMap { indent(text($0).lines) } + ["}"])
        case .artwork(let path, let size, let fill):
            let side = OutputText.number(size)
            return Expression(
                base: ["\(icon(path))()"],
                modifiers: [[".fill(\(paint(fill)))"], [".frame(width: \(side), height: \(side))"]])
        case .zStack(let children):
            return stack("ZStack", children)
        case .hStack(let children, let spacing):
            return stack("HStack(spacing: \(OutputText.number(spacing)))", children)
        case .vStack(let children, let spacing):
            return stack("VStack(spacing: \(OutputText.number(spacing)))", children)
        case .frame(let child, _, _), .padding(let child, _), .overlay(let child, _), .shadow(let child, _),
            .blur(let child, _), .offset(let child, _, _), .layoutOffset(let child, _, _), .mask(let child, _),
            .opacity(let child, _):
            var modified = expression(child)
            modified.modifiers.append(modifier(of: view))
            return modified
        }
    }

    /// The modifier a modifier view adds to its child; none for any other view.
    private mutating func modifier(of view: View) -> Lines {
        let n = OutputText.number
        switch view {
        case .frame(_, let width, let height):
            let sizes = [width.map { "width: \(n($0))" }, height.map { "height: \(n($0))" }].compactMap { $0 }
            return [".frame(\(sizes.joined(separator: ", ")))"]
        case .padding(_, let amount):
            return [".padding(\(n(amount)))"]
        case .overlay(_, let top):
            return taking("overlay", expression(top))
        case .shadow(_, let shadow):
            return [".shadow(color: \(color(shadow.color)), radius: \(n(shadow.radius)), x: \(n(shadow.x)), y: \(n(shadow.y)))"]
        case .blur(_, let radius):
            return [".blur(radius: \(n(radius)))"]
        case .offset(_, let x, let y), .layoutOffset(_, let x, let y):
            return [".offset(x: \(n(x)), y: \(n(y)))"]
        case .mask(_, let mask):
            return taking("mask", expression(mask))
        case .opacity(_, let amount):
            return [".opacity(\(n(amount)))"]
        case .empty, .spacer, .fill, .stroke, .text, .lines, .artwork, .zStack, .hStack, .vStack:
            return []
        }
    }

    /// `.name(view)`: on one line when the view's code is short, else the view's lines inside.
    private func taking(_ name: String, _ argument: Expression) -> Lines {
        if let inline = argument.inline { return [".\(name)(\(inline))"] }
        return [".\(name)("] + indent(argument.lines) + [")"]
    }

    private mutating func stack(_ header: String, _ children: [View]) -> Expression {
        Expression(base: [header + " {"] + children.flatMap { indent(expression($0).lines) } + ["}"])
    }

    /// SwiftUI's `Font.Design` of `font`, without its dot.
    static func design(_ font: RenderSpec.Font) -> String {
        switch font {
        case .sans: "default"
        case .serif: "serif"
        case .rounded: "rounded"
        case .mono: "monospaced"
        }
    }

    private mutating func text(_ run: TextRun) -> Expression {
        let design = Self.design(run.font)
        let weight =
            switch run.weight {
            case .regular: "regular"
            case .semibold: "semibold"
            case .bold: "bold"
            }
        var modifiers: [Lines] = [
            [".font(.system(size: \(OutputText.number(run.size)), weight: .\(weight), design: .\(design)))"],
            [".foregroundColor(\(color(run.color)))"],
        ]
        if let language = run.language {
            modifiers.append([".environment(\\.locale, Locale(identifier: \(Self.stringLiteral(language))))"])
        }
        return Expression(base: ["Text(\(Self.stringLiteral(run.string)))"], modifiers: modifiers)
    }

    // MARK: Two states compared

    /// Code drawing `on` where `flag` is true and `off` where it is false: once where they are equal,
    /// an `if` where they differ.
    mutating func statements(_ on: View, _ off: View, flag: String) -> Lines {
        if on == off { return expression(on).lines }
        if let matched = matchedExpression(on, off, flag: flag) { return matched.lines }
        return ["if \(flag) {"] + indent(expression(on).lines) + ["} else {"] + indent(expression(off).lines) + ["}"]
    }

    /// ``statements(_:_:flag:)`` as one expression, a `Group` around an `if` where needed.
    mutating func matching(_ on: View, _ off: View, flag: String) -> Expression {
        if on == off { return expression(on) }
        if let matched = matchedExpression(on, off, flag: flag) { return matched }
        return Expression(base: ["Group {"] + indent(statements(on, off, flag: flag)) + ["}"])
    }

    /// The code of two views that differ only inside: stacks of the same kind, whose children are
    /// aligned, or the same modifier with the same values around children that differ.
    private mutating func matchedExpression(_ on: View, _ off: View, flag: String) -> Expression? {
        guard Self.differOnlyInside(on, off) else { return nil }
        switch (on, off) {
        case (.zStack(let a), .zStack(let b)):
            return Expression(base: ["ZStack {"] + indent(aligned(a, b, flag: flag)) + ["}"])
        case (.hStack(let a, let spacing), .hStack(let b, _)):
            return Expression(
                base: ["HStack(spacing: \(OutputText.number(spacing))) {"] + indent(aligned(a, b, flag: flag)) + ["}"])
        case (.vStack(let a, let spacing), .vStack(let b, _)):
            return Expression(
                base: ["VStack(spacing: \(OutputText.number(spacing))) {"] + indent(aligned(a, b, flag: flag)) + ["}"])
        default:
            guard let onChild = Self.child(of: on), let offChild = Self.child(of: off) else { return nil }
            var modified = matching(onChild, offChild, flag: flag)
            modified.modifiers.append(modifier(of: on))
            return modified
        }
    }

    /// The children of two stacks in order: those both have (their longest common subsequence)
    /// once, the others under `if flag` or `if !flag`, or an `if`–`else` where both have some.
    private mutating func aligned(_ on: [View], _ off: [View], flag: String) -> Lines {
        // common[i][j]: the length of the longest common subsequence of on[i...] and off[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: off.count + 1), count: on.count + 1)
        for i in on.indices.reversed() {
            for j in off.indices.reversed() {
                common[i][j] = on[i] == off[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var lines: Lines = []
        var onlyOn: [View] = [], onlyOff: [View] = []
        func flush(_ writer: inout SwiftUICodeWriter) {
            // Children that differ only inside, pair by pair (a knob's row in each state), are matched.
            if !onlyOn.isEmpty, onlyOn.count == onlyOff.count, zip(onlyOn, onlyOff).allSatisfy(Self.differOnlyInside) {
                lines += zip(onlyOn, onlyOff).flatMap { writer.statements($0, $1, flag: flag) }
                onlyOn = []
                onlyOff = []
                return
            }
            let onCode = onlyOn.flatMap { writer.expression($0).lines }, offCode = onlyOff.flatMap { writer.expression($0).lines }
            switch (onCode.isEmpty, offCode.isEmpty) {
            case (false, false): lines += ["if \(flag) {"] + indent(onCode) + ["} else {"] + indent(offCode) + ["}"]
            case (false, true): lines += ["if \(flag) {"] + indent(onCode) + ["}"]
            case (true, false): lines += ["if !\(flag) {"] + indent(offCode) + ["}"]
            case (true, true): break
            }
            onlyOn = []
            onlyOff = []
        }
        var (i, j) = (0, 0)
        while i < on.count || j < off.count {
            if i < on.count, j < off.count, on[i] == off[j] {
                flush(&self)
                lines += expression(on[i]).lines
                (i, j) = (i + 1, j + 1)
            } else if j == off.count || (i < on.count && common[i + 1][j] >= common[i][j + 1]) {
                onlyOn.append(on[i])
                i += 1
            } else {
                onlyOff.append(off[j])
                j += 1
            }
        }
        flush(&self)
        return lines
    }

    /// Whether two views are stacks of one kind and spacing, or one modifier with the same values:
    /// what ``matchedExpression(_:_:flag:)`` writes once, with their differences inside.
    private static func differOnlyInside(_ on: View, _ off: View) -> Bool {
        switch (on, off) {
        case (.zStack, .zStack): true
        case (.hStack(_, let a), .hStack(_, let b)), (.vStack(_, let a), .vStack(_, let b)): a == b
        default: child(of: on) != nil && replacingChild(of: on, with: .empty) == replacingChild(of: off, with: .empty)
        }
    }

    /// The view a modifier view wraps; nil for others.
    private static func child(of view: View) -> View? {
        switch view {
        case .frame(let child, _, _), .padding(let child, _), .overlay(let child, _), .shadow(let child, _),
            .blur(let child, _), .offset(let child, _, _), .layoutOffset(let child, _, _), .mask(let child, _):
            child
        default:
            nil
        }
    }

    /// A modifier view around another child, to compare the modifiers of two views alone.
    private static func replacingChild(of view: View, with child: View) -> View {
        switch view {
        case .frame(_, let width, let height): .frame(child, width: width, height: height)
        case .padding(_, let amount): .padding(child, amount)
        case .overlay(_, let top): .overlay(child, top)
        case .shadow(_, let shadow): .shadow(child, shadow)
        case .blur(_, let radius): .blur(child, radius: radius)
        case .offset(_, let x, let y): .offset(child, x: x, y: y)
        case .layoutOffset(_, let x, let y): .layoutOffset(child, x: x, y: y)
        case .mask(_, let mask): .mask(child, mask)
        default: view
        }
    }

    // MARK: Values

    /// `shape`, or a view of the shape.
    mutating func shape(_ shape: SceneShape) -> String {
        if shape == parameterShape { return "shape" }
        return switch shape {
        case .circle: "Circle()"
        case .capsule: "Capsule()"
        case .roundedRectangle(let radius): "RoundedRectangle(cornerRadius: \(OutputText.number(radius)))"
        }
    }

    /// A colour, or a gradient as the articles write it.
    mutating func paint(_ fill: Fill) -> String {
        switch fill {
        case .color(let color):
            return self.color(color)
        case .linearGradient(let from, let to, let start, let end):
            if start == .topLeading && end == .bottomTrailing {
                usesDiagonalGradient = true
                return "LinearGradient(\(color(from)), \(color(to)))"
            }
            return "LinearGradient(colors: [\(color(from)), \(color(to))], startPoint: \(Self.unitPoint(start)), "
                + "endPoint: \(Self.unitPoint(end)))"
        }
    }

    /// SwiftUI's name of a unit point, or the point.
    private static func unitPoint(_ point: UnitPoint) -> String {
        let names = [
            ("topLeading", 0.0, 0.0), ("top", 0.5, 0), ("topTrailing", 1, 0), ("leading", 0, 0.5), ("center", 0.5, 0.5),
            ("trailing", 1, 0.5), ("bottomLeading", 0, 1), ("bottom", 0.5, 1), ("bottomTrailing", 1, 1),
        ]
        if let name = names.first(where: { $0.1 == point.x && $0.2 == point.y }) { return "." + name.0 }
        return "UnitPoint(x: \(OutputText.number(point.x)), y: \(OutputText.number(point.y)))"
    }

    /// The colour by its name in SwiftUI or the articles (`Color.darkStart`, `Color.black.opacity(0.2)`),
    /// else by its components.
    mutating func color(_ color: Color) -> String {
        if color.alpha == 0 { return "Color.clear" }
        let opaque = Color(red: color.red, green: color.green, blue: color.blue)
        let opacity = color.alpha < 1 ? ".opacity(\(OutputText.number(color.alpha)))" : ""
        if let name = Self.systemColors.first(where: { $0.color == opaque })?.name {
            return "Color.\(name)" + opacity
        }
        if let named = Self.articleColors.first(where: { $0.color == opaque }) {
            if !namedColors.contains(where: { $0.name == named.name }) { namedColors.append(named) }
            return "Color.\(named.name)" + opacity
        }
        return Self.components(color)
    }

    /// SwiftUI's own colours that the articles use, in their light appearance.
    private static let systemColors: [(name: String, color: Color)] = [
        ("white", .white), ("black", .black), ("gray", Palette.gray), ("green", Palette.green), ("red", Palette.red),
    ]

    /// The colours the articles name (seed 004's by its asset names), and the accessible variants
    /// by the names docs/ACCESSIBILITY.md gives them.
    private static let articleColors: [(name: String, color: Color)] = [
        ("offWhite", Palette.offWhite), ("darkStart", Palette.darkStart), ("darkEnd", Palette.darkEnd),
        ("lightStart", Palette.lightStart), ("lightEnd", Palette.lightEnd), ("mainColor", Palette.softMain),
        ("darkShadow", Palette.softDarkShadow), ("strongGray", Palette.strongGray), ("outlineGray", Palette.outlineGray),
        ("outlineSilver", Palette.outlineSilver), ("ringBright", Palette.ringBright), ("pressedBlue", Palette.pressedBlue),
        ("strongGreen", Palette.strongGreen), ("strongRed", Palette.strongRed),
    ]

    /// `Color(red: 50 / 255, green: 60 / 255, blue: 65 / 255)` for whole 8-bit channels, as the
    /// articles write their colours, else the fractions; an `opacity:` when translucent.
    private static func components(_ color: Color) -> String {
        let channels = [("red", color.red), ("green", color.green), ("blue", color.blue)].map { name, value in
            let byte = (value * 255).rounded()
            return abs(value * 255 - byte) < 1e-6 ? "\(name): \(Int(byte)) / 255" : "\(name): \(OutputText.number(value))"
        }
        let opacity = color.alpha < 1 ? ", opacity: \(OutputText.number(color.alpha))" : ""
        return "Color(" + channels.joined(separator: ", ") + opacity + ")"
    }

    /// The name of the `Shape` that draws `path`.
    private mutating func icon(_ path: Path) -> String {
        if let known = icons.first(where: { $0.path == path }) { return known.name }
        let name = icons.isEmpty ? "ReliefIcon" : "ReliefIcon\(icons.count + 1)"
        icons.append((path, name))
        return name
    }

    /// `text` as a Swift string literal: quotes and backslashes escaped, and characters that do not
    /// show or that end lines (controls, format characters, separators) as `\u{…}`.
    static func stringLiteral(_ text: String) -> String {
        "\""
            + text.swiftLiteralEscaped { scalar in
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
                default: false
                }
            } + "\""
    }

    /// `text` fit for a line comment: anything that could end the line becomes a space.
    private static func commentText(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    switch scalar.properties.generalCategory {
                    case .control, .lineSeparator, .paragraphSeparator: " "
                    default: scalar
                    }
                }))
    }
}

/// `lines` one level (four spaces) deeper.
func indent(_ lines: SwiftUICodeWriter.Lines) -> SwiftUICodeWriter.Lines {
    lines.map { $0.isEmpty ? $0 : "    " + $0 }
}

/// The SwiftUI back end of any laid-out tree, a screen or a component's `/render` (the screen of that
/// component alone): one self-contained file. `ReliefScreen`'s body is the layout
/// as written — its stacks with their alignment and spacing (the default 8 written out, as the
/// layout places by it), `.padding`, `.frame`, `.font` and the text modifiers as they stand, `Text`,
/// `Spacer`, `Divider` — with each component drawn by its own code (``component(_:scene:otherState:)``),
/// a panel's (`Card { … }`) in a `ZStack` behind what it holds,
/// its types named after its element's number (`ReliefButtonStyle4`) and its `@State` too
/// (`isOn6`), so that the file declares every type once. A text takes the colour it is drawn in,
/// an icon is the project's own outline as a `Shape`, a divider the drawing's line colour over
/// SwiftUI's, a stack's panel its background; look modifiers (`.style`, `.color`, …) are comments where
/// they stand, since each element's code already holds its look. `AdaptiveStack` is a view of its
/// own that reads `dynamicTypeSize`. `ReliefPreview` shows the screen on its background at the
/// query's text size, in its font design and language.
extension SwiftUICodeWriter: AdaptingFormatWriter {
    static func text(of screen: LaidOutScreen, by renderer: Renderer) throws -> String {
        var writer = SwiftUICodeWriter()
        let layout = try writer.layout(of: screen, suffix: "", by: renderer)
        return writer.file(
            summary: screen.summary, source: "/screen?" + screen.request.canonicalQuery,
            structs: layout.structs + [
                ["struct ReliefPreview: View {", "    var body: some View {"]
                    + indent(indent(canvasView(of: screen, showing: layout.name, writer: &writer))) + ["    }", "}"]
            ],
            note: "ReliefScreen is the layout, each component drawn by its own types, numbered as its element; "
                + "ReliefPreview shows it on its background at the query's text size.")
    }

    /// The layout of `screen` as `ReliefScreen` followed by `suffix`, then the types of its
    /// components, each named after its element's number and `suffix` (`ReliefButtonStyle4Dark`),
    /// and the helper views the layout uses.
    private mutating func layout(of screen: LaidOutScreen, suffix: String, by renderer: Renderer) throws -> (
        structs: [Lines], name: String
    ) {
        let parts = try screen.parts(by: renderer)
        var structs: [Lines] = []
        var state: Lines = []
        var uses: [SourceLocation: Lines] = [:]
        for part in parts {
            guard let component = part.component else { continue }
            (typeSuffix, stateSuffix) = (String(part.number) + suffix, String(part.number))
            let code = self.component(
                component.spec, scene: component.scene, otherState: try Self.otherState(of: component.spec, by: renderer))
            structs += code.structs
            state += code.state
            uses[part.placed.location] = code.use
        }
        var layout = LayoutCode(
            parts: Dictionary(uniqueKeysWithValues: parts.map { ($0.placed.location, $0) }), uses: uses)
        let body = layout.expression(of: screen.drawing.layout.root, writer: &self).lines
        let name = "ReliefScreen" + suffix
        let view =
            ["/// The layout as written.", "struct \(name): View {"] + indent(state) + ["    var body: some View {"]
            + indent(indent(body)) + ["    }", "}"]
        return ([view] + structs + (layout.usesAdaptiveStack ? [Self.adaptiveStack] : []), name)
    }

    /// The view `name` (a layout's) on `screen`'s canvas, in the environment the query sets: its text
    /// size, font design and language.
    private static func canvasView(of screen: LaidOutScreen, showing name: String, writer: inout SwiftUICodeWriter)
        -> Lines
    {
        let look = screen.request.page.look, size = screen.drawing.size, canvas = screen.canvas
        let n = OutputText.number
        var environment = [".dynamicTypeSize(.\(dynamicTypeSize(look.textSize ?? .l)))"]
        if let font = look.font, font != .sans { environment.append(".fontDesign(.\(design(font)))") }
        if let language = look.language {
            environment.append(".environment(\\.locale, Locale(identifier: \(stringLiteral(language))))")
        }
        let background = screen.scene.background.map { [writer.paint($0)] } ?? []
        return ["ZStack {"]
            + indent(background + [name + "()", "    .frame(width: \(n(size.width)), height: \(n(size.height)))"])
            + ["}", ".frame(width: \(n(canvas.width)), height: \(n(canvas.height)))"] + environment
    }

    /// SwiftUI's `DynamicTypeSize` of a text size, without its dot.
    private static func dynamicTypeSize(_ size: RenderSpec.TextSize) -> String {
        switch size {
        case .xs: "xSmall"
        case .s: "small"
        case .m: "medium"
        case .l: "large"
        case .xl: "xLarge"
        case .xxl: "xxLarge"
        case .xxxl: "xxxLarge"
        case .ax1: "accessibility1"
        case .ax2: "accessibility2"
        case .ax3: "accessibility3"
        case .ax4: "accessibility4"
        case .ax5: "accessibility5"
        }
    }

    /// The layout's `AdaptiveStack`, declared once in a file whose layout uses it.
    private static let adaptiveStack: Lines = [
        "/// A row below the accessibility text sizes and a column from AX1 up, as seed 002's menu cell turns its",
        "/// stack; the alignment's vertical part aligns the row, its horizontal part the column.",
        "struct AdaptiveStack<Content: View>: View {",
        "    @Environment(\\.dynamicTypeSize) private var dynamicTypeSize",
        "    var alignment: Alignment",
        "    var spacing: CGFloat",
        "    var content: Content",
        "",
        "    init(alignment: Alignment = .center, spacing: CGFloat = 8, @ViewBuilder content: () -> Content) {",
        "        self.alignment = alignment",
        "        self.spacing = spacing",
        "        self.content = content()",
        "    }",
        "",
        "    var body: some View {",
        "        if dynamicTypeSize.isAccessibilitySize {",
        "            VStack(alignment: alignment.horizontal, spacing: spacing) { content }",
        "        } else {",
        "            HStack(alignment: alignment.vertical, spacing: spacing) { content }",
        "        }",
        "    }",
        "}",
    ]

    /// The scene of the other state of `spec`'s control (pressed or not, on or off), which its code
    /// draws too; nil for a component without states.
    static func otherState(of spec: RenderSpec, by renderer: Renderer) throws -> Scene? {
        spec.component.kind.changesState ? try renderer.scene(for: spec.otherState) : nil
    }
}

/// The walk that writes the layout's elements as SwiftUI, each component by the code its writer gave.
private struct LayoutCode {
    let parts: [SourceLocation: ScreenPart]
    let uses: [SourceLocation: SwiftUICodeWriter.Lines]
    private(set) var usesAdaptiveStack = false

    init(parts: [SourceLocation: ScreenPart], uses: [SourceLocation: SwiftUICodeWriter.Lines]) {
        self.parts = parts
        self.uses = uses
    }

    mutating func expression(of element: PlacedElement, writer: inout SwiftUICodeWriter) -> SwiftUICodeWriter.Expression {
        let drawn = parts[element.location]?.drawn ?? []
        var code: SwiftUICodeWriter.Expression
        switch element.role {
        case .stack(let kind):
            var children: SwiftUICodeWriter.Lines = []
            for child in element.children { children += expression(of: child, writer: &writer).lines }
            code = .init(base: [header(of: element, kind) + " {"] + indent(children) + ["}"])
        case .text:
            let text = if case .string(let text)? = argument(nil, of: element) { text } else { "" }
            code = .init(base: ["Text(\(SwiftUICodeWriter.stringLiteral(text)))"])
            if case .text(let run)? = drawn.first?.view {
                code.modifiers.append([".foregroundColor(\(writer.color(run.color)))"])
            }
        case .image:
            // An icon drawn is its outline; `.none` draws nothing in the place it takes.
            let n = OutputText.number
            code =
                drawn.first.map { writer.expression($0.view) }
                ?? .init(
                    base: ["Color.clear"],
                    modifiers: [[".frame(width: \(n(element.frame.width)), height: \(n(element.frame.height)))"]])
        case .spacer:
            let minimum = argument("minLength", of: element).map { "minLength: " + CanonicalForm.value($0) } ?? ""
            code = .init(base: ["Spacer(\(minimum))"])
        case .divider:
            code = .init(base: ["Divider()"])
            if case .fill(_, let fill)? = drawn.first?.view { code.modifiers.append([".overlay(\(writer.paint(fill)))"]) }
        case .component where element.children.isEmpty:
            code = .init(base: uses[element.location] ?? [])
        case .component:
            // A panel is drawn the size of what it holds, behind it, which it centres as a ZStack does.
            var children = uses[element.location] ?? []
            for child in element.children { children += expression(of: child, writer: &writer).lines }
            code = .init(base: ["ZStack {"] + indent(children) + ["}"])
        }
        for modifier in element.modifiers {
            let written = CanonicalForm.modifier(modifier)
            switch modifier.kind {
            case .padding, .frame, .font, .text: code.modifiers.append([written])
            case .look:
                code.modifiers.append(["// \(written): the look every element inside is drawn in"])
            }
        }
        // A stack that changes the surface is a panel of that look's background.
        if case .stack = element.role, case .fill(_, let fill)? = drawn.first?.view {
            code.modifiers.append([".background(\(writer.paint(fill)))"])
        }
        return code
    }

    /// A stack's name and arguments: its alignment where written, its spacing always.
    private mutating func header(of element: PlacedElement, _ kind: StackKind) -> String {
        let name: String
        switch kind {
        case .vertical: name = "VStack"
        case .horizontal: name = "HStack"
        case .depth: name = "ZStack"
        case .adaptive:
            name = "AdaptiveStack"
            usesAdaptiveStack = true
        }
        var arguments = argument("alignment", of: element).map { ["alignment: " + CanonicalForm.value($0)] } ?? []
        if kind != .depth {
            let spacing =
                argument("spacing", of: element).map(CanonicalForm.value) ?? OutputText.number(StackLayout.defaultSpacing)
            arguments.append("spacing: " + spacing)
        }
        return name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
    }

    private func argument(_ label: String?, of element: PlacedElement) -> ScreenValue? {
        element.arguments.first { $0.label == label }?.value
    }
}
