import ReliefGeometry
import ReliefLock
import ReliefRaster
import ReliefScene

/// The pixel back end: walks a laid-out scene and draws it with the rasterizer, one band of rows of
/// the image at a time.
///
/// Each node is drawn only over the region its parent needs: the band at the top, grown by a blur's
/// reach or moved back by a shadow's offset on the way down. Nothing is drawn that cannot reach the
/// band. Groups and shadows stack their parts instead of flattening them: a shadow reads only its
/// content's alpha, and the band is flattened once, 16 rows at a time, into bytes. A stroke is
/// stacked as the parts of its ring (``Layer/strokeParts(_:lineWidth:with:clip:)``), without the
/// empty middle that a card's outline would otherwise write, keep and composite.
///
/// When the image is drawn in several bands, a wide shadow (see ``sharedWideShadows(sigma:)``) is made once
/// for the whole image from its content drawn band by band, and each band reads its part: drawing
/// its content around every band would cost more than the band itself. That content is drawn for
/// its alpha alone, so a gradient whose ends share their alpha is drawn as one colour, held as
/// coverage. Such a shadow is what the image drawn whole would have, to the bit; other blurs read
/// their content around the band, and differ from the whole by the blur's tail beyond its reach, a
/// fraction of a level.
struct PixelRenderer: Sendable {
    /// Pixels per point.
    let scale: Double
    /// The image, in pixels.
    let canvas: PixelRect
    /// The bands the image is drawn in, top to bottom.
    let bands: [PixelRect]
    /// The wide shadows made so far, by the path to their node; nil when the image is one band.
    private let wideShadows: WideShadows?
    /// Where wide shadows are kept from one render for the next; nil when each is made afresh.
    private let shadowCache: ShadowCache?

    /// Shadows whose blur averages blocks of at least this many pixels a side are made once for the
    /// whole image: their reach (4σ, 80 pixels and more) would otherwise add hundreds of rows to
    /// every band, while their cells, a 16th of the image or less, are cheap to keep.
    static let sharedShadowReduction = 4
    /// Shadows whose blur averages blocks of 3 pixels a side are made once for the whole image too
    /// when twice their reach is at least a band's height (a screen's or a card's bands, 69 and 86
    /// rows at scale 2), in images of at most this many pixels: their cells, a 9th of the image,
    /// then stay within the 4 MiB a band is counted beyond its pixels (``Renderer/estimatedPeakBytes(width:height:simulation:)``).
    static let sharedTallShadowReduction = 3
    static let sharedTallShadowPixels = 1 << 22

    /// A renderer of `canvas` in bands of about `bandPixels` pixels (whole rows, at least
    /// ``LayerStack/bandRows`` of them), finding its wide shadows in `shadowCache` when they are there.
    init(scale: Double, canvas: PixelRect, bandPixels: Int, shadowCache: ShadowCache?) {
        self.scale = scale
        self.canvas = canvas
        self.shadowCache = shadowCache
        let rows = Self.bandRows(width: canvas.width, bandPixels: bandPixels)
        bands = stride(from: canvas.minY, to: canvas.maxY, by: rows).map { top in
            PixelRect(minX: canvas.minX, minY: top, maxX: canvas.maxX, maxY: min(top + rows, canvas.maxY))
        }
        wideShadows = bands.count > 1 ? WideShadows() : nil
    }

    /// Rows in each band of an image `width` pixels wide drawn in bands of about `bandPixels` pixels:
    /// whole rows, at least ``LayerStack/bandRows`` of them.
    static func bandRows(width: Int, bandPixels: Int) -> Int {
        max(bandPixels / max(width, 1), 16)
    }

    /// The scene's layers over `band`, bottom first.
    func draw(_ scene: Scene, content: PlacedNode, band: PixelRect) -> LayerStack {
        var picture = ground(of: scene, over: band)
        draw(content, onto: &picture, region: band)
        return picture
    }

    /// The scene's background over `region`: the bottom of its picture.
    func ground(of scene: Scene, over region: PixelRect) -> LayerStack {
        let whole = Rect(x: 0, y: 0, width: Double(canvas.width), height: Double(canvas.height))
        return scene.background.map { LayerStack(ground: Self.paint($0, frame: whole), filling: region) } ?? LayerStack()
    }

    /// Draws `node`, the root or one of its parts, on top of `picture`, only over `region`: a band,
    /// or the part of an animation's frame that can change.
    func draw(_ node: PlacedNode, onto picture: inout LayerStack, region: PixelRect) {
        draw(node, into: &picture, at: Placement(translation: .zero, region: region, whole: canvas, path: []))
    }

    /// Draws the parts `range` of `content`, the root (a group's children, or the root itself as its
    /// one part), on top of `picture`, only over `region`, as drawing all of `content` draws them:
    /// the parts below and above can be drawn apart from them.
    func draw(parts range: Range<Int>, of content: PlacedNode, onto picture: inout LayerStack, region: PixelRect) {
        let root = Placement(translation: .zero, region: region, whole: canvas, path: [])
        guard case .group(let children) = content else {
            if range.contains(0) { draw(content, into: &picture, at: root) }
            return
        }
        for index in range { draw(children[index], into: &picture, at: root.child(index)) }
    }

    /// Where a node is drawn: the sum of the offsets around it (points: offsets move geometry
    /// exactly, so a half-point offset needs no resampling), the region asked of it for this band,
    /// the region it would be asked for if the image were drawn whole, the indices of the
    /// children leading to it from the root, which name it across bands, and whether only its alpha
    /// is read (a wide shadow's content).
    private struct Placement {
        var translation: Point
        var region: PixelRect
        var whole: PixelRect
        var path: [Int]
        var alphaOnly = false

        /// The placement of child `index`, its regions changed by `grow`.
        func child(_ index: Int, moved delta: Point = .zero, grow: (PixelRect) -> PixelRect = { $0 }) -> Placement {
            Placement(
                translation: translation + delta, region: grow(region), whole: grow(whole), path: path + [index],
                alphaOnly: alphaOnly)
        }

        /// How `fill` paints `frame` (points, before the translation) at `scale`.
        func paint(_ fill: Fill, _ frame: Rect, scale: Double) -> Paint {
            // A gradient whose ends share their alpha has that alpha everywhere: where only alpha is
            // read, one colour gives the same alpha to the bit and is held as a quarter of the data.
            if alphaOnly, case .linearGradient(let from, let to, _, _) = fill, from.alpha == to.alpha {
                return .solid(from)
            }
            return PixelRenderer.paint(fill, frame: frame.offsetBy(translation).scaled(by: scale))
        }
    }

    /// Where a shadow blurred by `sigma` pixels is made once for every band, the shadows the bands
    /// share; `nil` where each band makes its own.
    private func sharedWideShadows(sigma: Double) -> WideShadows? {
        guard sigma > 0, let wideShadows else { return nil }
        let factor = GaussianBlur.reduction(sigma: sigma).factor
        if factor >= Self.sharedShadowReduction { return wideShadows }
        // A narrower shadow whose reach above and below a band outgrows the band: made around each
        // band, it would gather and blur the same rows up to three times.
        guard factor >= Self.sharedTallShadowReduction, 2 * GaussianBlur.reach(sigma: sigma) >= bands[0].height,
            canvas.area <= Self.sharedTallShadowPixels
        else { return nil }
        return wideShadows
    }

    /// Draws `node` on top of `target`, only over `placement.region`.
    private func draw(_ node: PlacedNode, into target: inout LayerStack, at placement: Placement) {
        switch node {
        case .group(let children):
            for (index, child) in children.enumerated() { draw(child, into: &target, at: placement.child(index)) }
        case .shadow(let child, let shadow):
            let sigma = shadow.radius * scale, offset = Point(shadow.x, shadow.y) * scale
            let withSource = { (region: PixelRect) in region.union(Layer.shadowSource(for: region, sigma: sigma, offset: offset))
            }
            if let shared = sharedWideShadows(sigma: sigma) {
                // Made on first use from the child's content drawn band by band over what the shadow reads.
                let cast = shared.shadow(at: placement.path) {
                    let make = { gatherWideShadow(of: child, sigma: sigma, offset: offset, at: placement) }
                    guard let shadowCache else { return make() }
                    let key = ShadowCache.Key(
                        content: child, translation: placement.translation, region: placement.whole, sigma: sigma,
                        offset: offset, scale: scale, bandRows: bands[0].height)
                    return shadowCache.shadow(for: key, make: make)
                }
                target.draw(cast.layer(color: shadow.color, clip: placement.region))
                var content = placement.child(0)
                content.whole = withSource(placement.whole)
                draw(child, into: &target, at: content)
            } else {
                var content = LayerStack()
                draw(child, into: &content, at: placement.child(0, grow: withSource))
                target.draw(content.shadow(color: shadow.color, sigma: sigma, offset: offset, clip: placement.region))
                target.draw(content, clip: placement.region)
            }
        case .offset(let child, let delta):
            draw(child, into: &target, at: placement.child(0, moved: delta))
        case .stroke(let shape, let fill, let lineWidth, let frame):
            for part in Layer.strokeParts(
                pixels(shape, placement.translation), lineWidth: lineWidth * scale,
                with: placement.paint(fill, frame, scale: scale), clip: placement.region)
            {
                target.draw(part)
            }
        case .fill, .path, .bitmap, .blur, .mask, .opacity:
            target.draw(layer(for: node, at: placement))
        }
    }

    private func gatherWideShadow(of child: PlacedNode, sigma: Double, offset: Point, at placement: Placement) -> CastShadow {
        var gathering = CastShadow.Gathering(sigma: sigma, offset: offset, region: placement.whole)
        let drawn = placement.whole.union(gathering.source)
        for band in bands(covering: drawn) {
            var content = LayerStack()
            var part = placement.child(0)
            part.region = band
            part.whole = drawn
            part.alphaOnly = true
            draw(child, into: &content, at: part)
            gathering.add(content)
        }
        return gathering.finished()
    }

    /// `area` cut into bands as tall as the image's.
    private func bands(covering area: PixelRect) -> [PixelRect] {
        let rows = bands.first?.height ?? area.height
        return stride(from: area.minY, to: area.maxY, by: max(rows, 1)).map { top in
            PixelRect(minX: area.minX, minY: top, maxX: area.maxX, maxY: min(top + rows, area.maxY))
        }
    }

    /// `node` drawn on its own, over `placement.region`.
    private func layer(for node: PlacedNode, at placement: Placement) -> Layer {
        let (translation, region) = (placement.translation, placement.region)
        switch node {
        case .fill(let shape, let fill, let frame):
            return Layer.fill(pixels(shape, translation), with: placement.paint(fill, frame, scale: scale), clip: region)
        case .stroke(let shape, let fill, let lineWidth, let frame):
            return Layer.stroke(
                pixels(shape, translation), lineWidth: lineWidth * scale,
                with: placement.paint(fill, frame, scale: scale), clip: region)
        case .path(let path, let fill, let frame):
            let pixels = path.scaled(by: scale, translatedBy: translation * scale)
            return Layer.fill(pixels, with: placement.paint(fill, frame, scale: scale), clip: region)
        case .bitmap(let bitmap):
            return Layer.image(bitmap.scaled(by: scale, translatedBy: translation * scale), clip: region)
        case .blur(let child, let radius):
            let sigma = radius * scale
            return layer(for: child, at: placement.child(0) { Layer.blurSource(for: $0, sigma: sigma) })
                .blurred(sigma: sigma, clip: region)
        case .mask(let child, let mask):
            return layer(for: child, at: placement.child(0)).masked(by: layer(for: mask, at: placement.child(1)))
        case .opacity(let child, let amount):
            return layer(for: child, at: placement.child(0)).faded(by: Float(amount))
        case .group, .shadow, .offset:
            var stack = LayerStack()
            draw(node, into: &stack, at: placement)
            return stack.flattened()
        }
    }

    /// `shape`, moved by `translation` (points), in pixels.
    private func pixels(_ shape: RoundedRect, _ translation: Point) -> RoundedRect {
        shape.offsetBy(translation).scaled(by: scale)
    }

    /// `frame` in pixels.
    private static func paint(_ fill: Fill, frame: Rect) -> Paint {
        switch fill {
        case .color(let color):
            return .solid(color)
        case .linearGradient(let from, let to, let start, let end):
            return .linearGradient(start: start.resolved(in: frame), end: end.resolved(in: frame), from: from, to: to)
        }
    }
}

/// The wide shadows of one render, by the path to their node: made by the first band that needs
/// them, read by every band. Bands are drawn on several threads at once, so each shadow is made
/// once under its own lock, and a band that needs it meanwhile waits. A shadow's content may hold
/// another wide shadow, made while the outer one's lock is held; every band meets the outer node
/// first, so the locks are always taken outer first and never wait on each other in a circle.
private final class WideShadows: Sendable {
    private let shadows = Locked<[[Int]: Locked<CastShadow?>]>([:])

    /// The shadow at `path`, made by `make` if no band has made it.
    func shadow(at path: [Int], make: () -> CastShadow) -> CastShadow {
        let slot = shadows.withLock { shadows in
            if let slot = shadows[path] { return slot }
            let slot = Locked<CastShadow?>(nil)
            shadows[path] = slot
            return slot
        }
        return slot.withLock { shadow in
            if let shadow { return shadow }
            let made = make()
            shadow = made
            return made
        }
    }
}
