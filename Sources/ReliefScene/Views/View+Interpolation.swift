import ReliefGeometry

extension View {
    /// This view `amount` of the way to `other`, as SwiftUI animates a change between two states:
    /// where the two trees have the same structure, every number (frames, paddings, offsets, radii,
    /// line widths, blur and shadow radii) and every colour (fills, gradient stops and axes,
    /// strokes, text) moves; where they differ, this part fades out as `other`'s fades in, as an
    /// `if` branch's default transition does. Exactly this view at 0 and exactly `other` at 1. A
    /// spring may carry `amount` a little past either end: numbers then overshoot, colours and
    /// opacities stop at their limits.
    public func interpolated(to other: View, by amount: Double) -> View {
        if amount == 0 || self == other { return self }
        if amount == 1 { return other }
        let t = amount
        switch (self, other) {
        case (.empty, .empty), (.spacer, .spacer):
            return self
        case let (.fill(shape, fill), .fill(otherShape, otherFill)):
            if let shape = shape.interpolated(to: otherShape, by: t) {
                return .fill(shape, fill.interpolated(to: otherFill, by: t))
            }
        case let (.stroke(shape, fill, width), .stroke(otherShape, otherFill, otherWidth)):
            if let shape = shape.interpolated(to: otherShape, by: t) {
                return .stroke(
                    shape, fill.interpolated(to: otherFill, by: t),
                    lineWidth: max(0, width.interpolated(to: otherWidth, by: t)))
            }
        case let (.text(run), .text(otherRun)):
            if let run = run.interpolated(to: otherRun, by: t) { return .text(run) }
        case let (.lines(runs), .lines(otherRuns)) where runs.count == otherRuns.count:
            let mixed = zip(runs, otherRuns).compactMap { $0.interpolated(to: $1, by: t) }
            if mixed.count == runs.count { return .lines(mixed) }
        case let (.artwork(path, size, fill), .artwork(otherPath, otherSize, otherFill)) where path == otherPath:
            return .artwork(path, size: max(0, size.interpolated(to: otherSize, by: t)), fill.interpolated(to: otherFill, by: t))
        case let (.zStack(children), .zStack(otherChildren)) where children.count == otherChildren.count:
            return .zStack(Self.interpolated(children, otherChildren, by: t))
        case let (.hStack(children, spacing), .hStack(otherChildren, otherSpacing)) where children.count == otherChildren.count:
            return .hStack(
                Self.interpolated(children, otherChildren, by: t), spacing: spacing.interpolated(to: otherSpacing, by: t))
        case let (.vStack(children, spacing), .vStack(otherChildren, otherSpacing)) where children.count == otherChildren.count:
            return .vStack(
                Self.interpolated(children, otherChildren, by: t), spacing: spacing.interpolated(to: otherSpacing, by: t))
        case let (.frame(child, width, height), .frame(otherChild, otherWidth, otherHeight))
        where (width == nil) == (otherWidth == nil) && (height == nil) == (otherHeight == nil):
            return .frame(
                child.interpolated(to: otherChild, by: t),
                width: width.map { max(0, $0.interpolated(to: otherWidth ?? $0, by: t)) },
                height: height.map { max(0, $0.interpolated(to: otherHeight ?? $0, by: t)) })
        case let (.padding(child, padding), .padding(otherChild, otherPadding)):
            return .padding(child.interpolated(to: otherChild, by: t), padding.interpolated(to: otherPadding, by: t))
        case let (.overlay(base, top), .overlay(otherBase, otherTop)):
            return .overlay(base.interpolated(to: otherBase, by: t), top.interpolated(to: otherTop, by: t))
        case let (.shadow(child, shadow), .shadow(otherChild, otherShadow)):
            return .shadow(child.interpolated(to: otherChild, by: t), shadow.interpolated(to: otherShadow, by: t))
        case let (.blur(child, radius), .blur(otherChild, otherRadius)):
            return .blur(child.interpolated(to: otherChild, by: t), radius: max(0, radius.interpolated(to: otherRadius, by: t)))
        case let (.offset(child, x, y), .offset(otherChild, otherX, otherY)):
            return .offset(
                child.interpolated(to: otherChild, by: t), x: x.interpolated(to: otherX, by: t),
                y: y.interpolated(to: otherY, by: t))
        case let (.layoutOffset(child, x, y), .layoutOffset(otherChild, otherX, otherY)):
            return .layoutOffset(
                child.interpolated(to: otherChild, by: t), x: x.interpolated(to: otherX, by: t),
                y: y.interpolated(to: otherY, by: t))
        case let (.mask(content, mask), .mask(otherContent, otherMask)):
            return .mask(content.interpolated(to: otherContent, by: t), mask.interpolated(to: otherMask, by: t))
        case let (.opacity(child, opacity), .opacity(otherChild, otherOpacity)):
            return child.interpolated(to: otherChild, by: t).opacity(opacity.interpolated(to: otherOpacity, by: t))
        default:
            break
        }
        return crossfaded(to: other, by: t)
    }

    /// Children matched one to one, in order.
    private static func interpolated(_ children: [View], _ otherChildren: [View], by amount: Double) -> [View] {
        zip(children, otherChildren).map { $0.interpolated(to: $1, by: amount) }
    }

    /// This view fading out while `other` fades in, in the same place (SwiftUI's opacity
    /// transition); a part that is absent on one side only fades.
    private func crossfaded(to other: View, by amount: Double) -> View {
        switch (self, other) {
        case (.empty, _): other.opacity(amount)
        case (_, .empty): opacity(1 - amount)
        default: .zStack([opacity(1 - amount), other.opacity(amount)])
        }
    }
}

extension SceneShape {
    /// The outline `amount` of the way to `other`: a rounded rectangle's radius moves; shapes of
    /// different kinds do not blend (`nil`).
    func interpolated(to other: SceneShape, by amount: Double) -> SceneShape? {
        switch (self, other) {
        case (.circle, .circle), (.capsule, .capsule): self
        case let (.roundedRectangle(radius), .roundedRectangle(otherRadius)):
            .roundedRectangle(cornerRadius: max(0, radius.interpolated(to: otherRadius, by: amount)))
        default: nil
        }
    }
}

extension Fill {
    /// The paint `amount` of the way to `other`: colours, gradient stops and axes move; a colour
    /// meeting a gradient moves as a gradient of that one colour along the other's axis.
    func interpolated(to other: Fill, by amount: Double) -> Fill {
        switch (self, other) {
        case let (.color(color), .color(otherColor)):
            return .color(color.interpolated(to: otherColor, by: amount))
        case let (.linearGradient(from, to, start, end), .linearGradient(otherFrom, otherTo, otherStart, otherEnd)):
            return .linearGradient(
                from: from.interpolated(to: otherFrom, by: amount), to: to.interpolated(to: otherTo, by: amount),
                start: start.interpolated(to: otherStart, by: amount), end: end.interpolated(to: otherEnd, by: amount))
        case let (.color(color), .linearGradient(_, _, start, end)):
            return Fill.linearGradient(from: color, to: color, start: start, end: end).interpolated(to: other, by: amount)
        case let (.linearGradient(_, _, start, end), .color(color)):
            return interpolated(to: .linearGradient(from: color, to: color, start: start, end: end), by: amount)
        }
    }
}

extension UnitPoint {
    func interpolated(to other: UnitPoint, by amount: Double) -> UnitPoint {
        UnitPoint(x: x.interpolated(to: other.x, by: amount), y: y.interpolated(to: other.y, by: amount))
    }
}

extension Shadow {
    func interpolated(to other: Shadow, by amount: Double) -> Shadow {
        Shadow(
            color: color.interpolated(to: other.color, by: amount),
            radius: max(0, radius.interpolated(to: other.radius, by: amount)),
            x: x.interpolated(to: other.x, by: amount), y: y.interpolated(to: other.y, by: amount))
    }
}

extension TextRun {
    /// The same words in a colour `amount` of the way to `other`'s; other words, or the same in
    /// another size, weight, font or language, do not blend (`nil`).
    func interpolated(to other: TextRun, by amount: Double) -> TextRun? {
        var mixed = other
        mixed.color = color
        guard mixed == self else { return nil }
        mixed.color = color.interpolated(to: other.color, by: amount)
        return mixed
    }
}
