import Dispatch
import Glibc

extension HTTPServer {
    /// Makes SIGTERM and SIGINT start a graceful ``shutdown()`` instead of killing the process.
    ///
    /// The signals' default actions are disabled first and Dispatch delivers them on a queue, where
    /// the shutdown may block; a thread waiting in ``waitUntilStopped()`` then returns. Call it once,
    /// after ``start()``.
    public func shutdownOnTerminationSignals() {
        signalSources.withLock { sources in
            for signalNumber in [SIGTERM, SIGINT] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [weak self] in
                    self?.shutdown()
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
