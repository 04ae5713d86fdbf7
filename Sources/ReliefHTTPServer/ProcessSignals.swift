import Glibc

/// What a server process does with each signal it may be sent, apart from how signals reach it, so
/// the responses are tested by calling ``respond(to:)`` instead of signalling a test process.
///
/// | signal | response |
/// |---|---|
/// | `SIGTERM`, `SIGINT` | graceful shutdown (`drain`) |
/// | `SIGHUP` | `hangUp`, e.g. reopen log files after rotation; nothing else |
/// | `SIGQUIT` | one line on standard error, then exit at once with status 131 (128 + 3, what a shell shows for a process SIGQUIT ended), without draining and without a crash report |
/// | `SIGUSR1`, `SIGUSR2` | ignored |
struct ProcessSignals: Sendable {
    /// Starts a graceful shutdown.
    var drain: @Sendable () -> Void
    /// Runs on `SIGHUP`.
    var hangUp: @Sendable () -> Void
    /// Ends the process with `status` after writing `message` as one line; does not return when real.
    var quit: @Sendable (_ message: String, _ status: Int32) -> Void

    /// Signals answered through ``respond(to:)``.
    static let answered = [SIGTERM, SIGINT, SIGHUP, SIGQUIT]
    /// Signals whose default action (ending the process) is turned off and that do nothing else.
    static let ignored = [SIGUSR1, SIGUSR2]
    /// The exit status after `SIGQUIT`.
    static let quitStatus: Int32 = 128 + SIGQUIT
    /// The line written on `SIGQUIT`.
    static let quitMessage =
        "SIGQUIT received: exiting at once with status \(quitStatus), without finishing the requests in flight."

    /// Does what `signal` asks for; other signals are left alone.
    func respond(to signal: Int32) {
        switch signal {
        case SIGTERM, SIGINT: drain()
        case SIGHUP: hangUp()
        case SIGQUIT: quit(Self.quitMessage, Self.quitStatus)
        default: break
        }
    }

    /// Blocks every signal in ``answered`` in the calling thread, and so in each thread it starts
    /// from then on. Dispatch reads a signal through a `signalfd`, which sees it only while no thread
    /// accepts it; a thread that does runs Dispatch's handler, which blocks it there and raises it
    /// again. Under ThreadSanitizer, which runs a handler only when the thread next calls into the C
    /// library, a thread blocked in a write to a pipe nobody reads would keep the signal for good.
    static func blockAnswered() {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in answered { sigaddset(&set, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Turns off the default action of every signal in ``ignored``.
    static func ignoreHarmlessSignals() {
        for signalNumber in ignored { signal(signalNumber, SIG_IGN) }
    }

    /// Writes `message` and a newline on standard error and ends the process with `status` at once:
    /// no exit handlers, no flushing of buffers, no backtrace.
    @Sendable static func exitNow(_ message: String, _ status: Int32) {
        HTTPServer.Configuration.writeToStandardError(message)
        _exit(status)
    }
}
