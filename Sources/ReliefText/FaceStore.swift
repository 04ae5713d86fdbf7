import Synchronization

/// The faces a `FontLibrary` has opened, by weight and by file, loaded on first use.
///
/// A face is shared when two weights resolve to the same file. Failures are not remembered, so
/// installing a missing font takes effect without a restart.
final class FaceStore: Sendable {
    private let configuration: FontLibrary.Configuration
    private let faces = Mutex<Faces>(Faces())

    private struct Faces {
        var byWeight: [FontWeight: FontFace] = [:]
        var byPath: [String: FontFace] = [:]
    }

    init(configuration: FontLibrary.Configuration) {
        self.configuration = configuration
    }

    /// The face for `weight`: the first configured file that opens.
    func face(for weight: FontWeight) throws(TextError) -> FontFace {
        try faces.withLock { faces throws(TextError) -> FontFace in
            if let face = faces.byWeight[weight] { return face }
            let paths = configuration.fontFiles(for: weight)
            for path in paths {
                let face: FontFace
                if let opened = faces.byPath[path] {
                    face = opened
                } else {
                    do throws(TextError) {
                        face = try FontFace(path: path)
                    } catch {
                        // A file that cannot be opened at all is missing: try the next candidate.
                        if case .fontUnreadable(_, let code) = error.kind, code == Self.cannotOpenResource { continue }
                        throw error
                    }
                }
                faces.byPath[path] = face
                faces.byWeight[weight] = face
                return face
            }
            throw TextError(.fontNotFound(weight: weight, pathsTried: paths, installHint: configuration.installHint))
        }
    }

    /// FreeType's `FT_Err_Cannot_Open_Resource`: the file is absent or unreadable.
    private static let cannotOpenResource: Int32 = 0x01
}
