import ReliefGeometry
import ReliefSpec

/// A layout's elements placed by SwiftUI's rules (docs/SCREENS.md): each parent proposes a size to its
/// children, each child chooses its own, and the parent places them.
///
/// The design, SwiftUI's layout protocol over one measurer:
///
/// - A proposal has a width and a height, either unspecified (nil: "your ideal size"); 0 and infinity
///   ask for a view's least and greatest size. The screen is proposed 390 points of width and an
///   unspecified height.
/// - Leaves answer: a text wraps in the width offered; an image and a fixed component keep their own
///   size; a flexible control (``ScreenMeasuring/minimumWidth(of:)``) takes the width offered, never
///   less than its minimum, and its own when none is; a Spacer takes what its stack offers along it.
/// - A VStack or HStack offered a length along its axis takes its spacing off and offers the rest to
///   its children least flexible first (flexibility: the length offered everything less the length
///   offered nothing), each an equal share of what is still left, Spacers last; across the axis each
///   child is offered the stack's own proposal. A ZStack, and a panel (`Card { … }`), offers every
///   child its own proposal.
/// - `.padding(edges, n)` offers its child the proposal less the padded edges and adds them back;
///   `.frame(width:height:)` offers and is the lengths it gives; `.frame(minWidth:…maxHeight:)` clamps
///   the proposal to its limits (an unspecified one becomes its ideal), offers that, and is the
///   child's size clamped the same way, so `maxWidth: .infinity` takes the whole width offered. Both
///   frames place the child by their alignment.
/// - Sizes are kept per element, wrapper and proposal for the run, so nested probes measure once.
public struct ScreenLayout: Hashable, Sendable {
    /// The width a screen is offered, an iPhone's; its height is unlimited.
    public static let screenWidth = 390.0

    /// The laid-out size of the whole screen: the outermost element's, with its modifiers.
    public let size: Size
    public let root: PlacedElement

    /// Lays out `root` as the whole screen: offered `width` and an unlimited height, which the root's own
    /// `.frame` overrides as any frame does.
    public init(
        _ root: ScreenElement, textSize: RenderSpec.TextSize, measurer: some ScreenMeasuring,
        width: Double = ScreenLayout.screenWidth
    ) {
        var engine = LayoutEngine(textSize: textSize, measurer: measurer)
        let node = engine.add(root, font: ScreenFont(.body, at: textSize), axis: nil)
        let proposal = Proposal(width: width, height: nil)
        self.root = engine.place(node, proposal, at: Point(0, 0))
        size = self.root.bounds.size
    }
}

/// One element where the layout put it.
public struct PlacedElement: Hashable, Sendable {
    public let name: String
    public let role: ElementRole
    public let arguments: [ScreenArgument]
    public let modifiers: [ScreenModifier]
    public let location: SourceLocation
    /// The font in force: the innermost `.font` around the element, or body.
    public let font: ScreenFont
    /// The element itself, inside its padding and frames, in the screen's points.
    public let frame: Rect
    /// The space the element takes in its parent: its frame with its padding and frames around it.
    public let bounds: Rect
    public let children: [PlacedElement]
}

/// A size proposed to a child: nil on an axis leaves it to the child (SwiftUI's unspecified proposal).
struct Proposal: Hashable {
    var width: Double?
    var height: Double?

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    func inset(by insets: Insets) -> Proposal {
        Proposal(width: width.map { max(0, $0 - insets.horizontal) }, height: height.map { max(0, $0 - insets.vertical) })
    }
}

/// What a `.padding` adds on each edge.
struct Insets: Hashable {
    var top = 0.0, leading = 0.0, bottom = 0.0, trailing = 0.0

    init(_ edges: ScreenEdges, _ length: Double) {
        top = edges.contains(.top) ? length : 0
        leading = edges.contains(.leading) ? length : 0
        bottom = edges.contains(.bottom) ? length : 0
        trailing = edges.contains(.trailing) ? length : 0
    }

    var horizontal: Double { leading + trailing }
    var vertical: Double { top + bottom }
}

extension ScreenFrame.Lengths {
    /// What the frame offers its child on this axis when it is offered `proposed`: its fixed length, or
    /// the proposal (its ideal where unspecified) clamped to its minimum and maximum.
    public func offer(_ proposed: Double?) -> Double? {
        if let fixed { return fixed }
        guard var length = proposed ?? ideal else { return nil }
        if let minimum { length = max(minimum, length) }
        if let maximum { length = min(maximum, length) }
        return length
    }

    /// The frame's length on this axis around a child `child` long, offered `proposed`: its fixed
    /// length, or the child's clamped to the minimum and maximum, a maximum above the child taking what
    /// was offered up to it, as SwiftUI's flexible frame does.
    func length(around child: Double, proposed: Double?) -> Double {
        if let fixed { return fixed }
        let offered = offer(proposed) ?? child
        var length = child
        if let minimum { length = max(minimum, min(length, offered)) }
        if let maximum { length = min(maximum, max(length, offered)) }
        return length
    }
}

enum Axis: Hashable {
    case horizontal, vertical

    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    subscript(axis: Axis) -> Double { axis == .horizontal ? width : height }

    init(_ along: Double, _ across: Double, on axis: Axis) {
        self = axis == .horizontal ? Size(along, across) : Size(across, along)
    }
}

/// The stack rules' numbers.
public enum StackLayout {
    /// The space between a stack's children when `spacing:` is not given: SwiftUI's standard spacing
    /// between two views on iOS.
    public static let defaultSpacing = 8.0
    /// A Spacer's least length along its stack when `minLength:` is not given, SwiftUI's default.
    public static let spacerMinimumLength = 8.0
    /// A Divider's thickness along its stack.
    public static let dividerThickness = 1.0
}

/// The layout's state while it runs: each element as a node, and every size already worked out.
private struct LayoutEngine<Measurer: ScreenMeasuring> {
    enum Wrapper {
        case padding(Insets)
        case frame(ScreenFrame)
    }

    enum Core {
        case text(String)
        case fixed(Size)
        /// A control that takes the width offered, at least `minimumWidth`, and `ideal` when none is.
        case flexible(ideal: Size, minimumWidth: Double)
        case spacer(minimumLength: Double)
        case divider
        case stack(Axis, spacing: Double)
        case depth
    }

    struct Node {
        let element: ScreenElement
        let font: ScreenFont
        /// The stack axis the element sits on, for Spacer and Divider; nil outside a VStack or HStack.
        let axis: Axis?
        /// Its padding and frames, outermost first.
        let wrappers: [Wrapper]
        let core: Core
        /// Where a child goes in the space left over, 0 to 1 on each axis (0.5, 0.5: centred).
        let alignment: (x: Double, y: Double)
        var children: [Int] = []
    }

    struct SizeKey: Hashable {
        let node: Int
        let level: Int
        let proposal: Proposal
    }

    let textSize: RenderSpec.TextSize
    let measurer: Measurer
    var nodes: [Node] = []
    var sizes: [SizeKey: Size] = [:]

    init(textSize: RenderSpec.TextSize, measurer: Measurer) {
        self.textSize = textSize
        self.measurer = measurer
    }

    // MARK: Building

    mutating func add(_ element: ScreenElement, font inherited: ScreenFont, axis: Axis?) -> Int {
        var font = inherited
        // Applied from the outermost in, so that the innermost (first written) of each kind wins, as in SwiftUI.
        for modifier in element.modifiers.reversed() {
            switch modifier.kind {
            case .font(let style): font = font.restyled(style, at: textSize)
            case .text(let setting): font = font.setting(setting)
            default: break
            }
        }
        var wrappers: [Wrapper] = []
        for modifier in element.modifiers.reversed() {
            switch modifier.kind {
            case .padding(let edges, let length): wrappers.append(.padding(Insets(edges, length)))
            case .frame(let frame): wrappers.append(.frame(frame))
            default: break
            }
        }
        var core = Core.depth
        var alignment = (x: 0.5, y: 0.5)
        var childAxis: Axis?
        switch element.role {
        case .text:
            if case .string(let text) = element.argument(nil) { core = .text(text) }
        case .component where !element.children.isEmpty:
            // A panel holding content is as large as what it holds, which it centres.
            core = .depth
        case .component where element.argument("width") == nil:
            let size = measurer.intrinsicSize(of: element, font: font)
            core = measurer.minimumWidth(of: element).map { .flexible(ideal: size, minimumWidth: $0) } ?? .fixed(size)
        case .image, .component:
            core = .fixed(measurer.intrinsicSize(of: element, font: font))
        case .spacer:
            var minimumLength = StackLayout.spacerMinimumLength
            if case .number(let length) = element.argument("minLength") { minimumLength = length }
            core = .spacer(minimumLength: minimumLength)
        case .divider:
            core = .divider
        case .stack(let kind):
            var spacing = StackLayout.defaultSpacing
            if case .number(let length) = element.argument("spacing") { spacing = length }
            var alignmentName = "center"
            if case .member(let name) = element.argument("alignment") { alignmentName = name }
            alignment = Self.fractions(of: alignmentName)
            switch kind {
            case .vertical: childAxis = .vertical
            case .horizontal: childAxis = .horizontal
            case .adaptive: childAxis = textSize.isAccessibilitySize ? .vertical : .horizontal
            case .depth: childAxis = nil
            }
            core = childAxis.map { .stack($0, spacing: spacing) } ?? .depth
        }
        nodes.append(Node(element: element, font: font, axis: axis, wrappers: wrappers, core: core, alignment: alignment))
        let index = nodes.count - 1
        let children = element.children.map { add($0, font: font, axis: childAxis) }
        nodes[index].children = children
        return index
    }

    /// An alignment's name as the share of the leftover space before the child, on each axis.
    static func fractions(of alignment: String) -> (x: Double, y: Double) {
        let lower = alignment.lowercased()
        let x = lower.hasSuffix("leading") ? 0 : lower.hasSuffix("trailing") ? 1 : 0.5
        let y = lower.hasPrefix("top") ? 0 : lower.hasPrefix("bottom") ? 1 : 0.5
        return (x, y)
    }

    // MARK: Sizing

    /// The size node `index` chooses for `proposal`, from wrapper `level` in (its count: the core).
    mutating func size(_ index: Int, level: Int = 0, _ proposal: Proposal) -> Size {
        let key = SizeKey(node: index, level: level, proposal: proposal)
        if let known = sizes[key] { return known }
        let node = nodes[index]
        let size: Size
        if level < node.wrappers.count {
            let wrapper = node.wrappers[level]
            let inner = self.size(index, level: level + 1, Self.childProposal(in: wrapper, proposal))
            switch wrapper {
            case .padding(let insets):
                size = Size(inner.width + insets.horizontal, inner.height + insets.vertical)
            case .frame(let frame):
                size = Size(
                    frame.width.length(around: inner.width, proposed: proposal.width),
                    frame.height.length(around: inner.height, proposed: proposal.height))
            }
        } else {
            size = coreSize(node, proposal)
        }
        sizes[key] = size
        return size
    }

    /// What `wrapper` offers the element inside it when it is offered `proposal`.
    static func childProposal(in wrapper: Wrapper, _ proposal: Proposal) -> Proposal {
        switch wrapper {
        case .padding(let insets): proposal.inset(by: insets)
        case .frame(let frame): Proposal(width: frame.width.offer(proposal.width), height: frame.height.offer(proposal.height))
        }
    }

    mutating func coreSize(_ node: Node, _ proposal: Proposal) -> Size {
        switch node.core {
        case .text(let text):
            let width = proposal.width.flatMap { $0.isFinite ? $0 : nil }
            return measurer.size(of: text, font: node.font, maximumWidth: width)
        case .fixed(let size):
            return size
        case .flexible(let ideal, let minimumWidth):
            return Size(proposal.width.map { max(minimumWidth, $0) } ?? ideal.width, ideal.height)
        case .spacer(let minimumLength):
            guard let axis = node.axis else { return Size(proposal.width ?? 0, proposal.height ?? 0) }
            return Size(max(minimumLength, proposal[axis] ?? minimumLength), 0, on: axis)
        case .divider:
            guard let axis = node.axis else { return Size(proposal.width ?? 0, StackLayout.dividerThickness) }
            return Size(StackLayout.dividerThickness, proposal[axis.cross] ?? 0, on: axis)
        case .stack(let axis, let spacing):
            let sizes = distribute(node.children, along: axis, spacing: spacing, proposal).map(\.size)
            let along = sizes.reduce(0) { $0 + $1[axis] } + spacing * Double(max(0, sizes.count - 1))
            return Size(along, sizes.map { $0[axis.cross] }.max() ?? 0, on: axis)
        case .depth:
            let sizes = node.children.map { size($0, proposal) }
            return Size(sizes.map(\.width).max() ?? 0, sizes.map(\.height).max() ?? 0)
        }
    }

    /// A stack's children's proposals and sizes. Without a length along the axis each child is asked
    /// for its own; with one, what the spacing leaves is shared out least flexible child first, each
    /// offered an equal part of what remains, as SwiftUI's stacks do. A child's flexibility is how much
    /// its length can change: its length offered everything less its length offered nothing.
    mutating func distribute(_ children: [Int], along axis: Axis, spacing: Double, _ proposal: Proposal) -> [(
        proposal: Proposal, size: Size
    )] {
        var childProposal = proposal
        guard let length = proposal[axis], length.isFinite else {
            return children.map { (proposal, size($0, proposal)) }
        }
        var flexibilities: [Double] = []
        var leastLengths: [Double] = []
        for child in children {
            childProposal[axis] = 0
            let least = size(child, childProposal)[axis]
            childProposal[axis] = .infinity
            flexibilities.append(size(child, childProposal)[axis] - least)
            leastLengths.append(least)
        }
        // Spacers come last and keep only their least length from the others: they take what is left.
        let isSpacer = children.map { nodes[$0].element.role == .spacer }
        let order = children.indices.sorted {
            (isSpacer[$0] ? 1 : 0, flexibilities[$0], $0) < (isSpacer[$1] ? 1 : 0, flexibilities[$1], $1)
        }
        let spacerLengths = children.indices.filter { isSpacer[$0] }.reduce(0) { $0 + leastLengths[$1] }
        var remaining = max(0, length - spacing * Double(max(0, children.count - 1)))
        var result = [(proposal: Proposal, size: Size)](repeating: (proposal, Size(0, 0)), count: children.count)
        let others = order.count - isSpacer.filter { $0 }.count
        for (done, position) in order.enumerated() {
            if done < others {
                childProposal[axis] = max(0, remaining - spacerLengths) / Double(others - done)
            } else {
                childProposal[axis] = remaining / Double(children.count - done)
            }
            let chosen = size(children[position], childProposal)
            result[position] = (childProposal, chosen)
            remaining = max(0, remaining - chosen[axis])
        }
        return result
    }

    // MARK: Placing

    /// Node `index` and its children placed for `proposal` with its bounds' corner at `origin`.
    mutating func place(_ index: Int, _ proposal: Proposal, at origin: Point) -> PlacedElement {
        let node = nodes[index]
        let outerSize = size(index, proposal)
        let bounds = Rect(x: origin.x, y: origin.y, width: outerSize.width, height: outerSize.height)
        var corner = origin
        var inner = proposal
        for (level, wrapper) in node.wrappers.enumerated() {
            let outer = size(index, level: level, inner)
            inner = Self.childProposal(in: wrapper, inner)
            switch wrapper {
            case .padding(let insets):
                corner = Point(corner.x + insets.leading, corner.y + insets.top)
            case .frame(let frame):
                // The child sits by the frame's alignment, overflowing it that way when larger.
                let child = size(index, level: level + 1, inner)
                let share = Self.fractions(of: frame.alignment)
                corner = Point(
                    corner.x + (outer.width - child.width) * share.x, corner.y + (outer.height - child.height) * share.y)
            }
        }
        let own = size(index, level: node.wrappers.count, inner)
        var children: [PlacedElement] = []
        switch node.core {
        case .stack(let axis, let spacing):
            var along = 0.0
            for (child, placement) in zip(node.children, distribute(node.children, along: axis, spacing: spacing, inner)) {
                var childProposal = placement.proposal
                var childSize = placement.size
                if nodes[child].element.role == .divider {
                    // A Divider runs across the whole stack, however wide its siblings made it.
                    childProposal[axis.cross] = own[axis.cross]
                    childSize = size(child, childProposal)
                }
                let share = axis == .vertical ? node.alignment.x : node.alignment.y
                let across = (own[axis.cross] - childSize[axis.cross]) * share
                let offset = axis == .vertical ? Point(across, along) : Point(along, across)
                children.append(place(child, childProposal, at: Point(corner.x + offset.x, corner.y + offset.y)))
                along += childSize[axis] + spacing
            }
        case .depth:
            for child in node.children {
                let childSize = size(child, inner)
                let x = corner.x + (own.width - childSize.width) * node.alignment.x
                let y = corner.y + (own.height - childSize.height) * node.alignment.y
                children.append(place(child, inner, at: Point(x, y)))
            }
        default:
            break
        }
        return PlacedElement(
            name: node.element.name, role: node.element.role, arguments: node.element.arguments,
            modifiers: node.element.modifiers,
            location: node.element.location, font: node.font,
            frame: Rect(x: corner.x, y: corner.y, width: own.width, height: own.height), bounds: bounds,
            children: children)
    }
}
