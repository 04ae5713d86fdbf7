import ReliefGeometry

extension ShapedText {
    /// `line` laid out at `size` points: its runs side by side from x = 0, each scaled from its
    /// face's units.
    init(_ line: LineRuns, size: Double) {
        var path = Path()
        var bitmaps: [Bitmap] = []
        var runs: [Run] = []
        var inkBounds: Rect?
        var pen = 0.0
        let primaryScale = size / line.primary.unitsPerEm
        var ascent = line.primary.ascender * primaryScale, descent = line.primary.descender * primaryScale
        for run in line.runs {
            let scale = size / run.face.unitsPerEm
            let origin = Point(pen, 0)
            path.append(run.shaped.path.scaled(by: scale, translatedBy: origin))
            bitmaps += run.shaped.bitmaps.map { $0.scaled(by: scale, translatedBy: origin) }
            if let bounds = run.shaped.inkBounds?.scaled(by: scale).offsetBy(origin) {
                inkBounds = inkBounds?.union(bounds) ?? bounds
            }
            let glyphs = run.shaped.glyphs.map {
                Glyph(id: $0.id, textOffset: run.textOffset + $0.cluster, x: pen + $0.x * scale)
            }
            runs.append(Run(fontFile: run.face.path, faceIndex: run.face.index, isRightToLeft: run.isRightToLeft, glyphs: glyphs))
            ascent = max(ascent, run.face.ascender * scale)
            descent = max(descent, run.face.descender * scale)
            pen += run.shaped.advance * scale
        }
        self.init(
            path: path, bitmaps: bitmaps, advance: pen, ascent: ascent, descent: descent, inkBounds: inkBounds,
            isRightToLeft: line.isRightToLeft, runs: runs)
    }
}
