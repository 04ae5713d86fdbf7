import Foundation
import Glibc

/// One HTTP/1.1 request over a fresh connection to 127.0.0.1, read until the server closes it
/// (`Connection: close`), for end-to-end tests of the application behind the real server.
struct LoopbackExchange {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// A socket connected to 127.0.0.1:`port` whose reads give up after `timeoutSeconds`.
    static func connectedSocket(port: Int, timeoutSeconds: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "socket() failed: errno \(errno)") }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let failure = Failure(description: "connect() failed: errno \(errno)")
            close(socket)
            throw failure
        }
        return socket
    }

    init(port: Int, method: String = "GET", target: String, headers: [(name: String, value: String)] = [],
         timeoutSeconds: Int = 20) throws {
        let socket = try Self.connectedSocket(port: port, timeoutSeconds: timeoutSeconds)
        defer { close(socket) }

        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers {
            request += "\(name): \(value)\r\n"
        }
        let bytes = Array((request + "\r\n").utf8)
        guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw Failure(description: "send() failed: errno \(errno)")
        }

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                if count < 0 { throw Failure(description: "recv() failed: errno \(errno)") }
                break
            }
            received += buffer[..<count]
        }

        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let end = (0...(received.count - separator.count)).first(where: { Array(received[$0..<$0 + 4]) == separator })
        else { throw Failure(description: "no complete response head in \(received.count) bytes") }
        let lines = String(decoding: received[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else {
            throw Failure(description: "bad status line \(lines[0])")
        }
        self.status = status
        self.headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        body = Array(received[(end + 4)...])
    }
}
