import Foundation
import Glibc
import ReliefScreen
import ReliefService
import Testing

/// `relief serve`, run as the built executable beside the test bundle.
@Suite("relief serve")
struct ServeCommandTests {
    /// Generous: a loaded 2-core machine must never fail a test by time alone.
    static let deadline: Duration = .seconds(30)

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
        (["--max-connections", "0"], "--max-connections must be a whole number from 1 to 1000000"),
        (["--max-connections-per-address", "0"], "--max-connections-per-address must be a whole number from 1"),
        (["--send-buffer-kb", "1"], "--send-buffer-kb must be a whole number from 4 to 65536"),
        (["--drain-seconds", "-1"], "--drain-seconds must be a whole number from 0 to 3600"),
        (["--provisional-max-age", "301"], "--provisional-max-age must be a whole number from 0 to 300"),
        (["--access-log-format", "xml"], "--access-log-format must be text or json; got \"xml\""),
        (["--default-format", "webp"], "--default-format must be png or auto; got \"webp\""),
        (["--access-log", "/nonexistent/relief/access.log"], "--access-log: cannot open /nonexistent/relief/access.log"),
        (["--signing-key-file", "/nonexistent/relief.keys"], "--signing-key-file: cannot read the key file"),
    ])
    func badFlagsAreRefusedWithAClearMessage(arguments: [String], message: String) throws {
        let result = try runRelief(["serve"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("relief serve: "), "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func helpNamesEveryFlagWithItsDefault() throws {
        let result = try runRelief(["serve", "--help"])
        #expect(result.status == 0)
        let help = String(decoding: result.stdout, as: UTF8.self)
        let flags = [
            "--host", "--port", "--public", "--cache-mb", "--render-mb", "--max-queue-seconds", "--max-connections",
            "--max-connections-per-address",
            "--send-buffer-kb", "--drain-seconds", "--provisional-max-age", "--default-format", "--access-log",
            "--access-log-format", "--signing-key-file",
        ]
        for flag in flags {
            #expect(help.contains("  \(flag) "), "\(flag)")
        }
        #expect(help.components(separatedBy: "(default").count - 1 == flags.count, "\(help)")
        for text in [
            "(default 256)", "(default 10)", "(default 1024)", "(default off)", "(default 128)", "(default 5)",
            "(default 60)",
            "(default stdout)", "(default text)", "(default png)",
            "behind a reverse proxy",
        ] {
            #expect(help.contains(text), "\(text)")
        }
    }

    /// A layout of nearly the limit's 8 KiB that deflates badly, posted to a real server: the `303`'s
    /// URL, with a `source=` of some 8,800 characters, is read whole by the same server and draws.
    @Test func theURLOfAPostedLayoutNearTheLimitIsServed() throws {
        let server = try ServeProcess(["--drain-seconds", "0"])
        // Printable ASCII, spaces among it, from a fixed linear congruential sequence.
        let alphabet = Array(" !#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~")
        var state: UInt64 = 2026
        func word() -> String {
            String(
                (0..<245).map { _ in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return alphabet[Int(state >> 33) % alphabet.count]
                })
        }
        let layout = "VStack {\n" + (0..<31).map { _ in "    Text(\"x\(word())\")\n" }.joined() + "}\n.frame(width: 2000)\n"
        #expect(layout.utf8.count > 8_000 && layout.utf8.count <= 8_192)
        // Generous timeouts: the POST draws the screen before it answers, on a machine that may be loaded.
        let posted = try LoopbackExchange(
            port: server.port, method: "POST", target: "/screen?format=svg", body: layout, timeoutSeconds: 120)
        #expect(posted.status == 303, "\(String(decoding: posted.body, as: UTF8.self))")
        let location = try #require(posted.header("Location"))
        #expect(location.utf8.count > 8_192)
        let drawn = try LoopbackExchange(port: server.port, target: location, timeoutSeconds: 120)
        #expect(drawn.status == 200 && drawn.header("Content-Type")?.hasPrefix("image/svg+xml") == true)
        server.signal(SIGTERM)
        #expect(server.exited(within: .seconds(10)))
    }

    @Test func servesUntilSIGTERMThenExitsZero() throws {
        let site = try TemporaryDirectory()
        defer { site.remove() }
        try site.write("<!doctype html><title>t</title>", to: "index.html")
        let server = try ServeProcess(["--public", site.path, "--cache-mb", "8", "--drain-seconds", "0"])
        let match = try #require(
            server.banner.firstMatch(of: /relief: serving http:\/\/127\.0\.0\.1:\d+ \(Public: (.+), cache: 8 MiB\)\n/))
        #expect(String(match.1) == site.path)

        #expect(try server.exchange("/healthz").status == 200)
        #expect(try server.exchange("/").status == 200)

        server.signal(SIGTERM)
        #expect(server.exited(within: Self.deadline))
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        // Every request was logged, and the log flushed before exit.
        let log = String(decoding: server.stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(log.contains("GET /healthz 200 3B "))
        #expect(log.contains("GET / 200 "))
    }

    /// Dispatch takes a signal over on a thread of its own after its source resumes; the banner
    /// waits for it. A signal ignored in between, as `SIG_IGN` before the source had it, would be
    /// lost: a SIGTERM sent at the banner must find every answered signal caught, none ignored.
    @Test func atTheBannerEverySignalItAnswersIsCaught() throws {
        let server = try ServeProcess(["--drain-seconds", "0"])
        let caught = try #require(server.status("SigCgt").flatMap { UInt64($0, radix: 16) })
        let ignored = try #require(server.status("SigIgn").flatMap { UInt64($0, radix: 16) })
        for signalNumber in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
            let bit = UInt64(1) << (signalNumber - 1)
            #expect(caught & bit != 0 && ignored & bit == 0, "signal \(signalNumber): SigCgt \(caught), SigIgn \(ignored)")
        }
        server.signal(SIGTERM)
        #expect(server.exited(within: Self.deadline))
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
    }

    /// Every thread of the server blocks the signals it answers, so each reaches Dispatch's
    /// `signalfd` and none stops in a thread busy elsewhere (the access log's writer in a stalled
    /// pipe, say).
    @Test func everyThreadLeavesTheAnsweredSignalsToTheirHandlers() throws {
        let server = try ServeProcess(["--drain-seconds", "0"])
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(server.process.processIdentifier)/task")
        #expect(tasks.count > 1)
        for task in tasks {
            let status = try String(
                contentsOfFile: "/proc/\(server.process.processIdentifier)/task/\(task)/status", encoding: .utf8)
            let blocked = try #require(
                status.split(separator: "\n").first { $0.hasPrefix("SigBlk:") }
                    .flatMap { UInt64($0.dropFirst("SigBlk:".count).trimmingCharacters(in: .whitespaces), radix: 16) })
            for signalNumber in [SIGTERM, SIGINT, SIGHUP, SIGQUIT] {
                #expect(blocked & (UInt64(1) << (signalNumber - 1)) != 0, "thread \(task), signal \(signalNumber)")
            }
        }
        server.signal(SIGTERM)
        #expect(server.exited(within: Self.deadline))
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
    }

    /// SIGTERM ends within `--drain-seconds` + 2 s whatever is in flight: what still runs when the
    /// drain ends is cancelled and answered 503, as a client's cut cancels it, each answer whole.
    @Test func sigtermEndsWithinTheDrainAndTwoSecondsWhateverIsInFlight() throws {
        let server = try ServeProcess(["--drain-seconds", "1", "--access-log", "off"])
        // Six animated screens with low vision, each of many megabytes: seconds of drawing apiece,
        // one or two at a time within the render budget.
        let layout = "VStack {\n" + (1...8).map { "    Toggle(\"Option \($0)\", isOn: true)\n" }.joined() + "}"
        let targets = [(1, 30), (1.5, 30), (2, 30), (1, 20), (1.5, 20), (2, 20)].map { scale, fps in
            "/screen?source=\(ScreenSource.encode(layout))&animate=true&simulate=lowvision&scale=\(scale)&fps=\(fps)"
        }
        let answers = NSLock()
        nonisolated(unsafe) var exchanges: [Result<LoopbackExchange, any Error>] = []
        let group = DispatchGroup()
        let port = server.port
        for target in targets {
            // A thread each, started now: a shared queue would start them as its pool grows.
            group.enter()
            Thread.detachNewThread {
                let exchange = Result { try LoopbackExchange(port: port, target: target, timeoutSeconds: 60) }
                answers.withLock { exchanges.append(exchange) }
                group.leave()
            }
        }
        // Every screen is drawing or queued to draw. Each look at /metrics is a round trip to the
        // server: no pause is needed between them.
        func withTheServer() throws -> Int {
            let metrics = String(decoding: try server.exchange("/metrics").body, as: UTF8.self)
            return metrics.split(separator: "\n").reduce(0) { total, line in
                guard line.hasPrefix("relief_renders_in_flight ") || line.hasPrefix("relief_renders_queued ") else {
                    return total
                }
                return total + (line.split(separator: " ").last.flatMap { Int($0) } ?? 0)
            }
        }
        let started = ContinuousClock.now + Self.deadline
        while try withTheServer() < targets.count, ContinuousClock.now < started {}

        server.signal(SIGTERM)
        #expect(server.exited(within: .seconds(1 + 2)))
        #expect(group.wait(timeout: .now() + .seconds(30)) == .success)
        for exchange in answers.withLock({ exchanges }) {
            let answer = try exchange.get()
            #expect(answer.status == 503 || answer.status == 200, "\(answer.status)")
            #expect(answer.header("Content-Length").flatMap(Int.init) == answer.body.count)
        }
    }

    @Test func sigtermDrainsWhileServingThenExitsZero() throws {
        let drainSeconds = 10
        let server = try ServeProcess(["--drain-seconds", String(drainSeconds)])
        #expect(try server.exchange("/healthz").status == 200)
        let keptAlive = try LoopbackSocket(port: server.port)
        try keptAlive.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        _ = try keptAlive.receive(endingWith: Array("ok\n".utf8))

        let clock = ContinuousClock()
        let signalled = clock.now
        server.signal(SIGTERM)
        #expect(childProcessState(within: Self.deadline) { (try? server.exchange("/healthz").status) == 503 })
        // Draining: health says so; everything else is still served, on new and old connections.
        let health = try server.exchange("/healthz")
        #expect(health.status == 503)
        #expect(String(decoding: health.body, as: UTF8.self).contains("urn:relief:problem:draining"))
        #expect(try server.exchange("/render?size=16").status == 200)
        try keptAlive.send("GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        // Answered, then closed, so the client reconnects to a server that is not stopping.
        let answer = String(decoding: try keptAlive.receiveUntilClosed(), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 200 "), "\(answer.prefix(200))")
        #expect(answer.contains("\r\nConnection: close\r\n"), "\(answer.prefix(400))")

        #expect(server.exited(within: .seconds(drainSeconds) + Self.deadline))
        #expect(clock.now - signalled >= .seconds(drainSeconds))
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 0)
        #expect(server.standardError.contains("SIGTERM: draining for \(drainSeconds) s"))
    }

    /// `relief serve 2>&1 | collector` whose collector stops reading: the access log fills the
    /// pipe, and the drain's note and the exit's messages go to the same stalled pipe. No thread
    /// waits for it, so SIGTERM ends the process within the drain and 2 s.
    @Test func sigtermExitsInTimeWhenNobodyReadsItsOutput() throws {
        let drainSeconds = 1
        let server = try ServeProcess(["--drain-seconds", String(drainSeconds)], sharingOneOutput: true)
        // Each line is about 40 bytes: 4,000 of them fill a 64 KiB pipe twice over.
        let client = try LoopbackSocket(port: server.port)
        for _ in 0..<4000 {
            try client.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            _ = try client.receive(endingWith: Array("ok\n".utf8))
        }
        let clock = ContinuousClock()
        let signalled = clock.now
        server.signal(SIGTERM)
        #expect(server.exited(within: Self.deadline))
        #expect(clock.now - signalled <= .seconds(drainSeconds + 2), "\(clock.now - signalled)")
        #expect(server.process.terminationReason == .exit && server.process.terminationStatus == 0)
    }

    /// A FIFO that nobody reads would block `open` for writing until a reader comes: the server
    /// refuses it at once instead of hanging before it listens.
    @Test func anAccessLogFIFOWithoutAReaderIsRefusedAtOnce() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.path + "/access.fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let result = try runRelief(["serve", "--port", "0", "--access-log", fifo])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "relief serve: --access-log: cannot open \(fifo) for appending: it is a FIFO that no "
                    + "process has open for reading"), "\(result.stderr)")
    }

    /// Writes that fail are counted, and said once on standard error rather than once a line.
    @Test func failingAccessLogWritesAreReportedOnce() throws {
        let server = try ServeProcess(["--access-log", "/dev/full", "--drain-seconds", "0"])
        for _ in 0..<3 { #expect(try server.exchange("/healthz").status == 200) }
        #expect(
            childProcessState(within: Self.deadline) {
                let metrics = String(decoding: (try? server.exchange("/metrics"))?.body ?? [], as: UTF8.self)
                return (metrics.firstMatch(of: /\nrelief_access_log_dropped_total (\d+)/).flatMap { Int($0.1) } ?? 0) >= 3
            })
        server.signal(SIGTERM)
        #expect(server.exited(within: Self.deadline))
        let reports = server.standardError.split(separator: "\n").filter { $0.contains("cannot write to /dev/full") }
        #expect(reports.count == 1, "\(reports)")
        #expect(reports.first?.hasPrefix("relief: access log: cannot write to /dev/full: No space left on device") == true)
    }

    @Test func sigintSkipsTheDrain() throws {
        let server = try ServeProcess(["--drain-seconds", "3600"])
        #expect(try server.exchange("/healthz").status == 200)
        server.signal(SIGINT)
        #expect(server.exited(within: Self.deadline))
        #expect(server.process.terminationStatus == 0)
    }

    @Test func sigquitExitsAtOnceWithStatus131AndOneLine() throws {
        let server = try ServeProcess([])
        #expect(try server.exchange("/healthz").status == 200)
        server.signal(SIGQUIT)
        #expect(server.exited(within: Self.deadline))
        #expect(server.process.terminationReason == .exit)
        #expect(server.process.terminationStatus == 131)
        let errors = server.standardError.split(separator: "\n")
        #expect(errors.count == 1 && errors[0].hasPrefix("SIGQUIT received"), "\(errors)")
    }

    @Test func userSignalsChangeNothing() throws {
        let server = try ServeProcess(["--drain-seconds", "0"])
        for signalNumber in [SIGUSR1, SIGUSR2, SIGUSR1] {
            server.signal(signalNumber)
            #expect(try server.exchange("/healthz").status == 200)
        }
        #expect(server.process.isRunning)
    }

    @Test func sighupReopensTheAccessLogFileAfterRotation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/access.log"
        let server = try ServeProcess(["--access-log", path, "--access-log-format", "json", "--drain-seconds", "0"])
        #expect(try server.exchange("/healthz?before").status == 200)
        func contents(_ file: String) -> String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        #expect(childProcessState(within: Self.deadline) { contents(path).contains("\"target\":\"/healthz?before\"") })

        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        server.signal(SIGHUP)
        // The reopening happens on the log's own thread: ask until a line lands in the new file.
        #expect(
            childProcessState(within: Self.deadline) {
                (try? server.exchange("/healthz?after").status) == 200 && contents(path).contains("/healthz?after")
            })
        #expect(!contents(path).contains("/healthz?before"))
        #expect(contents(path + ".1").contains("/healthz?before"))
        #expect(server.process.isRunning)
    }

    /// How much `relief serve` may grow while its stdout is stalled: the log's 1 MiB buffer and
    /// the service's ordinary working memory (about 3 MiB was measured).
    static let residentGrowthBoundKiB = 10 << 10

    /// A pipe that stops being read after the banner, as a stalled log collector: under load the
    /// memory stays bounded, the lines dropped are counted, and SIGTERM still ends the process
    /// within the grace period plus 2 s.
    @Test func aStdoutNobodyReadsCostsDroppedLinesNotMemoryOrAHangingExit() throws {
        let server = try ServeProcess(["--drain-seconds", "0"])
        #expect(try server.exchange("/healthz").status == 200)
        let before = try #require(server.kibibytes("VmRSS"))

        // Lines of 7 KB, until they add up to twice the bound on growth (a few seconds): kept, they
        // would break it.
        let target = "/healthz?" + String(repeating: "x", count: 7000)
        let enoughRequests = 2 * (Self.residentGrowthBoundKiB << 10) / 7000
        // Under ThreadSanitizer on a loaded machine the server answered 1,027 of them in 30 s; the
        // load stops at enoughRequests, so the longer limit costs a fast run nothing.
        let loadEnds = ContinuousClock.now + (RenderMemoryBudgetTests.isSanitized ? .seconds(240) : Self.deadline)
        let requests = Counter()
        let load = DispatchGroup()
        let port = server.port
        for _ in 0..<4 {
            load.enter()
            Thread {
                defer { load.leave() }
                guard let socket = try? LoopbackSocket(port: port) else { return }
                while requests.count < enoughRequests, ContinuousClock.now < loadEnds {
                    guard (try? socket.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")) != nil,
                        (try? socket.receive(endingWith: Array("ok\n".utf8))) != nil
                    else { return }
                    requests.increment()
                }
            }.start()
        }
        var peak = before
        while load.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
            peak = max(peak, server.kibibytes("VmRSS") ?? 0)
        }
        #expect(requests.count >= enoughRequests)
        let metrics = String(decoding: try server.exchange("/metrics").body, as: UTF8.self)
        let dropped = metrics.firstMatch(of: /relief_access_log_dropped_total (\d+)\n/).flatMap { Int($0.1) } ?? 0
        #expect(dropped > 0, "\(requests.count) requests")
        // A sanitizer's shadow memory and quarantine of freed blocks make resident memory meaningless.
        if !RenderMemoryBudgetTests.isSanitized {
            #expect(
                peak - before < Self.residentGrowthBoundKiB,
                "RSS grew from \(before) KiB to \(peak) KiB over \(requests.count) requests")
        }

        let clock = ContinuousClock()
        let signalled = clock.now
        server.signal(SIGTERM)
        #expect(server.exited(within: .seconds(12)))
        #expect(clock.now - signalled < .seconds(12))
        #expect(server.process.terminationStatus == 0)
    }

    @Test func withoutPublicItServesTheCheckoutsPlaygroundFromAnyDirectory() throws {
        let elsewhere = try TemporaryDirectory()
        defer { elsewhere.remove() }
        let server = try ServeProcess(["--drain-seconds", "0"], workingDirectory: elsewhere.path)
        #expect(server.banner.contains("/Public, cache:"), "\(server.banner)")
        let page = try server.exchange("/")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
    }

    @Test func anInstalledBinaryServesThePlaygroundInstalledBesideIt() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        try prefix.write("<!doctype html><title>installed</title>", to: "share/relief/Public/index.html")
        let binary = try install(into: prefix)
        let server = try ServeProcess(["--drain-seconds", "0"], executable: binary, workingDirectory: "/")
        #expect(server.banner.contains("(Public: \(prefix.path)/share/relief/Public,"), "\(server.banner)")
        #expect(String(decoding: try server.exchange("/").body, as: UTF8.self).contains("installed"))
    }

    @Test func withNoPlaygroundAnywhereItServesTheAPIAndSaysSo() throws {
        let prefix = try TemporaryDirectory()
        defer { prefix.remove() }
        let binary = try install(into: prefix)
        let server = try ServeProcess(["--drain-seconds", "0"], executable: binary, workingDirectory: "/")
        #expect(server.banner.contains("(Public: none,"), "\(server.banner)")
        #expect(try server.exchange("/").status == 404)
        #expect(try server.exchange("/healthz").status == 200)
        server.signal(SIGTERM)
        #expect(server.exited(within: Self.deadline))
        let notes = server.standardError.split(separator: "\n").filter { $0.contains("no playground found") }
        #expect(notes.count == 1, "\(server.standardError)")
        #expect(notes.first?.contains("\(prefix.path)/share/relief/Public") == true)
    }

    @Test func signedURLsAreRequiredWithAKeyFileAndMadeByReliefSign() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("new-key-0123456789\nold-key-0123456789\n", to: "relief.keys")
        let keyFile = directory.path + "/relief.keys"
        let signed = try runRelief(["sign", "style=dark&size=40", "--key-file", keyFile])
        #expect(signed.status == 0, "\(signed.stderr)")
        let target = String(decoding: signed.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
        #expect(
            target == URLSigner(keys: [Array("new-key-0123456789".utf8)]).signed(path: "/render", query: "style=dark&size=40"))

        let server = try ServeProcess(["--signing-key-file", keyFile, "--drain-seconds", "0"])
        #expect(try server.exchange(target).status == 200)
        #expect(try server.exchange("/render?style=dark&size=40").status == 403)
        #expect(try server.exchange("/healthz").status == 200)
        #expect(try server.exchange("/").status == 200)

        // The key from standard input, and a path other than /render.
        let process = Process()
        process.executableURL = try reliefExecutable()
        process.arguments = ["sign", "/audit?style=dark"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("old-key-0123456789\n".utf8))
        try input.fileHandleForWriting.close()
        let audit = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(audit.hasPrefix("/audit?style=dark&sig="))
        #expect(try server.exchange(audit.trimmingCharacters(in: .newlines)).status == 200)
    }

    /// A key file of bytes no text decoding keeps whole: `relief sign` signs with the bytes the server
    /// verifies, and the pieces a split at VT, FF, CR or NEL would make are no keys.
    @Test func aBinaryKeyFileSignsAndVerifiesWithTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write(URLSigningTests.binaryKeyFile, to: "binary.keys")
        let keyFile = directory.path + "/binary.keys"
        let signed = try runRelief(["sign", "style=dark&size=24", "--key-file", keyFile])
        #expect(signed.status == 0, "\(signed.stderr)")
        let target = String(decoding: signed.stdout, as: UTF8.self).trimmingCharacters(in: .newlines)
        #expect(target == URLSigner(keys: [URLSigningTests.binaryKey]).signed(path: "/render", query: "style=dark&size=24"))

        let server = try ServeProcess(["--signing-key-file", keyFile, "--drain-seconds", "0"])
        #expect(try server.exchange(target).status == 200)
        // The second key, which ended in CRLF, verifies without its CR.
        let second = URLSigner(keys: [Array("second-key-of-the-file".utf8)]).signed(path: "/render", query: "style=dark&size=24")
        #expect(try server.exchange(second).status == 200)
        for piece in [[0x20, 0x00], [0x0C], [0x85, 0xFF, 0xC3, 0x28]] as [[UInt8]] {
            let forged = URLSigner(keys: [piece]).signed(path: "/render", query: "style=dark&size=24")
            #expect(try server.exchange(forged).status == 403, "\(piece)")
        }
    }

    @Test func aKeyShorterThanTheMinimumIsRefusedAtStartNamingItsLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try directory.write("a-key-long-enough-to-use\n\na\n", to: "short.keys")
        let keyFile = directory.path + "/short.keys"
        let expected = "the key on line 3 of the key file \(keyFile) has 1 of the 16 bytes a key needs at least"
        let served = try runRelief(["serve", "--port", "0", "--signing-key-file", keyFile])
        #expect(served.status == 2)
        #expect(served.stderr.hasPrefix("relief serve: --signing-key-file: " + expected), "\(served.stderr)")
        #expect(served.stdout.isEmpty)
        let signed = try runRelief(["sign", "style=dark", "--key-file", keyFile])
        #expect(signed.status == 2)
        #expect(signed.stderr.hasPrefix("relief sign: " + expected), "\(signed.stderr)")
    }

    /// A copy of the built binary in `prefix/bin`, so that it runs from outside the checkout.
    private func install(into prefix: TemporaryDirectory) throws -> URL {
        let binary = URL(fileURLWithPath: prefix.path + "/bin/relief")
        try FileManager.default.createDirectory(at: binary.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: try reliefExecutable(), to: binary)
        return binary
    }
}

/// A `relief serve --port 0` child process, its banner read from standard output (which is then
/// no longer read), killed at the end of the test if still running.
final class ServeProcess {
    let process = Process()
    let stdout = Pipe()
    let stderr = Pipe()
    let banner: String
    let port: Int
    /// Signalled when the process ends.
    private let ended = DispatchSemaphore(value: 0)

    /// Starts `relief serve --port 0` with `arguments`; with `sharingOneOutput`, standard error goes
    /// into the pipe of standard output, as `relief serve 2>&1 | collector` has it.
    init(_ arguments: [String], executable: URL? = nil, workingDirectory: String? = nil, sharingOneOutput: Bool = false) throws {
        process.executableURL = try executable ?? reliefExecutable()
        process.arguments = ["serve", "--port", "0"] + arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        process.standardOutput = stdout
        process.standardError = sharingOneOutput ? stdout : stderr
        process.terminationHandler = { [ended] _ in ended.signal() }
        try process.run()
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            received += chunk
        }
        banner = String(decoding: received, as: UTF8.self)
        let match = try #require(banner.firstMatch(of: /relief: serving http:\/\/127\.0\.0\.1:(\d+)[ ]/), "\(banner)")
        port = try #require(Int(match.1))
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    func signal(_ signalNumber: Int32) {
        kill(process.processIdentifier, signalNumber)
    }

    func exchange(_ target: String) throws -> LoopbackExchange {
        try LoopbackExchange(port: port, target: target)
    }

    /// Whether the process ended within `timeout`.
    func exited(within timeout: Duration) -> Bool {
        guard ended.wait(timeout: .now() + .seconds(Int(timeout.components.seconds))) == .success else { return false }
        process.waitUntilExit()
        return true
    }

    /// Standard error, read to its end: call it once the process has exited.
    var standardError: String {
        String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The value of `field` in the process's `/proc/PID/status` now, without the blanks before it.
    func status(_ field: String) -> Substring? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return nil }
        return line.dropFirst(field.count + 1).drop { $0 == " " || $0 == "\t" }
    }

    /// The kibibytes of `field` in the process's `/proc/PID/status` now: `VmRSS`, `VmHWM`.
    func kibibytes(_ field: String) -> Int? {
        guard let match = status(field)?.firstMatch(of: /^(\d+) kB/) else { return nil }
        return Int(match.1)
    }
}

/// Whether `condition` holds within `timeout`, looking every 10 ms. A real wait: the condition is
/// the state of a child process (its answers, the files it writes), which no event of this process
/// announces and no clock of the test moves.
func childProcessState(within timeout: Duration, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        usleep(10_000)
    }
    return true
}
