import Dispatch
import Foundation
import Glibc
import ReliefLock

/// Lines on their way to a file descriptor through a bounded buffer and a writer thread of their
/// own, so that whoever appends a line — an event loop — never waits for the destination.
///
/// **Appending** copies the line into the buffer under a lock; it never calls `write`, and it does
/// not wake the writer for every line. The first line into an empty buffer wakes the writer, which
/// then collects lines for ``Batching/delay`` — or until ``Batching/bytes`` are buffered, when the
/// line that crossed it wakes the writer early — and writes them all in one go. At 50,000 lines a
/// second that is about a hundred wake-ups a second instead of 50,000, and a line reaches its
/// destination within the delay plus the time of a `write`.
///
/// **Bounded.** When the destination stops taking bytes (a pipe nobody reads, a terminal paused
/// with Ctrl-S, a stalled log collector), the writer waits inside `write` and the buffer fills;
/// once it holds ``capacityBytes``, new lines are dropped and counted (``droppedLines``), so memory
/// stays bounded. When the destination takes bytes again, the writer first writes a line saying how
/// many were dropped (made by `droppedLinesNotice`), then what is buffered.
///
/// **Failures** (a closed pipe, a full disk) drop the batch, counted, and are reported once through
/// `reportFailure`, and once more when writes succeed again.
///
/// The writer's own `write` calls block: setting `O_NONBLOCK` on an inherited standard output would
/// change the file description the parent shares (a shell's terminal left non-blocking breaks the
/// shell). A file this writer opens itself is opened non-blocking (so a FIFO without a reader is an
/// error at once, not a hang), and a non-blocking destination is waited on with `poll`. What bounds
/// the process's exit is ``flush(within:)``: it waits for the writer only so long.
final class LogWriter: Sendable {
    /// Why a destination could not be opened.
    struct OpenError: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String {
            if code == ENXIO {
                return "cannot open \(path) for appending: it is a FIFO that no process has open for reading; "
                    + "start its reader first"
            }
            return "cannot open \(path) for appending: \(String(cString: strerror(code)))"
        }
    }

    /// How lines are gathered into one `write`.
    struct Batching: Sendable {
        /// Buffered bytes that make the writer write at once instead of waiting out ``delay``.
        var bytes: Int
        /// The longest a line waits in the buffer for others to join it.
        var delay: Duration

        /// 64 KiB (about 700 access-log lines) or 10 ms, whichever comes first.
        static let standard = Batching(bytes: 64 << 10, delay: .milliseconds(10))
    }

    /// What the writer thread is doing, as appenders see it: whether one of them must wake it.
    private enum WriterPhase {
        /// Waiting, without a deadline, for a first line.
        case asleep
        /// Waiting, until its batch's deadline, for more lines.
        case collecting
        /// Taking and writing a batch; needs no wake-up.
        case writing
    }

    private struct State {
        var buffer: [UInt8] = []
        /// The storage of the last batch written, empty, for the next batch to fill without growing.
        var spare: [UInt8] = []
        var bufferedLines = 0
        /// Lines appended, and lines written or dropped: equal when the writer has nothing left.
        var appended = 0
        var settled = 0
        var dropped = 0
        var droppedSinceNotice = 0
        /// Lines lost to failed writes since the failure was reported; nil while writes succeed.
        var lostSinceFailure: Int?
        var phase = WriterPhase.writing
        /// Set by ``flush(within:)``, ``reopen()`` and ``stop()``: write what is there without waiting.
        var isUrgent = false
        var reopenRequested = false
        var stopRequested = false
        var descriptor: Int32

        /// Whether the writer waits for a wake-up, which the caller must then give.
        mutating func wakesWriter(urgent: Bool) -> Bool {
            if urgent { isUrgent = true }
            switch phase {
            case .asleep:
                phase = .collecting
                return true
            case .collecting where urgent:
                phase = .writing
                return true
            default:
                return false
            }
        }
    }

    /// Where the lines go.
    let destination: LogDestination
    /// The most bytes buffered while the destination is not taking them.
    let capacityBytes: Int
    private let batching: Batching
    private let droppedLinesNotice: @Sendable (Int) -> String
    private let reportFailure: (@Sendable (String) -> Void)?
    private let state: Locked<State>
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Opens `destination` and starts the writer thread.
    ///
    /// - Parameters:
    ///   - capacityBytes: the buffer's bound.
    ///   - batching: when buffered lines are written.
    ///   - droppedLinesNotice: the line (with its newline) saying that a number of lines were dropped.
    ///   - reportFailure: told, once, when writes start failing and again when they succeed again.
    convenience init(
        destination: LogDestination, capacityBytes: Int, batching: Batching = .standard,
        droppedLinesNotice: @escaping @Sendable (Int) -> String,
        reportFailure: (@Sendable (String) -> Void)? = nil
    ) throws(OpenError) {
        self.init(
            destination: destination, descriptor: try Self.open(destination), capacityBytes: capacityBytes,
            batching: batching, droppedLinesNotice: droppedLinesNotice, reportFailure: reportFailure)
    }

    /// A writer to standard output or standard error, which are open already.
    convenience init(
        standardStream destination: StandardStream, capacityBytes: Int,
        droppedLinesNotice: @escaping @Sendable (Int) -> String
    ) {
        self.init(
            destination: destination.destination, descriptor: destination.descriptor, capacityBytes: capacityBytes,
            batching: .standard, droppedLinesNotice: droppedLinesNotice, reportFailure: nil)
    }

    /// The process's standard streams.
    enum StandardStream {
        case output, error

        var destination: LogDestination { self == .output ? .standardOutput : .standardError }
        var descriptor: Int32 { self == .output ? STDOUT_FILENO : STDERR_FILENO }
    }

    private init(
        destination: LogDestination, descriptor: Int32, capacityBytes: Int, batching: Batching,
        droppedLinesNotice: @escaping @Sendable (Int) -> String, reportFailure: (@Sendable (String) -> Void)?
    ) {
        self.destination = destination
        self.capacityBytes = capacityBytes
        self.batching = Batching(bytes: min(batching.bytes, max(1, capacityBytes / 2)), delay: batching.delay)
        self.droppedLinesNotice = droppedLinesNotice
        self.reportFailure = reportFailure
        state = Locked(State(descriptor: descriptor))
        let thread = Thread { [self] in runWriter() }
        thread.name = "relief-log-writer"
        thread.start()
    }

    deinit {
        state.withLock { state in
            if case .file = destination { close(state.descriptor) }
        }
    }

    /// Lines dropped since the start because the buffer was full or the destination failed.
    var droppedLines: Int {
        state.withLock { $0.dropped }
    }

    /// Buffers `line`, which must end in a newline, or drops it when the buffer is full. Never blocks
    /// on the destination.
    func append(_ line: String) {
        var line = line
        line.withUTF8 { bytes in
            append { $0.append(contentsOf: bytes) }
        }
    }

    /// Buffers the line `writeLine` appends to the buffer it is given — one line, ending in a
    /// newline — or drops it when the buffer would go past its bound. Writing straight into the
    /// buffer, under its lock, saves the line a string of its own; `writeLine` must be quick.
    func append(_ writeLine: (inout [UInt8]) -> Void) {
        let mustWake = state.withLock { state -> Bool in
            state.appended += 1
            let start = state.buffer.count
            if state.buffer.capacity == 0 { swap(&state.buffer, &state.spare) }
            writeLine(&state.buffer)
            guard state.buffer.count <= capacityBytes else {
                state.buffer.removeSubrange(start...)
                state.dropped += 1
                state.droppedSinceNotice += 1
                state.settled += 1
                return false
            }
            state.bufferedLines += 1
            return state.wakesWriter(urgent: state.buffer.count >= batching.bytes)
        }
        if mustWake { wakeUp.signal() }
    }

    /// Asks the writer to open a ``LogDestination/file(_:)`` again before its next write (after log
    /// rotation has moved the file away); nothing for standard output or error.
    func reopen() {
        let mustWake = state.withLock { state -> Bool in
            state.reopenRequested = true
            return state.wakesWriter(urgent: true)
        }
        if mustWake { wakeUp.signal() }
    }

    /// Waits until every line appended so far is written (or dropped), at most `timeout`; returns
    /// whether it got there. A destination that takes nothing cannot hold the caller longer.
    @discardableResult
    func flush(within timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let (target, mustWake) = state.withLock { state in (state.appended, state.wakesWriter(urgent: true)) }
        if mustWake { wakeUp.signal() }
        while state.withLock({ $0.settled < target }) {
            guard clock.now < deadline else { return false }
            usleep(1000)
        }
        return true
    }

    /// Stops the writer thread once it has written what is buffered, so that a log no longer used
    /// (its ``AccessLog`` released) leaves no thread behind.
    func stop() {
        let mustWake = state.withLock { state -> Bool in
            state.stopRequested = true
            return state.wakesWriter(urgent: true)
        }
        if mustWake { wakeUp.signal() }
    }

    // MARK: The writer thread

    /// What the writer takes at once.
    private struct Batch {
        /// Lines dropped since the last notice, to be said first.
        var droppedBefore: Int
        var bytes: [UInt8]
        var lines: Int
        var descriptor: Int32
    }

    private func runWriter() {
        while var batch = nextBatch() {
            if batch.droppedBefore > 0 {
                _ = Self.writeAll(Array(droppedLinesNotice(batch.droppedBefore).utf8), to: batch.descriptor)
            }
            let failure = Self.writeAll(batch.bytes, to: batch.descriptor)
            batch.bytes.removeAll(keepingCapacity: true)
            let report = state.withLock { state -> String? in
                state.settled += batch.lines
                state.spare = batch.bytes
                return record(failure, of: batch.lines, in: &state)
            }
            if let report { reportFailure?(report) }
        }
    }

    /// Counts what a failed write lost; returns what to report when writes start or stop failing.
    private func record(_ failure: WriteFailure?, of lines: Int, in state: inout State) -> String? {
        guard let failure else {
            guard let lost = state.lostSinceFailure else { return nil }
            state.lostSinceFailure = nil
            return "writing to \(destination) works again; \(lost) line\(lost == 1 ? "" : "s") were lost while it failed"
        }
        // The rest of the batch is lost.
        state.dropped += failure.unwrittenLines
        guard let lost = state.lostSinceFailure else {
            state.lostSinceFailure = failure.unwrittenLines
            return "cannot write to \(destination): \(String(cString: strerror(failure.code))); its lines are dropped "
                + "and counted until it takes them again"
        }
        state.lostSinceFailure = lost + failure.unwrittenLines
        return nil
    }

    /// Waits for work and takes it: the drop notice (when lines were dropped) and everything
    /// buffered, once the batch is full, its delay is over, or someone waits for it. `nil` when
    /// asked to stop and nothing is left.
    private func nextBatch() -> Batch? {
        let clock = ContinuousClock()
        var deadline: ContinuousClock.Instant?
        while true {
            enum Step {
                case reopen(Int32)
                case batch(Batch)
                case sleep
                case collect(until: ContinuousClock.Instant)
                case stop
            }
            let now = clock.now
            let step = state.withLock { state -> Step in
                if state.reopenRequested {
                    state.reopenRequested = false
                    return .reopen(state.descriptor)
                }
                guard !state.buffer.isEmpty || state.droppedSinceNotice > 0 else {
                    if state.stopRequested { return .stop }
                    state.phase = .asleep
                    state.isUrgent = false
                    return .sleep
                }
                let due = deadline ?? now + batching.delay
                if !state.isUrgent, state.buffer.count < batching.bytes, now < due {
                    state.phase = .collecting
                    return .collect(until: due)
                }
                // Taken whole, not copied: appenders wait for the lock only as long as a swap.
                let batch = Batch(
                    droppedBefore: state.droppedSinceNotice, bytes: state.buffer,
                    lines: state.bufferedLines, descriptor: state.descriptor)
                state.buffer = state.spare
                state.spare = []
                state.bufferedLines = 0
                state.droppedSinceNotice = 0
                state.phase = .writing
                state.isUrgent = false
                return .batch(batch)
            }
            switch step {
            case .reopen(let current):
                reopenFile(replacing: current)
            case .batch(let batch):
                return batch
            case .sleep:
                deadline = nil
                wakeUp.wait()
            case .collect(let due):
                deadline = due
                let (seconds, attoseconds) = (due - now).components
                _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
            case .stop:
                return nil
            }
        }
    }

    /// Opens the file again, outside the lock (only this thread writes, so the old descriptor is
    /// free to close); on failure keeps writing to the one already open, and says so.
    private func reopenFile(replacing current: Int32) {
        guard case .file = destination else { return }
        do {
            let descriptor = try Self.open(destination)
            state.withLock { $0.descriptor = descriptor }
            close(current)
        } catch {
            reportFailure?("\(error); still writing to the file open before")
        }
    }

    private static func open(_ destination: LogDestination) throws(OpenError) -> Int32 {
        switch destination {
        case .standardOutput:
            return StandardStream.output.descriptor
        case .standardError:
            return StandardStream.error.descriptor
        case .file(let path):
            // Non-blocking: opening a FIFO for writing would otherwise wait for a reader, silently.
            let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK, 0o644)
            guard descriptor >= 0 else { throw OpenError(path: path, code: errno) }
            return descriptor
        }
    }

    /// Why a write stopped short: the error and how many whole lines it left unwritten.
    private struct WriteFailure {
        var code: Int32
        var unwrittenLines: Int
    }

    /// Writes every byte, retrying interrupted and partial writes and waiting on a non-blocking
    /// destination; returns how the destination failed, or nil when every byte was written.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> WriteFailure? {
        bytes.withUnsafeBytes { buffer -> WriteFailure? in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, -1)
                } else if errno != EINTR {
                    let code = errno
                    let lines = buffer[offset...].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                    return WriteFailure(code: code, unwrittenLines: lines)
                }
            }
            return nil
        }
    }
}
