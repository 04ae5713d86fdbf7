import ReliefGeometry
import ReliefScene

/// A laid-out component read as a box model sees it: surfaces (a filled outline with its ring, the
/// shadows it casts and the blurred edges sunk into it) and the glyphs drawn over them, in drawing
/// order. CSS and the design tokens are written from this reading; the values are the scene's own,
/// and what a box model cannot say is listed in ``approximations``.
///
/// The walk recognises the recipes' vocabulary, not any recipe: a fill starts a surface, a stroke
/// on the same outline rings it, a `.shadow` around a surface is cast by it, and a blurred, moved
/// stroke masked by the surface's shape is an inner edge.
struct SceneSurfaces {
    /// A fill or gradient with the frame it spans, in canvas points.
    struct FramedFill: Equatable {
        var fill: Fill
        var frame: Rect
    }

    /// A stroke inside its outline, blurred and moved, faded by a mask: seed 004's concave edges and
    /// the pressed light button's.
    struct InnerEdge {
        var color: Color
        var lineWidth: Double
        /// σ in points.
        var blur: Double
        var offset: Point
        /// What the mask fades the edge with.
        var fade: FramedFill
    }

    /// One filled outline and what belongs to it.
    struct Surface {
        /// The outline, in canvas points.
        var outline: RoundedRect
        /// Fills, bottom first.
        var faces: [FramedFill] = []
        /// A stroke centred on the outline, drawn over the faces and edges.
        var ring: (paint: FramedFill, lineWidth: Double)?
        /// Cast beneath, first applied first (the one nearest the content).
        var shadows: [Shadow] = []
        /// Bottom first.
        var innerEdges: [InnerEdge] = []
    }

    /// A surface or glyphs, in drawing order.
    enum Layer {
        /// An index into ``surfaces``.
        case surface(Int)
        /// Outlines and colour glyphs in canvas points, drawn as they are.
        case glyphs([PlacedNode])
    }

    private(set) var surfaces: [Surface] = []
    private(set) var layers: [Layer] = []
    /// What the reading had to simplify, in words, once each: a box model casts every shadow from
    /// the box alone and cannot fade an inset shadow.
    private(set) var approximations: [String] = []

    init(_ content: PlacedNode) {
        collect(content, translation: .zero)
        if surfaces.contains(where: { $0.shadows.count > 1 }) {
            note("chained shadows are each cast from the surface alone, not from the shadows before them")
        }
    }

    /// Every glyph node, in drawing order.
    var glyphs: [PlacedNode] {
        layers.flatMap { layer -> [PlacedNode] in
            if case .glyphs(let nodes) = layer { return nodes }
            return []
        }
    }

    private mutating func collect(_ node: PlacedNode, translation: Point) {
        switch node {
        case .fill(let shape, let fill, let frame):
            let painted = FramedFill(fill: fill, frame: frame.offsetBy(translation))
            if let index = surface(outlined: shape.offsetBy(translation)), surfaces[index].ring == nil,
                surfaces[index].innerEdges.isEmpty
            {
                surfaces[index].faces.append(painted)
            } else {
                start(Surface(outline: shape.offsetBy(translation), faces: [painted]))
            }
        case .stroke(let shape, let fill, let lineWidth, let frame):
            let ring = (FramedFill(fill: fill, frame: frame.offsetBy(translation)), lineWidth)
            if let index = surface(outlined: shape.offsetBy(translation)), surfaces[index].ring == nil {
                surfaces[index].ring = ring
            } else {
                start(Surface(outline: shape.offsetBy(translation), ring: ring))
            }
        case .path, .bitmap:
            appendGlyphs(node, translation: translation)
        case .group(let children):
            for child in children { collect(child, translation: translation) }
        case .shadow(let child, let shadow):
            let first = surfaces.count
            collect(child, translation: translation)
            if first < surfaces.count {
                surfaces[first].shadows.append(shadow)
            } else {
                note("a shadow cast by glyphs alone is left out")
            }
        case .offset(let child, let delta):
            collect(child, translation: translation + delta)
        case .mask(let content, _) where Self.isGlyphs(content):
            // Text clipped to a text field's inset: the inline SVG clips it as the PNG does.
            appendGlyphs(node, translation: translation)
        case .mask(let content, let mask):
            guard let (outline, edge) = Self.innerEdge(content, masked: mask, translation: translation),
                let index = surface(outlined: outline)
            else {
                // A part kept inside another's outline (a progress bar's done part in its well).
                collect(content, translation: translation)
                return note("a masked drawing other than an inner edge is drawn whole, unclipped")
            }
            surfaces[index].innerEdges.append(edge)
            note("inner edges are inset shadows, without the gradient masks that fade them")
        case .blur(let child, _):
            collect(child, translation: translation)
            note("a blur outside an inner edge is drawn sharp")
        case .opacity(let child, _) where Self.isGlyphs(child):
            // A text field's placeholder, fainter than its text: the inline SVG fades it too.
            appendGlyphs(node, translation: translation)
        case .opacity(let child, _):
            // Only an animation's frames in between fade surfaces, and animations are PNGs alone.
            collect(child, translation: translation)
            note("a part fading between two states is drawn whole")
        }
    }

    /// Adds `node`, glyphs only, to the glyph layer on top, or starts one.
    private mutating func appendGlyphs(_ node: PlacedNode, translation: Point) {
        let placed = translation == .zero ? node : .offset(node, translation)
        if case .glyphs(let nodes) = layers.last {
            layers[layers.count - 1] = .glyphs(nodes + [placed])
        } else {
            layers.append(.glyphs([placed]))
        }
    }

    /// Whether `node` draws only glyphs (text and icon outlines and colour bitmaps).
    private static func isGlyphs(_ node: PlacedNode) -> Bool {
        switch node {
        case .path, .bitmap: true
        case .group(let children): !children.isEmpty && children.allSatisfy(isGlyphs)
        case .offset(let child, _), .opacity(let child, _): isGlyphs(child)
        default: false
        }
    }

    private mutating func start(_ surface: Surface) {
        surfaces.append(surface)
        layers.append(.surface(surfaces.count - 1))
    }

    /// The latest surface with this outline.
    private func surface(outlined outline: RoundedRect) -> Int? {
        surfaces.lastIndex { $0.outline == outline }
    }

    private mutating func note(_ approximation: String) {
        if !approximations.contains(approximation) { approximations.append(approximation) }
    }

    /// `stroke.blur(σ).offset(x, y)` (in any order, any number of each) masked by a filled shape: the
    /// stroke's outline, in canvas points, and the edge; nil for any other masked drawing.
    private static func innerEdge(
        _ content: PlacedNode, masked mask: PlacedNode,
        translation: Point
    ) -> (RoundedRect, InnerEdge)? {
        var node = content, offset = Point.zero, variance = 0.0
        while true {
            switch node {
            case .offset(let child, let delta):
                offset = offset + delta
                node = child
            case .blur(let child, let radius):
                variance += radius * radius
                node = child
            case .stroke(let shape, .color(let color), let lineWidth, _):
                guard case .fill(_, let fade, let frame) = mask else { return nil }
                let edge = InnerEdge(
                    color: color, lineWidth: lineWidth, blur: variance.squareRoot(), offset: offset,
                    fade: FramedFill(fill: fade, frame: frame.offsetBy(translation)))
                return (shape.offsetBy(translation), edge)
            default:
                return nil
            }
        }
    }
}
