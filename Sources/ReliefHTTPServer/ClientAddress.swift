import Glibc

/// A client's IP address as a fixed-size key, without formatting it: IPv6 as its 16 bytes, IPv4 as
/// its IPv4-mapped IPv6 form, so one client reaching the server over both counts as one.
package struct ClientAddress: Hashable, Sendable {
    /// The address's first and last eight bytes, in network order read as big-endian numbers.
    private let high: UInt64
    private let low: UInt64

    /// The address of an accepted peer; nil for a family other than IPv4 and IPv6.
    init?(_ address: sockaddr_storage) {
        var address = address
        switch Int32(address.ss_family) {
        case AF_INET:
            let ipv4 = withUnsafeBytes(of: &address) {
                $0.loadUnaligned(fromByteOffset: MemoryLayout<sockaddr_in>.offset(of: \.sin_addr)!, as: UInt32.self)
            }
            high = 0
            low = 0x0000_FFFF_0000_0000 | UInt64(UInt32(bigEndian: ipv4))
        case AF_INET6:
            let offset = MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr)!
            (high, low) = withUnsafeBytes(of: &address) { bytes in
                (
                    UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)),
                    UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
                )
            }
        default:
            return nil
        }
    }
}
