import ReliefGeometry

/// The sRGB transfer function (IEC 61966-2-1) with the thresholds WCAG quotes (SPEC §7).
public enum SRGB {
    /// The linear-light value of an 8-bit sRGB channel: c/12.92 if c ≤ 0.04045, else ((c + 0.055)/1.055)^2.4.
    public static func linear(_ byte: UInt8) -> Double {
        linearTable[Int(byte)]
    }

    /// The linear-light value of an encoded channel in 0...1.
    public static func linear(encoded c: Double) -> Double {
        Color.linear(c)
    }

    /// The 8-bit sRGB channel of a linear-light value, clamped to 0...1 and rounded to nearest.
    public static func byte(linear value: Double) -> UInt8 {
        UInt8(Color.encodedByte(linear: value))
    }

    /// ``linear(_:)`` in single precision, for whole-image filters.
    static func linearFloat(_ byte: UInt8) -> Float {
        linearFloatTable[Int(byte)]
    }

    /// ``byte(linear:)`` through a table of 2^16 steps of linear light: a step moves the encoded
    /// value by at most 0.05 of a byte (where the curve is steepest, near black), so the table
    /// rounds as the formula does except at exact halfway points.
    static func byte(linearFloat value: Float) -> UInt8 {
        encodingTable[Int(min(max(value, 0), 1) * Float(encodingSteps) + 0.5)]
    }

    /// The 256 linear values, computed once: every pixel operation reads this table.
    private static let linearTable: [Double] = (0...255).map { linear(encoded: Double($0) / 255) }
    private static let linearFloatTable: [Float] = linearTable.map(Float.init)
    private static let encodingSteps = 65535
    private static let encodingTable: [UInt8] = (0...encodingSteps).map { byte(linear: Double($0) / Double(encodingSteps)) }
}
