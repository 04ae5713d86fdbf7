import ReliefGeometry

/// SwiftUI-style modifiers, so a recipe reads as the article writes it.
extension SceneShape {
    public func fill(_ fill: Fill) -> View { .fill(self, fill) }
    public func fill(_ color: Color) -> View { .fill(self, .color(color)) }
    public func stroke(_ fill: Fill, lineWidth: Double) -> View { .stroke(self, fill, lineWidth: lineWidth) }
    public func stroke(_ color: Color, lineWidth: Double) -> View { .stroke(self, .color(color), lineWidth: lineWidth) }
}

extension View {
    public func overlay(_ overlay: View) -> View { .overlay(self, overlay) }
    /// The overlay when there is one; the view unchanged (not wrapped) when it is `nil`.
    public func overlay(_ overlay: View?) -> View { overlay.map { .overlay(self, $0) } ?? self }
    public func shadow(color: Color, radius: Double, x: Double, y: Double) -> View {
        .shadow(self, Shadow(color: color, radius: radius, x: x, y: y))
    }
    public func blur(radius: Double) -> View { .blur(self, radius: radius) }
    public func offset(x: Double, y: Double) -> View { .offset(self, x: x, y: y) }
    public func layoutOffset(x: Double, y: Double) -> View { .layoutOffset(self, x: x, y: y) }
    public func mask(_ mask: View) -> View { .mask(self, mask) }
    public func frame(width: Double? = nil, height: Double? = nil) -> View { .frame(self, width: width, height: height) }
    public func padding(_ amount: Double) -> View { .padding(self, amount) }
    /// The view faded to `amount`, clamped to 0...1.
    public func opacity(_ amount: Double) -> View { .opacity(self, min(max(amount, 0), 1)) }
}

extension View {
    /// The view without the shadows cast beneath it as a whole (`.shadow` outermost), as a part
    /// drawn flat shows it.
    var withoutOuterShadows: View {
        if case .shadow(let content, _) = self { content.withoutOuterShadows } else { self }
    }
}
