import Foundation
import Testing

/// The built `relief` executable, which sits beside the test bundle.
func reliefExecutable() throws -> URL {
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("relief") }
    return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
                        "build the relief executable first (swift build)")
}

/// Runs `relief` with `arguments` to its end: its exit status, standard output and standard error.
func runRelief(_ arguments: [String]) throws -> (status: Int32, stdout: Data, stderr: String) {
    let process = Process()
    process.executableURL = try reliefExecutable()
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Standard error holds a line at most, far less than a pipe's buffer, so it can wait for standard output.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, stdout, String(decoding: stderr, as: UTF8.self))
}
