import Foundation

/// One HTTP/1.1 request over a fresh connection to 127.0.0.1, read until the server closes it
/// (`Connection: close`), for end-to-end tests of the application behind the real server.
struct LoopbackExchange {
    var status: Int
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// `requestBody`, when not empty, is sent after the head with its `Content-Length`.
    init(
        port: Int, method: String = "GET", target: String, headers: [(name: String, value: String)] = [],
        body requestBody: String = "", timeoutSeconds: Int = LoopbackSocket.receiveTimeoutSeconds
    ) throws {
        let socket = try LoopbackSocket(port: port, receiveTimeoutSeconds: timeoutSeconds)
        var request = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers + (requestBody.isEmpty ? [] : [("Content-Length", String(requestBody.utf8.count))]) {
            request += "\(name): \(value)\r\n"
        }
        try socket.send(request + "\r\n" + requestBody)
        let received = try socket.receiveUntilClosed()

        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard received.count >= separator.count,
            let end = (0...(received.count - separator.count)).first(where: { Array(received[$0..<$0 + 4]) == separator })
        else { throw LoopbackSocket.Failure(description: "no complete response head in \(received.count) bytes") }
        let lines = String(decoding: received[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = LoopbackSocket.status(of: received) else {
            throw LoopbackSocket.Failure(description: "bad status line \(lines[0])")
        }
        self.status = status
        self.headers = lines.dropFirst().compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        body = Array(received[(end + 4)...])
    }
}
