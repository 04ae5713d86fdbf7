import ReliefGeometry

/// Layers drawn one over another, source-over, kept apart until they are read.
///
/// Drawing onto a stack copies no pixels. Reading it flattens only what is asked for: its alpha
/// alone (what a shadow needs), or its bytes a band of rows at a time, so the band being composited
/// stays in cache and no full-size buffer of float colours is ever made.
public struct LayerStack: Sendable {
    /// Bottom first.
    private var layers: [Layer] = []
    /// The part of each layer that is drawn: apart from the layers, so that a row's reader skips
    /// the layers it misses without copying them.
    private var areas: [PixelRect] = []
    /// Paint under every layer, filling its rectangle of whole pixels: a background, computed where it
    /// is composited instead of stored.
    private var ground: (paint: PaintSampler, area: PixelRect)?
    /// Where the stack may have pixels: the union of the drawn parts.
    public private(set) var bounds = PixelRect.empty

    /// Rows composited at a time by ``rgba8(canvas:)``: 16 rows of a 320-pixel image are 80 KiB of
    /// float colours, which stay in a core's cache while every layer is drawn onto them.
    static let bandRows = 16

    /// An empty stack.
    public init() {}

    /// A stack whose ground is `paint` filling `area`.
    public init(ground paint: Paint, filling area: PixelRect) {
        ground = area.isEmpty ? nil : (PaintSampler(paint), area)
        bounds = area
    }

    /// Draws `layer` on top; only its part inside `clip` shows.
    public mutating func draw(_ layer: Layer, clip: PixelRect? = nil) {
        let area = clip.map { layer.bounds.intersection($0) } ?? layer.bounds
        guard !area.isEmpty else { return }
        layers.append(layer)
        areas.append(area)
        bounds = bounds.union(area)
    }

    /// Draws every layer of `stack` on top, in order; only their parts inside `clip` show.
    public mutating func draw(_ stack: LayerStack, clip: PixelRect? = nil) {
        if let (paint, area) = stack.ground {
            let part = clip.map { area.intersection($0) } ?? area
            draw(Layer(painting: paint, over: part), clip: part)
        }
        for (layer, area) in zip(stack.layers, stack.areas) { draw(layer, clip: clip.map { area.intersection($0) } ?? area) }
    }

    /// The stack flattened into one layer.
    public func flattened() -> Layer {
        if ground == nil, layers.count == 1, areas[0] == layers[0].bounds { return layers[0] }
        var result = ground.map { Layer(painting: $0.paint, over: $0.area) } ?? .empty
        for (layer, area) in zip(layers, areas) { result.draw(layer, clip: area) }
        return result
    }

    /// The shadow the stack casts, as ``Layer/shadow(color:sigma:offset:clip:)`` casts a layer's: its
    /// alpha is composited a few rows at a time as the blur reads it, without flattening any colour,
    /// and not at all where an opaque layer makes it 1.
    public func shadow(color: Color, sigma: Double, offset: Point, clip: PixelRect) -> Layer {
        Layer.shadow(of: bounds, color: color, sigma: sigma, offset: offset, clip: clip) { domain in
            BlurredPlane(
                bounds, domain: domain, channels: 1, sigma: sigma, rows: writeAlpha(rows:columns:into:rowStride:),
                ones: opaqueColumns)
        }
    }

    /// Writes the stack's alpha at `columns` of `rows` into `out`: the first row from its start, each
    /// next one `rowStride` floats further. Each layer is composited over all the rows at once.
    func writeAlpha(rows: Range<Int>, columns: Range<Int>, into out: UnsafeMutablePointer<Float>, rowStride: Int) {
        let area = PixelRect(minX: columns.lowerBound, minY: rows.lowerBound, maxX: columns.upperBound, maxY: rows.upperBound)
        let origin = (x: area.minX, y: area.minY)
        func clear() {
            for row in 0..<area.height { (out + row * rowStride).update(repeating: 0, count: area.width) }
        }
        // A bottom layer that spans the area is copied instead of drawn over zeros.
        var written = false
        if let (paint, ground) = ground {
            clear()
            let part = ground.intersection(area)
            for y in part.minY..<part.maxY {
                let row = out + (y - area.minY) * rowStride - area.minX
                for x in part.minX..<part.maxX { row[x] = paint.color(x: x, y: y).w }
            }
            written = true
        }
        for (index, layerArea) in areas.enumerated() {
            let part = layerArea.intersection(area)
            guard !part.isEmpty else { continue }
            if !written, part != area { clear() }
            layers[index].compositeAlpha(part, into: out, origin: origin, rowStride: rowStride, replacing: !written)
            written = true
        }
        if !written { clear() }
    }

    /// Columns of row `y` where the stack's alpha is exactly 1, which a shadow's blur need not read
    /// (``BlockAverages/add(_:over:ones:)``): the opaque run of the top layer that has one there
    /// (its alpha over anything, 1 + below·0, is 1), less what the layers above it cover on the row
    /// (a + 1·(1 − a) is 1 only for a ≥ 0, and a blur may ring below 0).
    func opaqueColumns(row y: Int) -> Range<Int> {
        let coversRow = { (area: PixelRect) in y >= area.minY && y < area.maxY }
        guard
            let top = layers.indices.last(where: { layers[$0].opaqueRuns != nil && coversRow(areas[$0]) })
        else { return 0..<0 }
        let (layer, area) = (layers[top], areas[top])
        var run = layer.opaqueRuns![y - layer.bounds.minY].clamped(to: area.minX..<area.maxX)
        for above in areas[(top + 1)...] where coversRow(above) {
            let left = run.lowerBound..<max(min(run.upperBound, above.minX), run.lowerBound)
            let right = min(max(run.lowerBound, above.maxX), run.upperBound)..<run.upperBound
            run = left.count >= right.count ? left : right
        }
        return run
    }

    /// Straight-alpha RGBA bytes of the `canvas` rectangle, rows tightly packed: the layers are
    /// composited and converted a band of ``bandRows`` rows at a time.
    public func rgba8(canvas: PixelRect) -> [UInt8] {
        guard !canvas.isEmpty else { return [] }
        return [UInt8](unsafeUninitializedCapacity: canvas.area * 4) { bytes, count in
            write(canvas: canvas, into: bytes.baseAddress!)
            count = canvas.area * 4
        }
    }

    /// Writes the bytes ``rgba8(canvas:)`` returns at `bytes`, which has room for them: a render's
    /// bands straight into its image, without an array each to copy from.
    public func write(canvas: PixelRect, into bytes: UnsafeMutablePointer<UInt8>) {
        guard !canvas.isEmpty else { return }
        let rows = Self.bandRows
        var band = [SIMD4<Float>](repeating: .zero, count: canvas.width * rows)
        band.withUnsafeMutableBufferPointer { band in
            for top in stride(from: canvas.minY, to: canvas.maxY, by: rows) {
                let slice = PixelRect(minX: canvas.minX, minY: top, maxX: canvas.maxX, maxY: min(top + rows, canvas.maxY))
                // What lies under the top opaque layer's opaque runs cannot show: it is not drawn.
                let occluder = layers.indices.last { layers[$0].opaqueRuns != nil && !areas[$0].intersection(slice).isEmpty }
                let hidden = occluder.map { index in
                    let (layer, area) = (layers[index], areas[index])
                    return { (y: Int) -> Range<Int> in
                        guard y >= area.minY, y < area.maxY else { return 0..<0 }
                        return layer.opaqueRuns![y - layer.bounds.minY].clamped(to: area.minX..<area.maxX)
                    }
                }
                // The ground is written, not composited: it is the bottom, over nothing.
                let grounded = ground.map { $0.area.intersection(slice) } ?? .empty
                if grounded != slice { band.update(repeating: .zero) }
                if let paint = ground?.paint {
                    for y in grounded.minY..<grounded.maxY {
                        let row = band.baseAddress! + (y - slice.minY) * slice.width - slice.minX
                        let columns = grounded.minX..<grounded.maxX
                        let skipped = hidden?(y).clamped(to: columns) ?? columns.lowerBound..<columns.lowerBound
                        paint.write(row: y, columns: columns.lowerBound..<skipped.lowerBound, into: row)
                        paint.write(row: y, columns: skipped.upperBound..<columns.upperBound, into: row)
                    }
                }
                for (index, (layer, area)) in zip(layers, areas).enumerated() {
                    let part = area.intersection(slice)
                    guard !part.isEmpty else { continue }
                    layer.composite(
                        part, into: band.baseAddress!, origin: (slice.minX, slice.minY), rowStride: slice.width,
                        hidden: index < (occluder ?? 0) ? hidden : nil)
                }
                let reader = ColorReader(base: UnsafePointer(band.baseAddress))
                Layer.storeStraightBytes(
                    of: reader, from: 0, count: slice.area, into: bytes + (top - canvas.minY) * canvas.width * 4)
            }
        }
    }
}
