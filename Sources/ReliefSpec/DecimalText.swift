/// Numbers as the query writes them: plain decimals, read strictly and written in their shortest form.
public enum DecimalText {
    /// The value of `text` if it is a plain decimal: digits, optionally followed by a point and
    /// more digits (`80`, `80.5`, `0.25`), at most ``RenderSpec/Limits/maxNumberCharacters`` long.
    ///
    /// Signs, exponents, hex, `nan`, `inf`, spaces and a bare point (`.5`, `5.`) are refused, so
    /// that a number has one obvious spelling and nothing surprising reaches the renderer.
    public static func parse(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count <= RenderSpec.Limits.maxNumberCharacters else { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }) else { return nil }
        return Double(text)
    }

    /// The shortest plain decimal that reads back as `value`: `80`, `80.5`, `0.00001` — never
    /// `80.0` or `1e-05`.
    public static func format(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        // Whole numbers, most of a query's (sizes, margins, scales), spelled without the digits'
        // detour through the shortest description; below 2⁵³ every one converts exactly.
        if value == value.rounded(.towardZero), value.magnitude < 0x1p53 { return String(Int(value)) }
        let shortest = value.magnitude.description
        let sign = value < 0 ? "-" : ""
        let mantissa: Substring
        let exponent: Int
        if let e = shortest.firstIndex(of: "e") {
            mantissa = shortest[..<e]
            exponent = Int(shortest[shortest.index(after: e)...]) ?? 0
        } else {
            mantissa = Substring(shortest)
            exponent = 0
        }
        let digits = mantissa.filter { $0 != "." }
        let point =
            (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
                ?? mantissa.count) + exponent
        let whole: String
        let fraction: String
        if point <= 0 {
            whole = "0"
            fraction = String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            whole = digits + String(repeating: "0", count: point - digits.count)
            fraction = ""
        } else {
            whole = String(digits.prefix(point))
            fraction = String(digits.dropFirst(point))
        }
        let trimmedFraction = fraction.reversed().drop { $0 == "0" }.reversed()
        return sign + whole + (trimmedFraction.isEmpty ? "" : "." + String(trimmedFraction))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
