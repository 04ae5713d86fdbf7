import Glibc

/// The bytes a connection still has to send, as a queue of byte arrays that leave together in one
/// `sendmsg` (scatter/gather, ``SocketTransport``). Response heads are small arrays of their own and bodies are queued by
/// reference, so a cached body goes from the cache to the kernel without being copied.
package struct OutboundQueue {
    private var chunks: [[UInt8]] = []
    /// The first chunk not completely sent, and how much of it was.
    private var firstChunk = 0
    private var firstChunkOffset = 0
    /// Bytes not yet sent.
    private(set) var byteCount = 0

    /// At most this many chunks go into one `sendmsg` (the kernel allows 1024).
    private static let maxVectors = 64

    var isEmpty: Bool { byteCount == 0 }

    /// Queues `bytes` after everything already queued.
    mutating func append(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        chunks.append(bytes)
        byteCount += bytes.count
    }

    /// Forgets everything queued.
    mutating func removeAll() {
        chunks = []
        firstChunk = 0
        firstChunkOffset = 0
        byteCount = 0
    }

    /// Offers the queued bytes to `write` as one gather list (at most 64 chunks) and drops what it
    /// took; `.done` holds how many bytes that was.
    package mutating func send(_ write: (UnsafeBufferPointer<iovec>) -> SystemCallResult) -> SystemCallResult {
        guard !isEmpty else { return .done(0) }
        let vectorCount = min(chunks.count - firstChunk, Self.maxVectors)
        let result = withUnsafeTemporaryAllocation(of: iovec.self, capacity: vectorCount) { vectors in
            withVectors(vectors, filled: 0) { filled in
                write(UnsafeBufferPointer(rebasing: vectors[..<filled]))
            }
        }
        if case let .done(sent) = result { consume(sent) }
        return result
    }

    /// Points `vectors[filled...]` at the next chunks, each inside its own `withUnsafeBytes`, then
    /// runs `body` while all of them are pinned.
    private func withVectors<Result>(
        _ vectors: UnsafeMutableBufferPointer<iovec>, filled: Int,
        _ body: (Int) -> Result
    ) -> Result {
        guard filled < vectors.count else { return body(filled) }
        return chunks[firstChunk + filled].withUnsafeBytes { bytes in
            let skip = filled == 0 ? firstChunkOffset : 0
            vectors[filled] = iovec(
                iov_base: UnsafeMutableRawPointer(mutating: bytes.baseAddress! + skip),
                iov_len: bytes.count - skip)
            return withVectors(vectors, filled: filled + 1, body)
        }
    }

    private mutating func consume(_ sent: Int) {
        byteCount -= sent
        var remaining = sent
        while remaining > 0 {
            let available = chunks[firstChunk].count - firstChunkOffset
            if remaining < available {
                firstChunkOffset += remaining
                break
            }
            remaining -= available
            firstChunk += 1
            firstChunkOffset = 0
        }
        if firstChunk == chunks.count {
            chunks.removeAll(keepingCapacity: true)
            firstChunk = 0
        } else if firstChunk >= Self.maxVectors {
            chunks.removeFirst(firstChunk)
            firstChunk = 0
        }
    }
}
