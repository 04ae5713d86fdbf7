import ReliefHTTPServer

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Milliseconds with two decimals, `0.21` or `17.50`, as the access log and `Server-Timing` show them.
    var millisecondsText: String {
        withUnsafeTemporaryAllocation(byteCount: Self.mostMillisecondsBytes, alignment: 1) { buffer in
            var text = ByteWriter(buffer)
            writeMilliseconds(to: &text)
            return String(decoding: text.written, as: UTF8.self)
        }
    }

    /// The most bytes ``writeMilliseconds(to:)`` writes.
    static let mostMillisecondsBytes = 2 * ByteWriter.maxDecimalBytes + 2

    /// Writes ``millisecondsText``, without a string of its own.
    func writeMilliseconds(to text: inout ByteWriter) {
        let hundredths = max(0, Int((seconds * 100_000).rounded()))
        let fraction = hundredths % 100
        text.writeDecimal(hundredths / 100)
        text.write(UInt8(ascii: "."))
        if fraction < 10 { text.write(UInt8(ascii: "0")) }
        text.writeDecimal(fraction)
    }
}
