import ReliefGeometry
import ReliefScene
import ReliefScreen

extension ScreenAudit {
    /// A control a user acts on, as the layout placed it.
    struct Target {
        let element: Element
        let frame: Rect

        /// Under 24×24 points: WCAG 2.5.8's spacing exception is all that can let it pass.
        var isUndersized: Bool { min(frame.width, frame.height) < diameter }
    }

    /// The side a target needs to pass 2.5.8 by its size, and the diameter of the circle that
    /// spaces one that is smaller.
    static let diameter = AccessibilityAudit.minimumTargetSide

    /// The `target-spacing` check of every target among `elements` (the controls a user acts on:
    /// ``ComponentAudit/isTarget``), by where its element starts.
    ///
    /// WCAG 2.5.8: a target of at least 24×24 points passes; a smaller one passes when the circle of
    /// 24 points' diameter centred on its bounding box intersects no other target and no other
    /// undersized target's circle. Circles that touch do not intersect.
    static func spacingChecks(of elements: [ScreenDrawing.Element]) -> [SourceLocation: Check] {
        let targets = elements.compactMap { drawn in
            drawn.spec?.component.audit.isTarget == true
                ? Target(element: Element(name: drawn.placed.name, location: drawn.placed.location), frame: drawn.placed.frame)
                : nil
        }
        var checks: [SourceLocation: Check] = [:]
        for (index, target) in targets.enumerated() {
            let others = targets.indices.filter { $0 != index }.map { targets[$0] }
            checks[target.element.location] = spacingCheck(of: target, among: others)
        }
        return checks
    }

    /// The room one other target leaves around `target`: the diameter of the largest circle centred on
    /// it that meets neither `other` nor, when `other` is undersized, its 24-point circle; and
    /// whether that circle is what limits it.
    private static func room(around target: Target, leftBy other: Target) -> (diameter: Double, byCircle: Bool) {
        let centre = target.frame.center
        let dx = max(other.frame.minX - centre.x, 0, centre.x - other.frame.maxX)
        let dy = max(other.frame.minY - centre.y, 0, centre.y - other.frame.maxY)
        let toFrame = 2 * (dx * dx + dy * dy).squareRoot()
        guard other.isUndersized else { return (toFrame, false) }
        let between = other.frame.center - centre
        let toCircle = max(2 * ((between.x * between.x + between.y * between.y).squareRoot() - diameter / 2), 0)
        return toCircle < toFrame ? (toCircle, true) : (toFrame, false)
    }

    /// `target`'s check among `others`.
    private static func spacingCheck(of target: Target, among others: [Target]) -> Check {
        let (width, height) = (target.frame.width, target.frame.height)
        let size = "The \(target.element.name) is \(AccessibilityAudit.number(width))×\(AccessibilityAudit.number(height)) points"
        let rule =
            "an undersized target passes 2.5.8 when the 24-point circle centred on it meets no other target and no "
            + "other undersized target's circle"
        func check(pass: Bool, detail: String) -> AccessibilityAudit.Check {
            AccessibilityAudit.Check(
                id: .targetSpacing, size: (width, height),
                aa: .init(required: diameter, level: .aa, criterion: "2.5.8", pass: pass), detail: detail)
        }
        guard target.isUndersized else {
            return Check(
                element: target.element,
                check: check(
                    pass: true,
                    detail: "\(size), at least 24×24, which 2.5.8 asks of a target whatever the space around it."))
        }
        let rooms = others.map { other in
            let room = room(around: target, leftBy: other)
            return (other: other, diameter: AccessibilityAudit.hundredths(room.diameter), byCircle: room.byCircle)
        }
        guard let nearest = rooms.min(by: { $0.diameter < $1.diameter }) else {
            return Check(
                element: target.element,
                check: check(pass: true, detail: "\(size), smaller than 24×24, and no other target is on the screen; \(rule)."))
        }
        let named = "the \(nearest.other.element.name) at \(nearest.other.element.location)"
        let circle = "a circle of \(AccessibilityAudit.number(nearest.diameter)) points"
        guard nearest.diameter < diameter else {
            return Check(
                element: target.element,
                check: check(
                    pass: true,
                    detail: "\(size), smaller than 24×24, but the 24-point circle centred on it is clear: the nearest target, "
                        + "\(named), leaves room for \(circle); \(rule)."),
                spacing: nearest.diameter)
        }
        let crowding = rooms.filter { $0.diameter < diameter }.count - 1
        let more = crowding == 0 ? "" : " (and \(crowding) other target\(crowding == 1 ? "" : "s"))"
        let what = nearest.byCircle ? "the 24-point circle of \(named)" : named
        return Check(
            element: target.element,
            check: check(
                pass: false,
                detail: "\(size), smaller than 24×24, and the 24-point circle centred on it overlaps \(what)\(more), "
                    + "leaving room for \(circle); \(rule), so space them or make it 24×24."),
            spacing: nearest.diameter, neighbour: nearest.other.element)
    }
}
