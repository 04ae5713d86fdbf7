import Glibc

/// Writes bytes one after another into memory the caller has sized beforehand: what a response
/// head and an access-log line are written with, copying each piece once instead of growing an
/// array piece by piece. Writing past the end stops the process rather than reach other memory.
public struct ByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// The bytes written so far, from the start of the memory.
    public private(set) var count = 0

    /// A writer filling `buffer` from its start.
    public init(_ buffer: UnsafeMutableRawBufferPointer) {
        base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafeMutablePointer(bitPattern: 1)!
        capacity = buffer.count
    }

    /// A writer filling `buffer` from its start.
    public init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.init(UnsafeMutableRawBufferPointer(buffer))
    }

    /// The bytes written so far.
    public var written: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    @inline(__always)
    private mutating func claim(_ byteCount: Int) -> UnsafeMutablePointer<UInt8> {
        precondition(byteCount <= capacity &- count, "ByteWriter: more bytes than the memory sized for them")
        defer { count &+= byteCount }
        return base + count
    }

    /// Writes one byte.
    @inline(__always)
    public mutating func write(_ byte: UInt8) {
        claim(1).pointee = byte
    }

    /// Writes `bytes`.
    @inline(__always)
    public mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        memcpy(claim(bytes.count), source, bytes.count)
    }

    /// Writes the bytes of `literal`.
    @inline(__always)
    public mutating func write(_ literal: StaticString) {
        memcpy(claim(literal.utf8CodeUnitCount), literal.utf8Start, literal.utf8CodeUnitCount)
    }

    /// Writes `bytes`.
    @inline(__always)
    public mutating func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes the UTF-8 of `text`.
    @inline(__always)
    public mutating func write(utf8Of text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// The most bytes ``writeDecimal(_:)`` writes: a sign and the 19 digits of `Int.min`.
    public static let maxDecimalBytes = 20

    /// Writes `value` in decimal ASCII digits, a `-` first when negative.
    public mutating func writeDecimal(_ value: Int) {
        if value < 0 { write(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        let start = claim(digits)
        var index = digits
        repeat {
            index -= 1
            start[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }
}
