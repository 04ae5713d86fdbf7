import Foundation
import Testing

/// The built `relief` executable, which sits beside the test bundle.
func reliefExecutable() throws -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("relief") }
    return try #require(
        candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
        "build the relief executable first (swift build)")
}

/// Runs `relief` with `arguments` to its end: its exit status, standard output and standard error.
func runRelief(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = try reliefExecutable()
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    // Standard error goes to a file, not a second pipe: a sanitizer's report there can outgrow a
    // pipe's buffer, and the child would then block writing it while this waits for standard output.
    let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("relief-stderr-\(UUID().uuidString)")
    _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: errorFile) }
    let errors = try FileHandle(forWritingTo: errorFile)
    process.standardError = errors
    try process.run()
    try errors.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let stderr = try Data(contentsOf: errorFile)
    return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
}
