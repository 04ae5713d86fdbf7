import ReliefGeometry
import ReliefScene

#if canImport(Glibc)
    import Glibc
#endif

/// A linear gradient as CSS's `linear-gradient(angle, from p, to q)` draws it over a box: the angle
/// of the scene's axis and where its two colours fall along CSS's gradient line, so that every colour
/// lands where the scene has it (SPEC §1: constant along lines perpendicular to the axis from the
/// start point to the end point of its frame). The CSS writer and the design tokens both write it.
struct GradientLine {
    /// The axis's direction in degrees clockwise from up, 0 to 360, as CSS measures it.
    let degrees: Double
    /// Where the first colour falls along CSS's gradient line, 0 at its start and 1 at its end.
    let from: Double
    /// Where the last colour falls.
    let to: Double

    /// The line of the gradient from unit point `start` to `end` of `frame`, over `box` (both in the
    /// same points); nil when the axis has no length, where the last colour covers everything.
    init?(start: UnitPoint, end: UnitPoint, frame: Rect, box: Rect) {
        let (a, b) = (start.resolved(in: frame), end.resolved(in: frame))
        let axis = b - a
        let lengthSquared = axis.x * axis.x + axis.y * axis.y
        guard lengthSquared > 0 else { return nil }
        // CSS's gradient line runs through the box's centre at the axis's angle, from the corner
        // perpendicular behind it to the one ahead: 0% and 100% are there, so each colour's stop
        // is where the scene's axis puts it along that line.
        let length = lengthSquared.squareRoot()
        let direction = Point(axis.x / length, axis.y / length)
        let halfLine = (abs(box.width * direction.x) + abs(box.height * direction.y)) / 2
        func along(_ point: Point) -> Double {
            ((point.x - a.x) * axis.x + (point.y - a.y) * axis.y) / lengthSquared
        }
        let first = along(box.center - direction * halfLine), last = along(box.center + direction * halfLine)
        from = (0 - first) / (last - first)
        to = (1 - first) / (last - first)
        let degrees = atan2(direction.x, -direction.y) * 180 / .pi
        self.degrees = degrees < 0 ? degrees + 360 : degrees
    }
}
