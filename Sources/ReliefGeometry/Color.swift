/// A colour with straight (not premultiplied) alpha; components are sRGB-encoded values in 0...1.
public struct Color: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from 0–255 sRGB components, as the palettes are written.
    public init(_ r: Int, _ g: Int, _ b: Int, alpha: Double = 1) {
        self.init(red: Double(r) / 255, green: Double(g) / 255, blue: Double(b) / 255, alpha: alpha)
    }

    /// The same colour with its alpha multiplied by `k`.
    public func opacity(_ k: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * k)
    }

    public static let black = Color(0, 0, 0)
    public static let white = Color(255, 255, 255)
    public static let clear = Color(0, 0, 0, alpha: 0)
}
