import ReliefEscaping

/// The 64-bit FNV-1a hash: tiny, fast, and the same on every platform and run, which is what an
/// entity tag needs (it is not a defence against deliberate collisions, and ETags need none).
enum FNV1a {
    private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    /// The hash of `bytes`.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* prime
        }
        return hash
    }

    /// The hash of `bytes` as 16 lowercase hex digits.
    static func hexDigest<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        HexDigits.padded(hash(bytes), width: 16)
    }
}
