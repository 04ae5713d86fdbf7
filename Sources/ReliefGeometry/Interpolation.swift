extension Double {
    /// The number `amount` of the way from this one to `other`: this at 0, `other` at 1, beyond
    /// them outside 0...1.
    public func interpolated(to other: Double, by amount: Double) -> Double {
        self + (other - self) * amount
    }
}

extension Color {
    /// The colour `amount` of the way from this one to `other`, mixed as premultiplied
    /// sRGB-encoded values, as CSS and SwiftUI mix colours (a colour fading to clear keeps its
    /// hue), every channel clamped to 0...1 where `amount` goes past either end.
    public func interpolated(to other: Color, by amount: Double) -> Color {
        let clamp = { (value: Double) in min(max(value, 0), 1) }
        let alpha = clamp(self.alpha.interpolated(to: other.alpha, by: amount))
        guard alpha > 0 else { return .clear }
        let channel = { (mine: Double, theirs: Double) in
            clamp((mine * self.alpha).interpolated(to: theirs * other.alpha, by: amount) / alpha)
        }
        return Color(
            red: channel(red, other.red), green: channel(green, other.green), blue: channel(blue, other.blue),
            alpha: alpha)
    }
}
