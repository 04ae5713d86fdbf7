import Dispatch
import Glibc

extension HTTPServer {
    /// Takes over the signals a server process is sent, as ``ProcessSignals`` describes: SIGTERM
    /// and SIGINT start a graceful ``shutdown()``, SIGHUP calls `onHangUp` (reopen a rotated log),
    /// SIGQUIT exits at once with status 131 after one line on standard error, and SIGUSR1 and
    /// SIGUSR2 are ignored.
    ///
    /// The signals' default actions are disabled first and Dispatch delivers them on a queue, where
    /// the shutdown may block; a thread waiting in ``waitUntilStopped()`` then returns. Call it once,
    /// after ``start()``.
    ///
    /// `beforeShutdown` runs first on SIGTERM and SIGINT, given the signal, while the server still
    /// serves; the shutdown starts when it returns, so it may wait (a drain period before a SIGTERM
    /// shutdown, say). Each signal's handler runs one at a time, but the two signals' handlers are
    /// independent: a SIGINT is answered while a SIGTERM's `beforeShutdown` still waits.
    public func handleSignals(
        onHangUp: @escaping @Sendable () -> Void = {},
        beforeShutdown: @escaping @Sendable (_ signal: Int32) -> Void = { _ in }
    ) {
        ProcessSignals.ignoreHarmlessSignals()
        signalSources.withLock { sources in
            for signalNumber in ProcessSignals.answered {
                let responses = ProcessSignals(
                    drain: { [weak self] in
                        beforeShutdown(signalNumber)
                        self?.shutdown()
                    }, hangUp: onHangUp, quit: ProcessSignals.exitNow)
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { responses.respond(to: signalNumber) }
                source.resume()
                sources.append(source)
            }
        }
    }
}
