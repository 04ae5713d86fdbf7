import Dispatch
import Foundation
import Glibc
import ReliefLock

/// Lines on their way to a file descriptor through a bounded buffer and a writer thread of their
/// own, so that whoever appends a line — an event loop — never waits for the destination.
///
/// ``append(_:)`` copies the line into the buffer under a lock and, when the writer thread is idle,
/// wakes it; it never calls `write`. The writer takes everything buffered and writes it in one go.
/// When the destination stops taking bytes (a pipe nobody reads, a terminal paused with Ctrl-S, a
/// stalled log collector), the writer waits inside `write` and the buffer fills; once it holds
/// ``capacityBytes``, new lines are dropped and counted (``droppedLines``), so memory stays bounded.
/// When the destination takes bytes again, the writer first writes a line saying how many were
/// dropped (made by `droppedLinesNotice`), then what is buffered.
///
/// The writer's own `write` calls block: setting `O_NONBLOCK` on an inherited standard output would
/// change the file description the parent shares (a shell's terminal left non-blocking breaks the
/// shell). A destination that is already non-blocking is waited on with `poll`. What bounds the
/// process's exit is ``flush(within:)``: it waits for the writer only so long.
final class LogWriter: Sendable {
    /// Why a destination could not be opened.
    struct OpenError: Error, CustomStringConvertible {
        var path: String
        var code: Int32
        var description: String { "cannot open \(path) for appending: \(String(cString: strerror(code)))" }
    }

    private struct State {
        var buffer: [UInt8] = []
        var bufferedLines = 0
        /// Lines appended, and lines written or dropped: equal when the writer has nothing left.
        var appended = 0
        var settled = 0
        var dropped = 0
        var droppedSinceNotice = 0
        var writerIsWaiting = false
        var reopenRequested = false
        var stopRequested = false
        var descriptor: Int32

        /// Whether the writer waits for a wake-up, which the caller must then give; it is no
        /// longer counted as waiting.
        mutating func takeWaitingWriter() -> Bool {
            defer { writerIsWaiting = false }
            return writerIsWaiting
        }
    }

    /// Where the lines go.
    let destination: LogDestination
    /// The most bytes buffered while the destination is not taking them.
    let capacityBytes: Int
    private let droppedLinesNotice: @Sendable (Int) -> String
    private let state: Locked<State>
    private let wakeUp = DispatchSemaphore(value: 0)

    /// Opens `destination` and starts the writer thread.
    ///
    /// - Parameters:
    ///   - capacityBytes: the buffer's bound.
    ///   - droppedLinesNotice: the line (with its newline) saying that a number of lines were dropped.
    init(destination: LogDestination, capacityBytes: Int,
         droppedLinesNotice: @escaping @Sendable (Int) -> String) throws(OpenError) {
        self.destination = destination
        self.capacityBytes = capacityBytes
        self.droppedLinesNotice = droppedLinesNotice
        state = Locked(State(descriptor: try Self.open(destination)))
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
        let mustWake = state.withLock { state -> Bool in
            state.appended += 1
            guard state.buffer.count + line.utf8.count <= capacityBytes else {
                state.dropped += 1
                state.droppedSinceNotice += 1
                state.settled += 1
                return false
            }
            state.buffer.append(contentsOf: line.utf8)
            state.bufferedLines += 1
            return state.takeWaitingWriter()
        }
        if mustWake { wakeUp.signal() }
    }

    /// Asks the writer to open a ``LogDestination/file(_:)`` again before its next write (after log
    /// rotation has moved the file away); nothing for standard output.
    func reopen() {
        let mustWake = state.withLock { state -> Bool in
            state.reopenRequested = true
            return state.takeWaitingWriter()
        }
        if mustWake { wakeUp.signal() }
    }

    /// Waits until every line appended so far is written (or dropped), at most `timeout`; returns
    /// whether it got there. A destination that takes nothing cannot hold the caller longer.
    @discardableResult
    func flush(within timeout: Duration) -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        let target = state.withLock { $0.appended }
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
            return state.takeWaitingWriter()
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
        while let batch = nextBatch() {
            if batch.droppedBefore > 0 {
                _ = Self.writeAll(Array(droppedLinesNotice(batch.droppedBefore).utf8), to: batch.descriptor)
            }
            let unwritten = Self.writeAll(batch.bytes, to: batch.descriptor)
            state.withLock { state in
                if unwritten > 0 {
                    // The destination failed (closed pipe, full disk): the rest of the batch is lost.
                    let lost = batch.bytes.suffix(unwritten).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
                    state.dropped += lost
                }
                state.settled += batch.lines
            }
        }
    }

    /// Waits for work and takes it: the drop notice (when lines were dropped) and everything
    /// buffered. `nil` when asked to stop and nothing is left.
    private func nextBatch() -> Batch? {
        while true {
            enum Step { case reopen(Int32), batch(Batch), wait, stop }
            let step = state.withLock { state -> Step in
                if state.reopenRequested {
                    state.reopenRequested = false
                    return .reopen(state.descriptor)
                }
                guard !state.buffer.isEmpty || state.droppedSinceNotice > 0 else {
                    if state.stopRequested { return .stop }
                    state.writerIsWaiting = true
                    return .wait
                }
                // Taken whole, not copied: appenders wait for the lock only as long as a swap.
                let batch = Batch(droppedBefore: state.droppedSinceNotice, bytes: state.buffer,
                                  lines: state.bufferedLines, descriptor: state.descriptor)
                state.buffer = []
                state.bufferedLines = 0
                state.droppedSinceNotice = 0
                return .batch(batch)
            }
            switch step {
            case .reopen(let current): reopenFile(replacing: current)
            case .batch(let batch): return batch
            case .wait: wakeUp.wait()
            case .stop: return nil
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
            FileHandle.standardError.write(Data("relief: \(error); still writing to the file open before\n".utf8))
        }
    }

    private static func open(_ destination: LogDestination) throws(OpenError) -> Int32 {
        switch destination {
        case .standardOutput:
            return STDOUT_FILENO
        case .file(let path):
            let descriptor = Glibc.open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw OpenError(path: path, code: errno) }
            return descriptor
        }
    }

    /// Writes every byte, retrying interrupted and partial writes and waiting on a non-blocking
    /// destination; returns how many bytes could not be written because the destination failed.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int {
        bytes.withUnsafeBytes { buffer -> Int in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EAGAIN || errno == EWOULDBLOCK {
                    var waiting = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&waiting, 1, -1)
                } else if errno != EINTR {
                    return buffer.count - offset
                }
            }
            return 0
        }
    }
}
