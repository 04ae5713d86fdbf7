import CFreeType
import ReliefGeometry

extension FontFace.State {
    /// The colour bitmap of `glyph`, framed in font units (y down) about the glyph's origin, from the
    /// cache when loaded before; nil for a glyph that draws nothing, such as a space.
    mutating func bitmap(of glyph: UInt32) throws(TextError) -> Bitmap? {
        if let cached = bitmaps.value(for: glyph) { return cached }
        let bitmap = try loadBitmap(of: glyph)
        bitmaps.insert(bitmap, for: glyph)
        return bitmap
    }

    /// Loads `glyph` from the selected strike as premultiplied BGRA and turns it into RGBA.
    private func loadBitmap(of glyph: UInt32) throws(TextError) -> Bitmap? {
        guard let unitsPerPixel = unitsPerBitmapPixel else { return nil }
        let loadError = FT_Load_Glyph(face, glyph, FT_Int32(FT_LOAD_COLOR))
        guard loadError == 0 else {
            throw TextError(.glyphUnreadable(path: fontPath, glyph: glyph, freeTypeError: loadError))
        }
        guard let slot = face.pointee.glyph else { return nil }
        let bitmap = slot.pointee.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return nil }
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) else {
            throw TextError(.glyphUnreadable(path: fontPath, glyph: glyph, freeTypeError: Self.unsupportedGlyphFormat))
        }
        // A negative pitch means the rows are stored bottom first; `top` is the top row either way.
        let top = pitch < 0 ? buffer + (height - 1) * -pitch : buffer
        let rgba = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            for row in 0..<height {
                let source = top + row * pitch
                for column in 0..<width {
                    let from = column * 4, to = (row * width + column) * 4
                    out[to] = source[from + 2]
                    out[to + 1] = source[from + 1]
                    out[to + 2] = source[from]
                    out[to + 3] = source[from + 3]
                }
            }
            count = width * height * 4
        }
        let frame = Rect(
            x: Double(slot.pointee.bitmap_left) * unitsPerPixel, y: -Double(slot.pointee.bitmap_top) * unitsPerPixel,
            width: Double(width) * unitsPerPixel, height: Double(height) * unitsPerPixel)
        return Bitmap(width: width, height: height, rgba: rgba, frame: frame)
    }

    /// FreeType's `FT_Err_Invalid_Glyph_Format`: the glyph is not a colour bitmap.
    private static let unsupportedGlyphFormat: Int32 = 0x12
}
