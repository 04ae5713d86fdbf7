import CFreeType
import CHarfBuzz
import ReliefGeometry

extension FontFace.State {
    /// Shapes the run with HarfBuzz (default features, so kerning is on) and lays the glyph outlines
    /// or colour bitmaps along the pen, all in font units.
    mutating func shape(_ request: ShapingRequest) throws(TextError) -> ShapedRun {
        var utf8 = request.text
        let byteCount = utf8.utf8.count
        guard byteCount <= Int(Int32.max) else { throw TextError(.textTooLong(utf8Count: byteCount)) }

        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_set_direction(buffer, request.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let script = request.script { hb_buffer_set_script(buffer, hb_script_t(rawValue: script)) }
        if let language = request.language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
        // Fills in what is still unset: the script from the text, the language from the locale.
        hb_buffer_guess_segment_properties(buffer)
        guard hb_buffer_allocation_successful(buffer) != 0, hb_shape_full(font, buffer, nil, 0, nil) != 0 else {
            throw TextError(.shapingFailed(path: fontPath))
        }

        var glyphCount: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &glyphCount)
        let positions = hb_buffer_get_glyph_positions(buffer, nil)
        var path = Path()
        var bitmaps: [Bitmap] = []
        var glyphs: [ShapedRun.Glyph] = []
        var penX = 0.0, penY = 0.0
        for index in 0..<Int(glyphCount) {
            guard let info = infos?[index], let position = positions?[index] else { break }
            // HarfBuzz's y grows upwards; outlines and bitmaps are already y-down.
            let origin = Point(
                penX + Double(position.x_offset) * unitsPerPosition.x,
                -(penY + Double(position.y_offset) * unitsPerPosition.y)
            )
            if unitsPerBitmapPixel != nil {
                if let bitmap = try bitmap(of: info.codepoint) {
                    bitmaps.append(bitmap.scaled(by: 1, translatedBy: origin))
                }
            } else {
                path.append(try outline(of: info.codepoint).scaled(by: 1, translatedBy: origin))
            }
            glyphs.append(ShapedRun.Glyph(id: info.codepoint, cluster: Int(info.cluster), x: penX))
            penX += Double(position.x_advance) * unitsPerPosition.x
            penY += Double(position.y_advance) * unitsPerPosition.y
        }
        let inkBounds = bitmaps.reduce(path.inkBounds) { bounds, bitmap in bounds?.union(bitmap.frame) ?? bitmap.frame }
        return ShapedRun(path: path, bitmaps: bitmaps, glyphs: glyphs, advance: penX, inkBounds: inkBounds)
    }

    /// The outline of glyph `glyph` in font units, y-down, from the cache when loaded before.
    mutating func outline(of glyph: UInt32) throws(TextError) -> Path {
        if let cached = glyphs.value(for: glyph) { return cached }
        let outline = try loadOutline(of: glyph)
        glyphs.insert(outline, for: glyph)
        return outline
    }

    /// Loads `glyph` unscaled and unhinted, so the outline is exact in design units.
    private func loadOutline(of glyph: UInt32) throws(TextError) -> Path {
        let flags = FT_Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
        let loadError = FT_Load_Glyph(face, glyph, flags)
        guard loadError == 0 else {
            throw TextError(.glyphUnreadable(path: fontPath, glyph: glyph, freeTypeError: loadError))
        }
        // A glyph without an outline draws nothing but keeps its advance.
        guard let slot = face.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else {
            return Path()
        }
        var decomposer = OutlineDecomposer()
        var callbacks = OutlineDecomposer.callbacks
        let decomposeError = withUnsafeMutablePointer(to: &decomposer) { context in
            FT_Outline_Decompose(&slot.pointee.outline, &callbacks, context)
        }
        guard decomposeError == 0 else {
            throw TextError(.glyphUnreadable(path: fontPath, glyph: glyph, freeTypeError: decomposeError))
        }
        return decomposer.finish()
    }
}
