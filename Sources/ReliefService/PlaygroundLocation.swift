import Foundation

/// Where `relief serve` finds the playground (the files served at `/`) when `--public` is not
/// given, so the binary runs from any working directory:
///
/// 1. installed beside the binary: `<prefix>/share/relief/Public` for `<prefix>/bin/relief`
///    (what `make install PREFIX=…` and the Docker image lay out);
/// 2. in the checkout a binary was built in: `<checkout>/Public` for
///    `<checkout>/.build/<config>/relief` (or `.build/<triple>/<config>/relief`, where SwiftPM's
///    `.build/<config>` link points), and for the scratch folders beside it that the Makefile's
///    sanitizer builds use, `.build-tsan` and `.build-asan` (any `.build-<name>`).
public enum PlaygroundLocation {
    /// The playground's place under an installation prefix.
    public static let installedPath = "share/relief/Public"

    /// The places to look, in order, for the binary at `executablePath` (symbolic links resolved).
    public static func candidates(forExecutableAt executablePath: String) -> [String] {
        let binary = URL(fileURLWithPath: executablePath)
        let prefix = binary.deletingLastPathComponent().deletingLastPathComponent()
        var candidates = [prefix.appendingPathComponent(installedPath).path]
        let components = binary.pathComponents
        if let build = components.lastIndex(where: { $0 == ".build" || $0.hasPrefix(".build-") }), build > 0 {
            let checkout = NSString.path(withComponents: Array(components[..<build]))
            candidates.append(URL(fileURLWithPath: checkout).appendingPathComponent("Public").path)
        }
        return candidates
    }

    /// The first candidate that is a directory, for the running binary; `nil` when there is none.
    public static func find(forExecutableAt executablePath: String? = runningExecutablePath) -> String? {
        guard let executablePath else { return nil }
        return candidates(forExecutableAt: executablePath).first { path in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// The running binary's real path, read from `/proc/self/exe`.
    public static var runningExecutablePath: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }
}
