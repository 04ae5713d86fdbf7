import Foundation
import Glibc

/// A TCP connection to 127.0.0.1 for tests that send raw bytes: well-formed requests, broken ones,
/// or nothing at all. Every receive gives up after ``receiveTimeoutSeconds`` unless told otherwise.
final class LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How long a receive may wait: generous, so a loaded machine never fails a test by time.
    static let receiveTimeoutSeconds = 20

    let descriptor: Int32

    init(port: Int, receiveTimeoutSeconds: Int = receiveTimeoutSeconds) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            // Closed by deinit, which runs for an init that throws once every property is set:
            // closing it here too would close whatever another test opened under the same number.
            throw Failure(description: "connect() failed: errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure(description: "send() failed: errno \(errno)") }
            offset += sent
        }
    }

    /// Whatever arrives next (empty when the server closed the connection).
    func receive() throws -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count >= 0 else { throw Failure(description: "recv() failed: errno \(errno)") }
        return Array(buffer[..<count])
    }

    /// Everything until the server closes the connection.
    func receiveUntilClosed() throws -> [UInt8] {
        var received: [UInt8] = []
        while case let chunk = try receive(), !chunk.isEmpty {
            received += chunk
        }
        return received
    }

    /// Receives until what arrived ends with `suffix` (one response of a known ending on a
    /// keep-alive connection); throws when the connection closes first.
    func receive(endingWith suffix: [UInt8]) throws -> [UInt8] {
        var received: [UInt8] = []
        while !received.ends(with: suffix) {
            let chunk = try receive()
            guard !chunk.isEmpty else { throw Failure(description: "closed after \(received.count) bytes") }
            received += chunk
        }
        return received
    }

    /// The status code of the first response in `bytes`, or nil.
    static func status(of bytes: [UInt8]) -> Int? {
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
        let parts = line.split(separator: " ")
        return parts.count >= 2 && parts[0].hasPrefix("HTTP/") ? Int(parts[1]) : nil
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
