import ReliefEscaping

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RenderSpec {
    /// An opaque sRGB colour as a query writes it: `rrggbb`.
    public struct RGB: Sendable, Hashable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Six lowercase hex digits.
        public var hex: String {
            HexDigits.bytes([red, green, blue])
        }
    }

    /// The value of `color` or `accent`: the style's own colour, or one the query gives.
    public enum ColorChoice: Sendable, Hashable {
        case style
        case rgb(RGB)

        /// The colour the query gives, `nil` for the style's own.
        public var custom: RGB? {
            if case .rgb(let rgb) = self { rgb } else { nil }
        }
    }

    /// Where the light comes from: an angle in whole degrees, clockwise from up (0 = top,
    /// 90 = right), as the `light` parameter gives it by name or number.
    public struct Light: Sendable, Hashable {
        public var degrees: Int

        public init(degrees: Int) {
            self.degrees = degrees
        }

        /// The eight named directions, in the order a compass goes round from the seeds' light.
        public static let compassPoints: [CompassPoint] = [
            CompassPoint(name: "topleft", degrees: 315), CompassPoint(name: "top", degrees: 0),
            CompassPoint(name: "topright", degrees: 45), CompassPoint(name: "right", degrees: 90),
            CompassPoint(name: "bottomright", degrees: 135), CompassPoint(name: "bottom", degrees: 180),
            CompassPoint(name: "bottomleft", degrees: 225), CompassPoint(name: "left", degrees: 270),
        ]

        /// The whole degrees a direction may have.
        public static let degreeRange: ClosedRange<Int> = 0...359

        /// The seeds' light: from the top-left.
        public static let seeds = Light(degrees: 315)

        /// How far this light is turned from the seeds', clockwise on screen, in radians: the
        /// angle every shadow offset and gradient axis of a recipe turns by.
        public var turnFromSeeds: Double {
            Double(degrees - Self.seeds.degrees) * .pi / 180
        }

        /// How much farther, along the farther axis, an offset of (d, d) reaches once turned with
        /// the light: max(|cos Δ − sin Δ|, |sin Δ + cos Δ|), 1 for the seeds' light, up to √2.
        public var diagonalReach: Double {
            let turn = turnFromSeeds
            return max(abs(cos(turn) - sin(turn)), abs(sin(turn) + cos(turn)))
        }
    }

    /// A button's or card's face: `surface`.
    public enum Surface: String, Sendable, CaseIterable {
        /// One colour, as the articles draw it.
        case flat
        /// Shaded from the shadow colour on the lit side to the highlight on the other: dished in.
        case concave
        /// Shaded from the highlight on the lit side to the shadow colour: domed.
        case convex
    }
}

/// A named direction of the `light` parameter.
public struct CompassPoint: Sendable, Hashable {
    public let name: String
    public let degrees: Int
}

extension RenderSpec.Style {
    /// How far, in OKLab lightness, the style's highlight and shadow sit from its surface: half
    /// the lightness between the article's highlight and shadow as they show over the surface
    /// (docs/RENDERING.md gives the measurements). The default of `intensity`.
    public var ownIntensity: Double {
        switch self {
        case .light: 0.1
        case .dark, .colorful: 0.07
        case .soft: 0.12
        }
    }

    /// The offset of the style's main outer shadow, in points along each axis: the default of
    /// `distance`, and what `distance` scales every offset of the recipe against.
    public var ownDistance: Double {
        self == .soft ? 8 : 10
    }

    /// The radius (σ) of the style's main outer shadow, in points: the default of `blur`, and what
    /// `blur` scales every shadow and blur radius of the recipe against.
    public var ownBlur: Double {
        self == .soft ? 8 : 10
    }
}
