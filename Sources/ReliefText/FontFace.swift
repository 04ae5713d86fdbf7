import CFreeType
import CHarfBuzz
import Glibc
import ReliefGeometry
import ReliefLock

/// One face of a font file opened with FreeType and HarfBuzz, kept for the life of its `FontLibrary`.
///
/// An outline face gives glyph outlines; a face of colour bitmaps only (Noto Color Emoji's CBDT)
/// gives bitmaps from its largest strike, which the raster scales to the text size.
///
/// FreeType faces and HarfBuzz fonts are not thread-safe, so every use goes through one mutex.
/// Each face has its own FreeType library instance, which makes faces independent of each other.
final class FontFace: Sendable {
    /// The font file this face was read from.
    let path: String
    /// The face's index in its file: non-zero in collections such as Noto Sans CJK's `.ttc`.
    let index: Int

    /// Where the face was read from.
    var location: FaceLocation { FaceLocation(path: path, index: index) }
    /// Font design units per em: outlines and shaped runs are in these units.
    let unitsPerEm: Double
    /// Ascender in font units, positive above the baseline.
    let ascender: Double
    /// Descender in font units, positive below the baseline.
    let descender: Double

    private let state: Locked<State>

    /// The native handles and the caches built from them, only touched under the lock.
    struct State: ~Copyable {
        let fontPath: String
        let library: FT_Library
        let face: FT_Face
        let font: OpaquePointer
        /// Font units per HarfBuzz position unit: hb-ft reports positions in the face's 26.6 scale.
        let unitsPerPosition: (x: Double, y: Double)
        /// Font units per pixel of the colour strike; nil for an outline face.
        let unitsPerBitmapPixel: Double?
        /// The caches hold what labels reuse (a style's words, a control's ON and OFF) and stay small
        /// because every open face has its own: text in many scripts opens dozens (up to
        /// ``FaceStore/fallbackFacesKept`` twice over), and four times these sizes held 54 MB of
        /// outlines and shaped runs after a flood of random requests, past the memory bound of a
        /// server with a 16 MiB render budget.
        var glyphs = BoundedCache<UInt32, Path>(capacity: 256)
        /// Fewer than outlines: a colour glyph is some 70 kB of pixels.
        var bitmaps = BoundedCache<UInt32, Bitmap?>(capacity: 16)
        var runs = BoundedCache<ShapingRequest, ShapedRun>(capacity: 64)

        deinit {
            hb_font_destroy(font)
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }
    }

    /// Opens face `index` of the font at `path`. Throws `fontUnreadable` with FreeType's code if the
    /// file cannot be opened or is not a font; callers check `TextError.Kind` to tell a missing file apart.
    init(path: String, index: Int = 0) throws(TextError) {
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
        let openError = Self.openFace(path: path, index: index, library: library, &openedFace)
        guard openError == 0, let face = openedFace else {
            throw TextError(.fontUnreadable(path: path, freeTypeError: openError))
        }
        let metrics = try Self.prepare(face, path: path)
        // hb-ft takes its own reference on the face, released by hb_font_destroy.
        openedFont = hb_ft_font_create_referenced(face)
        guard let font = openedFont else { throw TextError(.shapingFailed(path: path)) }
        if metrics.unitsPerBitmapPixel != nil {
            // hb-ft derives its scale from the em in font units, which a bitmap face reports as 0;
            // its positions are in the strike's 26.6 pixels, our font units.
            hb_font_set_scale(font, Int32(metrics.unitsPerEm), Int32(metrics.unitsPerEm))
        }
        var scaleX: Int32 = 0, scaleY: Int32 = 0
        hb_font_get_scale(font, &scaleX, &scaleY)
        guard scaleX > 0, scaleY > 0 else { throw TextError(.fontNotScalable(path: path)) }

        self.path = path
        self.index = index
        unitsPerEm = Double(metrics.unitsPerEm)
        ascender = metrics.ascender
        descender = metrics.descender
        let native = State(
            fontPath: path, library: library, face: face, font: font,
            unitsPerPosition: (Double(metrics.unitsPerEm) / Double(scaleX), Double(metrics.unitsPerEm) / Double(scaleY)),
            unitsPerBitmapPixel: metrics.unitsPerBitmapPixel
        )
        (openedLibrary, openedFace, openedFont) = (nil, nil, nil)
        state = Locked(native)
    }

    /// Opens face `index` of `path` reading the file with `pread` as FreeType asks, rather than
    /// mapping it (`FT_New_Face`): FreeType copies what it reads into its own memory and frees what
    /// it reads for one glyph, so a face holds its tables and cached glyphs only. A mapped CJK
    /// collection of 19 MB had 16 MB resident after some hundred random ideographs, each fault
    /// bringing in the pages around it. The stream is FreeType's to close (`FT_OPEN_STREAM`): it is
    /// released with the face.
    private static func openFace(
        path: String, index: Int, library: FT_Library, _ face: inout FT_Face?
    ) -> FT_Error {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return FT_Error(FT_Err_Cannot_Open_Resource) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            close(descriptor)
            return FT_Error(FT_Err_Cannot_Open_Resource)
        }
        let stream = UnsafeMutablePointer<FT_StreamRec>.allocate(capacity: 1)
        stream.initialize(to: FT_StreamRec())
        stream.pointee.size = UInt(status.st_size)
        stream.pointee.descriptor.value = Int(descriptor)
        stream.pointee.read = { stream, offset, buffer, count in
            guard let stream else { return 0 }
            // A count of 0 is a seek: 0 means it succeeded.
            guard count > 0, let buffer else { return offset <= stream.pointee.size ? 0 : 1 }
            var done = 0
            while done < Int(count) {
                let read = pread(
                    Int32(stream.pointee.descriptor.value), buffer + done, Int(count) - done, off_t(Int(offset) + done))
                if read > 0 {
                    done += read
                } else if read < 0 && errno == EINTR {
                    continue
                } else {
                    break
                }
            }
            return UInt(done)
        }
        stream.pointee.close = { stream in
            guard let stream else { return }
            close(Int32(stream.pointee.descriptor.value))
            stream.deallocate()
        }
        var arguments = FT_Open_Args()
        arguments.flags = FT_UInt(FT_OPEN_STREAM)
        arguments.stream = stream
        let error = FT_Open_Face(library, &arguments, FT_Long(index), &face)
        // On a failure FreeType has closed the stream already, as it does when the face is done.
        return error
    }

    /// A face's em and vertical metrics in its font units, and the font units per bitmap pixel of a
    /// colour bitmap face.
    private struct Metrics {
        let unitsPerEm: Int
        /// Positive above the baseline.
        let ascender: Double
        /// Positive below the baseline.
        let descender: Double
        /// Nil for an outline face.
        let unitsPerBitmapPixel: Double?
    }

    /// Sizes `face` for shaping in font units and reads its metrics in those units.
    ///
    /// An outline face gets one pixel per font unit, in 26.6, so hb-ft measures unhinted advances at
    /// full precision. A colour bitmap face can only take one of its strikes: the largest, the one
    /// that loses least when scaled down; FreeType gives such a face no design units, so its font
    /// units are the strike's 26.6 pixels.
    private static func prepare(_ face: FT_Face, path: String) throws(TextError) -> Metrics {
        if face.pointee.face_flags & FT_FACE_FLAG_SCALABLE != 0 {
            let unitsPerEm = Int(face.pointee.units_per_EM)
            guard unitsPerEm > 0 else { throw TextError(.fontNotScalable(path: path)) }
            let sizeError = FT_Set_Char_Size(face, 0, FT_F26Dot6(unitsPerEm * 64), 72, 72)
            guard sizeError == 0 else { throw TextError(.fontUnreadable(path: path, freeTypeError: sizeError)) }
            return Metrics(
                unitsPerEm: unitsPerEm, ascender: Double(face.pointee.ascender),
                descender: -Double(face.pointee.descender), unitsPerBitmapPixel: nil)
        }
        let strikes = (0..<Int(face.pointee.num_fixed_sizes)).compactMap { face.pointee.available_sizes?[$0] }
        guard face.pointee.face_flags & FT_FACE_FLAG_COLOR != 0,
            let largest = strikes.indices.max(by: { strikes[$0].y_ppem < strikes[$1].y_ppem })
        else {
            throw TextError(.fontNotScalable(path: path))
        }
        let selectError = FT_Select_Size(face, FT_Int(largest))
        guard selectError == 0 else { throw TextError(.fontUnreadable(path: path, freeTypeError: selectError)) }
        let size = face.pointee.size.pointee.metrics
        guard size.y_ppem > 0 else { throw TextError(.fontNotScalable(path: path)) }
        return Metrics(
            unitsPerEm: Int(size.y_ppem) * 64, ascender: Double(size.ascender), descender: -Double(size.descender),
            unitsPerBitmapPixel: 64)
    }

    /// Whether the face has a glyph for every one of `scalars`.
    func covers(_ scalars: [Unicode.Scalar]) -> Bool {
        state.withLock { state in
            scalars.allSatisfy { FT_Get_Char_Index(state.face, FT_ULong($0.value)) != 0 }
        }
    }

    /// The run shaped in font units, from the cache when it was shaped before.
    func shape(_ request: ShapingRequest) throws(TextError) -> ShapedRun {
        try state.withLock { state throws(TextError) -> ShapedRun in
            if let run = state.runs.value(for: request) { return run }
            let run = try state.shape(request)
            state.runs.insert(run, for: request)
            return run
        }
    }
}
