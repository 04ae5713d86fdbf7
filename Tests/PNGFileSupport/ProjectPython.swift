import Foundation

/// The Python of the project's virtual environment, where it exists (`scripts/install-deps.sh
/// python`, which `make test` runs first): the independent readers the tests check files with
/// (Pillow, zlib, jsonschema) live there.
public enum ProjectPython {
    public static let executable: URL? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python = root.appendingPathComponent(".venv/bin/python")
        return FileManager.default.isExecutableFile(atPath: python.path) ? python : nil
    }()
}
