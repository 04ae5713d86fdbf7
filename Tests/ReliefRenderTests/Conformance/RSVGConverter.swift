import Foundation

/// `rsvg-convert` from librsvg, the independent renderer the conformance suite compares against.
struct RSVGConverter {
    /// Why rsvg could not draw an SVG.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let packageHint = "install the Debian package librsvg2-bin (`make test` installs it)"

    let executable: URL

    /// rsvg-convert at /usr/bin, where librsvg2-bin puts it, or else the first one on PATH.
    static func locate() throws(Failure) -> RSVGConverter {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let candidates = ["/usr/bin"] + path.split(separator: ":").map(String.init)
        for directory in candidates {
            let file = URL(fileURLWithPath: directory).appendingPathComponent("rsvg-convert")
            if FileManager.default.isExecutableFile(atPath: file.path) {
                return RSVGConverter(executable: file)
            }
        }
        throw Failure(description: "rsvg-convert was not found in /usr/bin or on PATH; \(packageHint)")
    }

    /// The PNG rsvg draws from `svg`, at the size the SVG's width and height give times `zoom`;
    /// the SVG and PNG files are written to `directory`.
    func png(svg: String, in directory: URL, zoom: Double = 1) throws -> [UInt8] {
        let input = directory.appendingPathComponent("recipe.svg")
        let output = directory.appendingPathComponent("rsvg.png")
        try Data(svg.utf8).write(to: input)

        let process = Process()
        process.executableURL = executable
        process.arguments = ["--format", "png", "--zoom", "\(zoom)", "--output", output.path, input.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(
                description: "rsvg-convert failed (status \(process.terminationStatus)) on "
                    + "\(input.path): \(message)")
        }
        return [UInt8](try Data(contentsOf: output))
    }
}
