import ReliefGeometry

/// Everything an image shows, in points: a canvas, what covers it, and the component in its frame.
public struct Scene: Sendable, Hashable {
    /// The canvas, in points.
    public var size: Size
    /// What covers the whole canvas first (its gradient runs corner to corner); nil leaves it clear.
    public var background: Fill?
    /// The component.
    public var content: View
    /// Where the component is laid out on the canvas.
    public var frame: Rect
    /// The component's outline in ``outlineFrame``: what a user sees as the control's edge.
    public var outline: SceneShape
    /// Where the outline lies on the canvas: the frame, or the part a user sees as the control (a
    /// slider's knob).
    public var outlineFrame: Rect
    /// The parts the audit measures one by one: a segment, a tab, a slider's knob and fill.
    public var parts: SceneParts

    public init(
        size: Size, background: Fill?, content: View, frame: Rect, outline: SceneShape, outlineFrame: Rect? = nil,
        parts: SceneParts = .whole
    ) {
        self.size = size
        self.background = background
        self.content = content
        self.frame = frame
        self.outline = outline
        self.outlineFrame = outlineFrame ?? frame
        self.parts = parts
    }
}
