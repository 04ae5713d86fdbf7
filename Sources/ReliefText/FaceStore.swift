import ReliefLock

/// The faces a `FontLibrary` has opened, by family and weight and by file, loaded on first use.
///
/// A face is shared when two families, weights or fallback choices resolve to the same file. The
/// families' own faces stay open; of the fallback faces only the most recently used are kept open
/// (``fallbackFacesKept``), since text of every script can open hundreds of font files, each mapped
/// and with its tables and glyph caches in memory: one closed is opened again when text needs it.
/// Failures are not remembered, so installing a missing font takes effect without a restart.
final class FaceStore: Sendable {
    /// Fallback faces kept open: between this many and twice as many, the most recently used
    /// (``BoundedCache``), as many as the scripts of a screen in many languages need at once.
    static let fallbackFacesKept = 16

    private let configuration: FontLibrary.Configuration
    private let faces = Locked<Faces>(Faces())

    private struct Faces {
        var byStyle: [FaceStyle: FontFace] = [:]
        var byLocation = BoundedCache<FaceLocation, FontFace>(capacity: FaceStore.fallbackFacesKept)
    }

    init(configuration: FontLibrary.Configuration) {
        self.configuration = configuration
    }

    /// The face of `style`: the first configured file of its family and weight that opens.
    func face(for style: FaceStyle) throws(TextError) -> FontFace {
        try faces.withLock { faces throws(TextError) -> FontFace in
            if let face = faces.byStyle[style] { return face }
            let files = configuration.files(for: style.family)
            let paths = files.fontFiles(for: style.weight)
            for path in paths {
                let face: FontFace
                do throws(TextError) {
                    face = try Self.open(FaceLocation(path: path, index: 0), in: &faces)
                } catch {
                    // A file that cannot be opened at all is missing: try the next candidate.
                    if case .fontUnreadable(_, let code) = error.kind, code == Self.cannotOpenResource { continue }
                    throw error
                }
                faces.byStyle[style] = face
                return face
            }
            throw TextError(
                .fontNotFound(
                    family: style.family, weight: style.weight, pathsTried: paths,
                    installHint: files.installHint))
        }
    }

    /// The face at `location`, opened on first use.
    func face(at location: FaceLocation) throws(TextError) -> FontFace {
        try faces.withLock { faces throws(TextError) -> FontFace in try Self.open(location, in: &faces) }
    }

    private static func open(_ location: FaceLocation, in faces: inout Faces) throws(TextError) -> FontFace {
        if let opened = faces.byStyle.values.first(where: { $0.location == location }) ?? faces.byLocation.value(for: location) {
            return opened
        }
        let face = try FontFace(path: location.path, index: location.index)
        faces.byLocation.insert(face, for: location)
        return face
    }

    /// FreeType's `FT_Err_Cannot_Open_Resource`: the file is absent or unreadable.
    private static let cannotOpenResource: Int32 = 0x01
}
