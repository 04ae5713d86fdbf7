import ReliefGeometry

/// The shadow of content too large to draw at once, made once and cast over any part of the image.
///
/// Its content is drawn band by band over ``Gathering/source`` and each band's alpha added
/// (``Gathering/add(_:)``); the blur then runs once, on block averages, and ``layer(color:clip:)``
/// reads any region, as ``LayerStack/shadow(color:sigma:offset:clip:)`` would over the whole
/// `region`: the cells are those of the whole, to the bit, and so are the pixels read from them.
/// Where an opaque layer makes a band's alpha 1 (``LayerStack/opaqueColumns(row:)``), whole blocks
/// are added as ones, neither written nor summed: under a button's face lies the first of its
/// chained shadows, which would otherwise be read there from its cells pixel by pixel.
public struct CastShadow: Sendable {
    /// The shadow's alpha being gathered from bands of its content.
    public struct Gathering {
        /// The part of the content the shadow over the region reads: draw the content there.
        public let source: PixelRect
        private let sigma: Double
        private let offset: Point
        private var blocks: BlockAverages
        /// Where the content drawn so far may have pixels.
        private var bounds = PixelRect.empty

        /// A shadow blurred by `sigma` pixels and moved by `offset`, to be cast over `region`.
        public init(sigma: Double, offset: Point, region: PixelRect) {
            self.sigma = sigma
            self.offset = offset
            source = Layer.shadowSource(for: region, sigma: sigma, offset: offset)
            blocks = BlockAverages(domain: source, channels: 1, sigma: sigma)
        }

        /// Adds the alpha of `content`, drawn over some rows of ``source`` below those added before.
        public mutating func add(_ content: LayerStack) {
            blocks.add(
                content.writeAlpha(rows:columns:into:rowStride:), over: content.bounds.intersection(source),
                ones: content.opaqueColumns)
            bounds = bounds.union(content.bounds)
        }

        /// The shadow, blurred.
        public consuming func finished() -> CastShadow {
            let domain = Layer.blurSource(for: bounds, sigma: sigma).intersection(source)
            return CastShadow(alpha: blocks.blurred(), area: Layer.shadowArea(of: domain, offset: offset), offset: offset)
        }
    }

    private let alpha: BlurredPlane
    /// Where the shadow may have pixels.
    private let area: PixelRect
    private let offset: Point

    /// Bytes the shadow holds: its blurred cells.
    public var bytes: Int { alpha.bytes }

    /// The shadow tinted with `color` (whose alpha multiplies), over `clip`.
    public func layer(color: Color, clip: PixelRect) -> Layer {
        let visible = area.intersection(clip)
        guard !visible.isEmpty, color.alpha > 0 else { return .empty }
        return Layer.shadow(alpha, color: color, offset: offset, over: visible)
    }
}
