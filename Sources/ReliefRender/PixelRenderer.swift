import ReliefGeometry
import ReliefRaster
import ReliefScene

/// The pixel back end: walks a laid-out scene and draws it with the rasterizer.
///
/// Each node is drawn only over the region its parent needs: the canvas at the top, grown by a
/// blur's reach or moved back by a shadow's offset on the way down. Nothing is drawn that cannot
/// reach the image. Groups and shadows stack their parts instead of flattening them: a shadow reads
/// only its content's alpha, and the picture is flattened once, band by band, into bytes.
struct PixelRenderer {
    /// Pixels per point.
    let scale: Double
    /// The image, in pixels.
    let canvas: PixelRect

    /// The scene's layers, bottom first, covering the canvas.
    func draw(_ scene: Scene, content: PlacedNode) -> LayerStack {
        var picture = ground(of: scene)
        draw(content, onto: &picture, region: canvas)
        return picture
    }

    /// The scene's background covering the canvas: the bottom of its picture.
    func ground(of scene: Scene) -> LayerStack {
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        return scene.background.map { LayerStack(ground: paint($0, frame: whole), filling: canvas) } ?? LayerStack()
    }

    /// Draws `node` on top of `picture`, only over `region` of the canvas: an animation's frame is
    /// drawn only where it can change.
    func draw(_ node: PlacedNode, onto picture: inout LayerStack, region: PixelRect) {
        draw(node, into: &picture, translation: .zero, region: region)
    }

    /// Draws `node` on top of `target`, only over `region`.
    ///
    /// `translation` (points) is the sum of the offsets around the node: offsets move geometry exactly,
    /// so a half-point offset needs no resampling.
    private func draw(_ node: PlacedNode, into target: inout LayerStack, translation: Point, region: PixelRect) {
        switch node {
        case .group(let children):
            for child in children { draw(child, into: &target, translation: translation, region: region) }
        case .shadow(let child, let shadow):
            let sigma = shadow.radius * scale, offset = Point(shadow.x, shadow.y) * scale
            let source = Layer.shadowSource(for: region, sigma: sigma, offset: offset)
            var content = LayerStack()
            draw(child, into: &content, translation: translation, region: region.union(source))
            target.draw(content.shadow(color: shadow.color, sigma: sigma, offset: offset, clip: region))
            target.draw(content, clip: region)
        case .offset(let child, let delta):
            draw(child, into: &target, translation: translation + delta, region: region)
        case .fill, .stroke, .path, .bitmap, .blur, .mask, .opacity:
            target.draw(layer(for: node, translation: translation, region: region))
        }
    }

    /// `node` drawn on its own, over `region`.
    private func layer(for node: PlacedNode, translation: Point, region: PixelRect) -> Layer {
        switch node {
        case .fill(let shape, let fill, let frame):
            return Layer.fill(pixels(shape, translation), with: paint(fill, frame, translation), clip: region)
        case .stroke(let shape, let fill, let lineWidth, let frame):
            return Layer.stroke(pixels(shape, translation), lineWidth: lineWidth * scale,
                                with: paint(fill, frame, translation), clip: region)
        case .path(let path, let fill, let frame):
            let pixels = path.scaled(by: scale, translatedBy: translation * scale)
            return Layer.fill(pixels, with: paint(fill, frame, translation), clip: region)
        case .bitmap(let bitmap):
            return Layer.image(bitmap.scaled(by: scale, translatedBy: translation * scale), clip: region)
        case .blur(let child, let radius):
            let sigma = radius * scale
            return layer(for: child, translation: translation, region: Layer.blurSource(for: region, sigma: sigma))
                .blurred(sigma: sigma, clip: region)
        case .mask(let child, let mask):
            return layer(for: child, translation: translation, region: region)
                .masked(by: layer(for: mask, translation: translation, region: region))
        case .opacity(let child, let amount):
            return layer(for: child, translation: translation, region: region).faded(by: Float(amount))
        case .group, .shadow, .offset:
            var stack = LayerStack()
            draw(node, into: &stack, translation: translation, region: region)
            return stack.flattened()
        }
    }

    /// `shape`, moved by `translation` (points), in pixels.
    private func pixels(_ shape: RoundedRect, _ translation: Point) -> RoundedRect {
        shape.offsetBy(translation).scaled(by: scale)
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
