import ReliefHTTPServer

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// Milliseconds with two decimals, `0.21` or `17.50`, as the access log and `Server-Timing` show them.
    var millisecondsText: String {
        var text: [UInt8] = []
        appendMilliseconds(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends ``millisecondsText`` to `text`, without a string of its own.
    func appendMilliseconds(to text: inout [UInt8]) {
        let hundredths = max(0, Int((seconds * 100_000).rounded()))
        let fraction = hundredths % 100
        text.appendDecimal(hundredths / 100)
        text.append(UInt8(ascii: "."))
        if fraction < 10 { text.append(UInt8(ascii: "0")) }
        text.appendDecimal(fraction)
    }
}
