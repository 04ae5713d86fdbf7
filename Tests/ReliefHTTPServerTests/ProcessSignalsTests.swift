import Glibc
import ReliefLock
import Testing

@testable import ReliefHTTPServer

/// What each signal does, through ``ProcessSignals/respond(to:)``: no signal is sent to the test
/// process except the ignored ones, once they are ignored. That SIGQUIT really ends a process with
/// status 131 is checked by the service's CLI tests, which run `relief serve` as a child.
@Suite("ProcessSignals")
struct ProcessSignalsTests {
    /// The responses, recording what they were asked to do instead of doing it.
    private final class Calls: Sendable {
        let log = Locked<[String]>([])

        var signals: ProcessSignals {
            ProcessSignals(
                drain: { self.log.withLock { $0.append("drain") } },
                hangUp: { self.log.withLock { $0.append("hangUp") } },
                quit: { message, status in self.log.withLock { $0.append("quit \(status): \(message)") } })
        }
    }

    @Test func terminationSignalsDrain() {
        let calls = Calls()
        calls.signals.respond(to: SIGTERM)
        calls.signals.respond(to: SIGINT)
        #expect(calls.log.withLock { $0 } == ["drain", "drain"])
    }

    @Test func hangUpCallsItsClosureAndNothingElse() {
        let calls = Calls()
        calls.signals.respond(to: SIGHUP)
        #expect(calls.log.withLock { $0 } == ["hangUp"])
    }

    @Test func quitEndsTheProcessWithOneLineAndStatus131() {
        let calls = Calls()
        calls.signals.respond(to: SIGQUIT)
        let log = calls.log.withLock { $0 }
        #expect(log.count == 1)
        #expect(log.first?.hasPrefix("quit 131: SIGQUIT received") == true)
        #expect(!ProcessSignals.quitMessage.contains("\n"))
    }

    @Test func userSignalsAreIgnoredAndHarmless() {
        let calls = Calls()
        for signalNumber in [SIGUSR1, SIGUSR2] { calls.signals.respond(to: signalNumber) }
        #expect(calls.log.withLock { $0 }.isEmpty)
        ProcessSignals.ignoreHarmlessSignals()
        for signalNumber in [SIGUSR1, SIGUSR2] {
            var action = sigaction()
            sigaction(signalNumber, nil, &action)
            // C function pointers are not Equatable; SIG_IGN is compared by address.
            #expect(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
            // Ignored now, so raising it in the test process is safe: the process carries on.
            #expect(raise(signalNumber) == 0)
        }
    }
}
