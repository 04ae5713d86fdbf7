extension RenderSpec {
    /// A control SwiftUI makes flexible along a row (SPEC §14: `TextField`, `Slider`, a linear
    /// `ProgressView`, a segmented `Picker`, `TabBar`): in a screen it takes the width it is offered,
    /// down to ``flexibleMinimumWidth``; its `width` (the `/render` default) is its ideal width, what
    /// it takes when nothing is offered.
    public protocol FlexibleWidth: ComponentOptions {
        /// `width`, `height` and `radius`; a layout sets the width.
        var frame: Frame { get set }
        /// The least width a layout gives it; nil where this one's width is its own after all (a ring).
        var flexibleMinimumWidth: Double? { get }
    }

    /// A panel (SPEC §14: `Card { … }`, `Well { … }`): in a screen it may hold content, and is then
    /// drawn the size of what it holds.
    public protocol HoldsContent: ComponentOptions {
        /// `width`, `height` and `radius`; a layout sets the width and height to its content's.
        var frame: Frame { get set }
    }

    /// The least width of a flexible control's target: the 44 points of Apple's least hit target.
    public static let leastTargetWidth = 44.0
}

extension RenderSpec.Component {
    /// The least width a screen's layout may give the component, which takes any width offered above
    /// it; nil for one whose width is its own whatever is offered.
    public var flexibleMinimumWidth: Double? {
        (options as? any RenderSpec.FlexibleWidth)?.flexibleMinimumWidth
    }
}

extension RenderSpec {
    /// The spec with its component `width` points wide, as a screen's layout gave it; unchanged for a
    /// component whose width is its own.
    public func laidOut(width: Double) -> RenderSpec {
        guard var flexible = component.options as? any FlexibleWidth, flexible.flexibleMinimumWidth != nil else {
            return self
        }
        flexible.frame.width = width
        var spec = self
        spec.component = flexible.component
        return spec
    }

    /// The spec of a panel drawn `width` × `height` points around its content; unchanged for a
    /// component that holds none.
    public func holding(width: Double, height: Double) -> RenderSpec {
        guard var panel = component.options as? any HoldsContent else { return self }
        panel.frame.width = width
        panel.frame.height = height
        var spec = self
        spec.component = panel.component
        return spec
    }
}

extension RenderSpec.ComponentKind {
    /// Whether its element may hold content in a screen's layout, as a panel (``RenderSpec/HoldsContent``).
    public var holdsContent: Bool {
        options is any RenderSpec.HoldsContent.Type
    }
}
