/// SPEC §2, written out again from the contract rather than read from the renderer.
extension SpecColor {
    static let black = SpecColor(0, 0, 0)
    static let white = SpecColor(255, 255, 255)
    /// SwiftUI's `Color.clear`: black with no alpha.
    static let clear = SpecColor(0, 0, 0, opacity: 0)

    static let offWhite = SpecColor(225, 225, 235)
    static let darkStart = SpecColor(50, 60, 65)
    static let darkEnd = SpecColor(25, 25, 30)
    static let lightStart = SpecColor(60, 160, 240)
    static let lightEnd = SpecColor(30, 80, 120)
    static let gray = SpecColor(142, 142, 147)
    static let softMain = SpecColor(224, 229, 236)
    static let softLightShadow = SpecColor(255, 255, 255)
    static let softDarkShadow = SpecColor(163, 177, 198)
    static let red = SpecColor(255, 59, 48)
}
