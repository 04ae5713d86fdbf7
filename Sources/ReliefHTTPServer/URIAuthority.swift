import CEpoll
import Glibc

/// RFC 3986 §3.2.2–3.2.3's `host [ ":" port ]`: the syntax of a `Host` value (RFC 9112 §3.2) and of
/// an absolute-form target's authority. Userinfo (`user@`) is not part of it (RFC 9110 §4.2.4).
package enum URIAuthority {
    /// Whether `authority` is a non-empty host — a registered name or IPv4 address, or an IPv6 or
    /// future address in brackets — optionally followed by `:` and a port of at most 65535.
    package static func isValid(_ authority: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = authority.first else { return false }
        let hostEnd: Int
        if first == UInt8(ascii: "[") {
            guard let closing = authority.firstIndex(of: UInt8(ascii: "]")),
                isIPLiteral(UnsafeBufferPointer(rebasing: authority[1..<closing]))
            else { return false }
            hostEnd = closing + 1
        } else {
            hostEnd = authority.firstIndex(of: ASCII.colon) ?? authority.count
            // An IPv4 address is a registered name as far as syntax goes.
            guard hostEnd > 0, isRegisteredName(UnsafeBufferPointer(rebasing: authority[..<hostEnd])) else { return false }
        }
        guard hostEnd < authority.count else { return true }
        return authority[hostEnd] == ASCII.colon && isPort(UnsafeBufferPointer(rebasing: authority[(hostEnd + 1)...]))
    }

    /// `reg-name`: unreserved characters, sub-delimiters and `%XX` escapes.
    private static func isRegisteredName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < name.count {
            let byte = name[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < name.count, isHexDigit(name[index + 1]), isHexDigit(name[index + 2]) else { return false }
                index += 3
                continue
            }
            guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
            index += 1
        }
        return true
    }

    /// What sits between the brackets: an IPv6 address, or `v` HEXDIG+ `.` then unreserved,
    /// sub-delimiters and colons (IPvFuture).
    private static func isIPLiteral(_ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        if let first = literal.first, first | 0x20 == UInt8(ascii: "v") {
            guard let dot = literal.firstIndex(of: ASCII.period), dot > 1, dot + 1 < literal.count else { return false }
            return literal[1..<dot].allSatisfy(isHexDigit)
                && literal[(dot + 1)...].allSatisfy { isUnreserved($0) || isSubDelimiter($0) || $0 == ASCII.colon }
        }
        // The longest IPv6 text form, with an embedded IPv4 address, is 45 characters.
        guard (2...45).contains(literal.count) else { return false }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 46) { text in
            for (index, byte) in literal.enumerated() { text[index] = CChar(bitPattern: byte) }
            text[literal.count] = 0
            var address = in6_addr()
            return inet_pton(AF_INET6, text.baseAddress, &address) == 1
        }
    }

    /// `port`: digits, possibly none, naming a TCP port (at most 65535).
    private static func isPort(_ port: UnsafeBufferPointer<UInt8>) -> Bool {
        guard port.count <= 5, port.allSatisfy(ASCII.isDigit) else { return false }
        return port.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 65535
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        ASCII.isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// RFC 3986 `unreserved`: letters, digits, `-._~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        ASCII.isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 26
            || byte == UInt8(ascii: "-") || byte == ASCII.period || byte == UInt8(ascii: "_") || byte == ASCII.tilde
    }

    /// RFC 3986 `sub-delims`: ``!$&'()*+,;=``.
    private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
            UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }
}
