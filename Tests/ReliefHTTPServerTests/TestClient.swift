import Foundation
import Glibc
import HTTPServerTestSupport
import ReliefHTTPServer

/// A raw TCP client for exercising the server byte by byte. Every read gives up after a timeout,
/// so a server that does not answer fails the test instead of hanging it.
final class TestClient {
    enum Failure: Error, CustomStringConvertible {
        case connectFailed(errno: Int32)
        case sendFailed(errno: Int32)
        case timedOut(String)
        case closedEarly(String)
        case malformed(String)

        var description: String {
            switch self {
            case let .connectFailed(code): "connect failed: \(String(cString: strerror(code)))"
            case let .sendFailed(code): "send failed: \(String(cString: strerror(code)))"
            case let .timedOut(what): "timed out waiting for \(what)"
            case let .closedEarly(what): "connection closed while waiting for \(what)"
            case let .malformed(what): "malformed response: \(what)"
            }
        }
    }

    /// One response as read from the wire.
    typealias Response = ReceivedResponse

    /// The socket; -1 once ``reset()`` closed it.
    private var descriptor: Int32
    private var received: [UInt8] = []

    /// Connects to 127.0.0.1:`port`. `receiveBufferBytes` shrinks the socket's receive buffer
    /// (before connecting, so the window is small) to make a client that reads slowly.
    init(port: Int, timeout: Duration = .seconds(3), receiveBufferBytes: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var time = timeval(
            tv_sec: Int(timeout.components.seconds), tv_usec: Int(timeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        if var bytes = receiveBufferBytes {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            let code = errno
            // A class whose init throws once it is whole is still deinitialized: the descriptor is
            // closed there, once. Closing it here too would close whatever another test opened
            // under the same number in between.
            throw Failure.connectFailed(errno: code)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw Failure.sendFailed(errno: errno) }
            offset += sent
        }
    }

    /// Ends the client's sending side (a FIN), keeping the connection open for reading.
    func shutdownSending() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes the connection with a reset instead of a FIN, as a browser tab that is killed does.
    /// Nothing can be sent or read afterwards.
    func reset() {
        var abortive = linger(l_onoff: 1, l_linger: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &abortive, socklen_t(MemoryLayout<linger>.size))
        close(descriptor)
        descriptor = -1
    }

    /// Reads one response; `bodyExpected: false` for HEAD, whose Content-Length announces no bytes.
    func readResponse(bodyExpected: Bool = true) throws -> Response {
        var response = try readHead()
        if bodyExpected { response.body = try readBody(of: response) }
        return response
    }

    /// Reads one response's status line and headers, leaving its body unread.
    func readHead() throws -> Response {
        let headEnd = try readUntil(Array("\r\n\r\n".utf8), what: "a response head")
        let head = String(decoding: received[..<headEnd], as: UTF8.self)
        received.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw Failure.malformed(head)
        }
        let headers = try lines.map { line -> (name: String, value: String) in
            guard let colon = line.firstIndex(of: ":") else { throw Failure.malformed(line) }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: [])
    }

    /// Reads the body `head` announces with its Content-Length.
    func readBody(of head: Response) throws -> [UInt8] {
        guard let length = head.header("Content-Length").flatMap(Int.init), length > 0 else { return [] }
        while received.count < length { try receiveMore(what: "\(length) body bytes") }
        defer { received.removeFirst(length) }
        return Array(received[..<length])
    }

    /// True when the server closes the connection (EOF or reset) within the client's timeout, after
    /// any bytes it still sends; false if it is still open when the timeout expires.
    func waitForClose() -> Bool {
        while true {
            do {
                try receiveMore(what: "the connection to close")
            } catch Failure.timedOut {
                return false
            } catch {
                return true
            }
        }
    }

    /// Bytes received and not yet read as a response.
    var unreadBytes: [UInt8] { received }

    private func readUntil(_ marker: [UInt8], what: String) throws -> Int {
        var searchFrom = 0
        while true {
            if received.count >= marker.count {
                for start in searchFrom...(received.count - marker.count)
                where received[start..<(start + marker.count)].elementsEqual(marker) {
                    return start
                }
                searchFrom = received.count - marker.count + 1
            }
            try receiveMore(what: what)
        }
    }

    private func receiveMore(what: String) throws {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            received += chunk[..<count]
        } else if count == 0 {
            throw Failure.closedEarly(what)
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
            throw Failure.timedOut(what)
        } else {
            throw Failure.closedEarly("\(what) (\(String(cString: strerror(errno))))")
        }
    }
}
