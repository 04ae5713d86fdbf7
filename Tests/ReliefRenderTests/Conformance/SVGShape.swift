/// A component's outline in its frame (SPEC §1 "shapes"), in points, as an SVG element.
struct SVGShape {
    enum Outline {
        /// Fits the smaller side of the frame, centred.
        case circle
        /// The corner radius is clamped to half the smaller side.
        case roundedRectangle(cornerRadius: Double)
        /// A rounded rectangle with a radius of half the height.
        case capsule
    }

    var outline: Outline
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The same frame with another outline.
    func with(_ outline: Outline) -> SVGShape {
        SVGShape(outline: outline, x: x, y: y, width: width, height: height)
    }

    /// The same outline in a frame shrunk by `amount` on every side, as SwiftUI's `.padding` does.
    func inset(by amount: Double) -> SVGShape {
        SVGShape(
            outline: outline, x: x + amount, y: y + amount,
            width: width - 2 * amount, height: height - 2 * amount)
    }

    /// The element that draws the outline, with `attributes` (paint, stroke width) appended.
    func element(_ attributes: String) -> String {
        let half = min(width, height) / 2
        switch outline {
        case .circle:
            return "<circle cx=\"\(x + width / 2)\" cy=\"\(y + height / 2)\" r=\"\(half)\" \(attributes)/>"
        case .roundedRectangle(let cornerRadius):
            return rect(cornerRadius: min(max(cornerRadius, 0), half), attributes)
        case .capsule:
            return rect(cornerRadius: height / 2, attributes)
        }
    }

    private func rect(cornerRadius: Double, _ attributes: String) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" "
            + "rx=\"\(cornerRadius)\" ry=\"\(cornerRadius)\" \(attributes)/>"
    }
}
