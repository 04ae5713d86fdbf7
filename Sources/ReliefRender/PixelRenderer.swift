import ReliefGeometry
import ReliefRaster
import ReliefScene

/// The pixel back end: walks a laid-out scene and draws it with the rasterizer.
struct PixelRenderer {
    /// Drawing is kept to the canvas plus this many points on every side: enough for content that
    /// offsets and shadows move back into view (the recipes move and blur by at most 10 + 4·10 points).
    static let overscanPoints = 64.0

    /// Pixels per point.
    let scale: Double
    /// The image, in pixels.
    let canvas: PixelRect
    private let clip: PixelRect

    init(scale: Double, canvas: PixelRect) {
        self.scale = scale
        self.canvas = canvas
        clip = canvas.outset(by: Int((Self.overscanPoints * scale).rounded(.up)))
    }

    /// The scene's pixels, premultiplied, covering at least the canvas.
    func draw(_ scene: Scene, content: PlacedNode) -> Layer {
        let picture = layer(for: content, translation: .zero)
        guard let background = scene.background else { return picture }
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        let backdrop = Layer.fill(Outline(rect: whole, cornerRadius: 0), with: paint(background, frame: whole), clip: canvas)
        return picture.composited(over: backdrop)
    }

    /// `translation` (points) is the sum of the offsets around the node: offsets move geometry exactly,
    /// so a half-point offset needs no resampling.
    private func layer(for node: PlacedNode, translation: Point) -> Layer {
        switch node {
        case .fill(let rect, let radius, let fill, let frame):
            return Layer.fill(outline(rect, radius, translation), with: paint(fill, frame, translation), clip: clip)
        case .stroke(let rect, let radius, let fill, let lineWidth, let frame):
            return Layer.stroke(outline(rect, radius, translation), lineWidth: lineWidth * scale,
                                with: paint(fill, frame, translation), clip: clip)
        case .path(let path, let fill, let frame):
            let pixels = path.scaled(by: scale, translatedBy: translation * scale)
            return Layer.fill(pixels, with: paint(fill, frame, translation), clip: clip)
        case .group(let children):
            return children.reduce(Layer.empty) { below, child in
                layer(for: child, translation: translation).composited(over: below)
            }
        case .shadow(let child, let shadow):
            let content = layer(for: child, translation: translation)
            let cast = content.shadow(color: shadow.color, sigma: shadow.radius * scale,
                                      offset: Point(shadow.x, shadow.y) * scale, clip: clip)
            return content.composited(over: cast)
        case .blur(let child, let radius):
            return layer(for: child, translation: translation).blurred(sigma: radius * scale, clip: clip)
        case .offset(let child, let delta):
            return layer(for: child, translation: translation + delta)
        case .mask(let child, let mask):
            return layer(for: child, translation: translation).masked(by: layer(for: mask, translation: translation))
        }
    }

    private func outline(_ rect: Rect, _ radius: Double, _ translation: Point) -> Outline {
        Outline(rect: rect.offsetBy(translation).scaled(by: scale), cornerRadius: radius * scale)
    }

    private func paint(_ fill: Fill, _ frame: Rect, _ translation: Point) -> Paint {
        paint(fill, frame: frame.offsetBy(translation).scaled(by: scale))
    }

    /// `frame` in pixels.
    private func paint(_ fill: Fill, frame: Rect) -> Paint {
        switch fill {
        case .color(let color):
            return .solid(color)
        case .linearGradient(let from, let to, let start, let end):
            return .linearGradient(start: start.resolved(in: frame), end: end.resolved(in: frame), from: from, to: to)
        }
    }
}
