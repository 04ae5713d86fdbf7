import Foundation
import Glibc
import Testing

/// `relief serve`, run as the built executable beside the test bundle.
@Suite("relief serve")
struct ServeCommandTests {
    private func launch(_ arguments: [String]) throws -> (process: Process, stdout: Pipe, stderr: Pipe) {
        let process = Process()
        process.executableURL = try reliefExecutable()
        process.arguments = ["serve"] + arguments
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        return (process, stdout, stderr)
    }

    @Test(arguments: [
        (["--port", "70000"], "--port must be a whole number from 0 to 65535; got \"70000\""),
        (["--port=-1"], "--port must be a whole number from 0 to 65535"),
        (["--cache-mb", "lots"], "--cache-mb must be a whole number from 0 to 65536; got \"lots\""),
        (["--render-mb", "8"], "--render-mb must be a whole number from 16 to 65536; got \"8\""),
        (["--max-queue-seconds=-1"], "--max-queue-seconds must be a whole number from 0 to 3600"),
        (["--verbose"], "unknown option '--verbose'"),
        (["--host"], "--host needs a value"),
        (["--host="], "--host must not be empty"),
        ([""], "unknown option ''"),
        (["--public", "/nonexistent/relief"], "--public /nonexistent/relief is not a directory"),
    ])
    func badFlagsAreRefusedWithAClearMessage(arguments: [String], message: String) throws {
        let run = try launch(arguments)
        let errors = String(decoding: run.stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        run.process.waitUntilExit()
        #expect(run.process.terminationStatus == 2)
        #expect(errors.hasPrefix("relief serve: "), "\(errors)")
        #expect(errors.contains(message), "\(errors)")
    }

    @Test func servesUntilSIGTERMThenExitsZero() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("<!doctype html><title>t</title>", to: "index.html")
        let run = try launch(["--port", "0", "--public", site.path, "--cache-mb", "8"])
        defer { if run.process.isRunning { run.process.terminate() } }

        // The banner names the address, with the port the kernel chose.
        var banner = Data()
        while !banner.contains(UInt8(ascii: "\n")) {
            let chunk = run.stdout.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            banner += chunk
        }
        let line = String(decoding: banner, as: UTF8.self)
        let match = try #require(line.firstMatch(of: /relief: serving http:\/\/127\.0\.0\.1:(\d+) \(Public: (.+), cache: 8 MiB\)\n/))
        #expect(String(match.2) == site.path)
        let port = try #require(Int(match.1))

        #expect(try LoopbackExchange(port: port, target: "/healthz").status == 200)
        #expect(try LoopbackExchange(port: port, target: "/").status == 200)

        kill(run.process.processIdentifier, SIGTERM)
        run.process.waitUntilExit()
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == 0)
        // Every request was logged, and the log flushed before exit.
        let log = String(decoding: run.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("GET /healthz 200 3B "))
        #expect(log.contains("GET / 200 "))
    }
}
