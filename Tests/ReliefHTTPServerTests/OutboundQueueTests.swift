import Glibc
import Testing

@testable import ReliefHTTPServer

@Suite("OutboundQueue")
struct OutboundQueueTests {
    @Test func partialSendsResumeWhereTheyStoppedAcrossChunks() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair) == 0)
        defer { close(pair[0]); close(pair[1]) }
        var small: Int32 = 4096
        setsockopt(pair[0], SOL_SOCKET, SO_SNDBUF, &small, socklen_t(MemoryLayout<Int32>.size))

        // Many chunks of varied sizes, more than one sendmsg's worth of vectors.
        let chunks = (0..<150).map { index in [UInt8](repeating: UInt8(index), count: [1, 17, 300, 5000, 70_000][index % 5]) }
        let transport = try SocketTransport()
        var queue = OutboundQueue()
        for chunk in chunks { queue.append(chunk) }
        queue.append([])
        let expected = chunks.flatMap { $0 }
        #expect(queue.byteCount == expected.count)

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        var stalls = 0
        while received.count < expected.count && stalls < 10_000 {
            let sent = transport.send(&queue, to: pair[0])
            if case .failed = sent {
                Issue.record("send failed: \(sent)")
                return
            }
            let read = buffer.withUnsafeMutableBytes { recv(pair[1], $0.baseAddress, $0.count, 0) }
            if read > 0 { received += buffer[..<read] }
            if sent == .wouldBlock && read <= 0 { stalls += 1 }
        }
        #expect(queue.isEmpty)
        #expect(received == expected)
    }

    @Test func aClosedPeerIsAFailureNotASignal() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0, &pair) == 0)
        close(pair[1])
        defer { close(pair[0]) }
        var queue = OutboundQueue()
        queue.append(Array("hello".utf8))
        #expect(try SocketTransport().send(&queue, to: pair[0]) == .failed(SystemError(code: EPIPE)))
    }
}
