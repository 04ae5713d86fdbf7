extension [UInt8] {
    /// Appends `value` in decimal ASCII digits, a `-` first when negative: what a response head and
    /// a log line write numbers with, without a string of their own.
    public mutating func appendDecimal(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        // Written backwards into 20 bytes, the digits of UInt64.max, then appended in one go.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
