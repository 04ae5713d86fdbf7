import ReliefGeometry
import ReliefSpec

/// Seed 004's concave view: a flat fill with blurred strokes pushed inwards from the top-left (dark)
/// and the bottom-right (light), each faded out by a vertical gradient mask.
struct ConcaveWell {
    var main: Fill
    var lightShadow: Color
    var darkShadow: Color

    func view(_ shape: SceneShape, depth: RenderSpec.Depth) -> View {
        let fromTop = shape.fill(.vertical(.black, .clear))
        let fromBottom = shape.fill(.vertical(.clear, .black))
        var layers = [shape.fill(main)]
        switch depth {
        case .shallow:
            layers += [
                shape.stroke(darkShadow, lineWidth: 2).blur(radius: 0.5).offset(x: 1, y: 0.5).mask(fromTop),
                shape.stroke(lightShadow, lineWidth: 2).blur(radius: 0.5).offset(x: -1, y: -1.5).mask(fromBottom),
            ]
        case .deep:
            layers += [
                shape.stroke(darkShadow, lineWidth: 2).blur(radius: 0.5).offset(x: 1, y: 1).mask(fromTop),
                shape.stroke(darkShadow, lineWidth: 6).blur(radius: 3).offset(x: 3, y: 3).mask(fromTop),
                shape.stroke(lightShadow, lineWidth: 2).blur(radius: 0.5).offset(x: -1, y: -1).mask(fromBottom),
                shape.stroke(lightShadow, lineWidth: 6).blur(radius: 3).offset(x: -3, y: -3).mask(fromBottom),
            ]
        }
        return .zStack(layers)
    }
}
