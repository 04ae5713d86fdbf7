import CFreeType
import CHarfBuzz
import ReliefGeometry
import Synchronization

/// One font file opened with FreeType and HarfBuzz, kept for the life of its `FontLibrary`.
///
/// FreeType faces and HarfBuzz fonts are not thread-safe, so every use goes through one mutex.
/// Each face has its own FreeType library instance, which makes faces independent of each other.
final class FontFace: Sendable {
    /// The font file this face was read from.
    let path: String
    /// Font design units per em: outlines and shaped runs are in these units.
    let unitsPerEm: Double
    /// Ascender in font units, positive above the baseline.
    let ascender: Double
    /// Descender in font units, positive below the baseline.
    let descender: Double

    private let state: Mutex<State>

    /// The native handles and the caches built from them, only touched under the lock.
    struct State: ~Copyable {
        let fontPath: String
        let library: FT_Library
        let face: FT_Face
        let font: OpaquePointer
        /// Font units per HarfBuzz position unit: hb-ft reports positions in the face's 26.6 scale.
        let unitsPerPosition: (x: Double, y: Double)
        var glyphs = BoundedCache<UInt32, Path>(capacity: 1024)
        var runs = BoundedCache<String, ShapedRun>(capacity: 256)

        deinit {
            hb_font_destroy(font)
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }
    }

    /// Opens the font at `path`. Throws `fontUnreadable` with FreeType's code if the file cannot be
    /// opened or is not a font; callers check `TextError.Kind` to tell a missing file apart.
    init(path: String) throws(TextError) {
        // Handles still held here are released on a failure; on success they move into `State`.
        var openedLibrary: FT_Library?
        var openedFace: FT_Face?
        var openedFont: OpaquePointer?
        defer {
            if let openedFont { hb_font_destroy(openedFont) }
            if let openedFace { FT_Done_Face(openedFace) }
            if let openedLibrary { FT_Done_FreeType(openedLibrary) }
        }
        let startError = FT_Init_FreeType(&openedLibrary)
        guard startError == 0, let library = openedLibrary else {
            throw TextError(.freeTypeUnavailable(freeTypeError: startError))
        }
        let openError = FT_New_Face(library, path, 0, &openedFace)
        guard openError == 0, let face = openedFace else {
            throw TextError(.fontUnreadable(path: path, freeTypeError: openError))
        }
        let unitsPerEm = Int(face.pointee.units_per_EM)
        guard face.pointee.face_flags & FT_FACE_FLAG_SCALABLE != 0, unitsPerEm > 0 else {
            throw TextError(.fontNotScalable(path: path))
        }
        // One pixel per font unit, in 26.6: hb-ft then measures unhinted advances at full precision.
        let sizeError = FT_Set_Char_Size(face, 0, FT_F26Dot6(unitsPerEm * 64), 72, 72)
        guard sizeError == 0 else {
            throw TextError(.fontUnreadable(path: path, freeTypeError: sizeError))
        }
        // hb-ft takes its own reference on the face, released by hb_font_destroy.
        openedFont = hb_ft_font_create_referenced(face)
        var scaleX: Int32 = 0, scaleY: Int32 = 0
        guard let font = openedFont else { throw TextError(.shapingFailed(path: path)) }
        hb_font_get_scale(font, &scaleX, &scaleY)
        guard scaleX > 0, scaleY > 0 else { throw TextError(.fontNotScalable(path: path)) }

        self.path = path
        self.unitsPerEm = Double(unitsPerEm)
        ascender = Double(face.pointee.ascender)
        descender = -Double(face.pointee.descender)
        let native = State(
            fontPath: path, library: library, face: face, font: font,
            unitsPerPosition: (Double(unitsPerEm) / Double(scaleX), Double(unitsPerEm) / Double(scaleY))
        )
        (openedLibrary, openedFace, openedFont) = (nil, nil, nil)
        state = Mutex(native)
    }

    /// `text` shaped in font units, from the cache when it was shaped before.
    func shape(_ text: String) throws(TextError) -> ShapedRun {
        try state.withLock { state throws(TextError) -> ShapedRun in
            if let run = state.runs.value(for: text) { return run }
            let run = try state.shape(text)
            state.runs.insert(run, for: text)
            return run
        }
    }
}

/// A line shaped in font units: y down, pen starting at the baseline origin.
struct ShapedRun: Sendable, Hashable {
    let path: Path
    let advance: Double
    let inkBounds: Rect?
}
