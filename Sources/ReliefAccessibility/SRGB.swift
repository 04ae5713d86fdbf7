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

    /// ``linear(_:)`` and ``byte(linear:)`` in single precision, for whole-image filters: `body`
    /// gets both tables at hand, so its loops read them without asking for them pixel by pixel.
    static func withFloatTables<Result>(_ body: (FloatTables) -> Result) -> Result {
        linearFloatTable.withUnsafeBufferPointer { linear in
            encodingTable.withUnsafeBufferPointer { encoding in body(FloatTables(linear: linear, encoding: encoding)) }
        }
    }

    /// The transfer function both ways in single precision, through tables.
    struct FloatTables {
        fileprivate let linear: UnsafeBufferPointer<Float>
        fileprivate let encoding: UnsafeBufferPointer<UInt8>

        /// ``SRGB/linear(_:)`` in single precision.
        @inline(__always) func linear(_ byte: UInt8) -> Float {
            linear[Int(byte)]
        }

        /// ``SRGB/byte(linear:)`` of the first three lanes (the fourth is 0), through a table of 2^16
        /// steps of linear light: a step moves the encoded value by at most 0.05 of a byte (where
        /// the curve is steepest, near black), so the table rounds as the formula does except at
        /// exact halfway points.
        @inline(__always) func bytes(linear value: SIMD4<Float>) -> SIMD4<UInt8> {
            var v = value
            v.replace(with: 0, where: v .< 0)
            v.replace(with: 1, where: v .> 1)
            let steps = v * Float(encodingSteps) + 0.5
            return SIMD4(encoding[Int(steps.x)], encoding[Int(steps.y)], encoding[Int(steps.z)], 0)
        }
    }

    /// The 256 linear values, computed once: every pixel operation reads this table.
    private static let linearTable: [Double] = (0...255).map { linear(encoded: Double($0) / 255) }
    private static let linearFloatTable: [Float] = linearTable.map(Float.init)
    fileprivate static let encodingSteps = 65535
    private static let encodingTable: [UInt8] = (0...encodingSteps).map { byte(linear: Double($0) / Double(encodingSteps)) }
}
