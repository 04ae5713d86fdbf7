import Dispatch

extension HTTPServer {
    /// Keeps the signals ``handleSignals(onHangUp:beforeShutdown:)`` answers from every thread the
    /// process starts from now on, so that each waits for its handler instead of stopping in a
    /// thread busy elsewhere. Call it first thing in `main`, before any thread starts: a signal sent
    /// before the handlers are in place then waits for them rather than ending the process.
    public static func reserveSignalsForHandlers() {
        ProcessSignals.blockAnswered()
    }

    /// Takes over the signals a server process is sent, as ``ProcessSignals`` describes: SIGTERM
    /// and SIGINT start a graceful ``shutdown()``, SIGHUP calls `onHangUp` (reopen a rotated log),
    /// SIGQUIT exits at once with status 131 after one line on standard error, and SIGUSR1 and
    /// SIGUSR2 are ignored.
    ///
    /// Dispatch delivers the signals on a queue, where the shutdown may block; a thread waiting in
    /// ``waitUntilStopped()`` then returns. Dispatch takes a signal over on its own thread some time
    /// after its source resumes, so this returns only once all four are taken: from then on each is
    /// answered. Until then each waits, blocked, where ``reserveSignalsForHandlers()`` ran first, and
    /// otherwise keeps its default action, which ends the process (ignoring them first, as on Darwin,
    /// would lose a SIGTERM sent in between). Call it once, after ``start()``.
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
        let taken = DispatchGroup()
        signalSources.withLock { sources in
            for signalNumber in ProcessSignals.answered {
                let responses = ProcessSignals(
                    drain: { [weak self] in
                        beforeShutdown(signalNumber)
                        self?.shutdown()
                    }, hangUp: onHangUp, quit: ProcessSignals.exitNow)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { responses.respond(to: signalNumber) }
                taken.enter()
                source.setRegistrationHandler { taken.leave() }
                source.resume()
                sources.append(source)
            }
        }
        taken.wait()
    }
}
