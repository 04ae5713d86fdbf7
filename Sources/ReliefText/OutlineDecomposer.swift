import CFreeType
import ReliefGeometry

/// Collects the segments FreeType walks through in `FT_Outline_Decompose` into a `Path`,
/// flipping FreeType's y-up coordinates to y-down.
struct OutlineDecomposer {
    private var path = Path()
    private var contourOpen = false

    /// The outline as a path, every contour closed so an SVG back end strokes and fills it alike.
    mutating func finish() -> Path {
        closeContour()
        return path
    }

    private mutating func closeContour() {
        if contourOpen { path.close() }
        contourOpen = false
    }

    private static func point(_ vector: UnsafePointer<FT_Vector>?) -> Point {
        guard let vector else { return .zero }
        return Point(Double(vector.pointee.x), -Double(vector.pointee.y))
    }

    /// C callbacks that find the decomposer through FreeType's `user` pointer.
    static var callbacks: FT_Outline_Funcs {
        FT_Outline_Funcs(
            move_to: { to, user in
                guard let decomposer = user?.assumingMemoryBound(to: OutlineDecomposer.self) else { return 1 }
                decomposer.pointee.closeContour()
                decomposer.pointee.path.move(to: OutlineDecomposer.point(to))
                decomposer.pointee.contourOpen = true
                return 0
            },
            line_to: { to, user in
                guard let decomposer = user?.assumingMemoryBound(to: OutlineDecomposer.self) else { return 1 }
                decomposer.pointee.path.line(to: OutlineDecomposer.point(to))
                return 0
            },
            conic_to: { control, to, user in
                guard let decomposer = user?.assumingMemoryBound(to: OutlineDecomposer.self) else { return 1 }
                decomposer.pointee.path.quad(to: OutlineDecomposer.point(to), control: OutlineDecomposer.point(control))
                return 0
            },
            cubic_to: { control1, control2, to, user in
                guard let decomposer = user?.assumingMemoryBound(to: OutlineDecomposer.self) else { return 1 }
                decomposer.pointee.path.cubic(
                    to: OutlineDecomposer.point(to), control1: OutlineDecomposer.point(control1),
                    control2: OutlineDecomposer.point(control2))
                return 0
            },
            shift: 0,
            delta: 0
        )
    }
}
