extension RenderSpec {
    /// A progress indicator (SPEC §13): a bar, a capsule well with the done part raised inside it, or
    /// a ring, a circular groove with the done part an arc along it, as SwiftUI's circular style.
    public struct ProgressOptions: ShowsValue, FlexibleWidth {
        public var value: Double
        /// A bar or a ring: `circular`, and the ring's `thickness`.
        public var form: Form
        public var givenFrom: Double?
        /// `width` and `height`.
        public var frame: Frame

        /// What a progress indicator is drawn as.
        public enum Form: Sendable, Hashable {
            /// A capsule well the frame's size.
            case bar
            /// A circular groove `thickness` points wide in the circle of the frame's smaller side.
            case ring(thickness: Double)
        }
    }
}

extension RenderSpec.ProgressOptions {
    public static let kind = RenderSpec.ComponentKind.progress
    public static let layoutName = "ProgressView"
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [.widthAndHeight, .value, .from, .animation]
    /// The bar's frame; the ring's is ``ringFrame``.
    public static let defaultFrame = RenderSpec.Frame(width: 240, height: 16, radius: 8)
    public static let ringFrame = RenderSpec.Frame(width: 80, height: 80, radius: 40)
    public static let otherDefaultFrames: [(when: ParameterCondition, frame: RenderSpec.Frame)] = [
        (.value(of: "circular", in: ["true"]), ringFrame)
    ]
    /// A well and the done part's small shadows.
    public static let castsOnlySmallShadowsInSoft = true
    /// `value` when the query gives none.
    static let defaultValue = 0.6

    public init(resolved values: QueryValues) {
        value = values.resolved(RenderSpec.Parameter.value)
        form =
            values.resolved(RenderSpec.Parameter.circular)
            ? .ring(thickness: values.resolved(RenderSpec.Parameter.thickness)) : .bar
        givenFrom = values[RenderSpec.Parameter.from]
        frame = RenderSpec.Frame(resolved: values)
    }

    public var component: RenderSpec.Component { .progress(self) }

    /// A bar twice as long as it is high at the least; a ring's size is its own.
    public var flexibleMinimumWidth: Double? { ringThickness == nil ? 2 * frame.height : nil }

    /// The ring's groove, in points; `nil` for a bar.
    public var ringThickness: Double? {
        if case .ring(let thickness) = form { thickness } else { nil }
    }

    /// The ring's diameter: the smaller side of its frame.
    public var diameter: Double { min(frame.width, frame.height) }

    public func checkProportions() throws(SpecError) {
        try checkFrom()
        if case .ring(let thickness) = form, 2 * thickness > diameter {
            throw SpecError(
                parameter: "thickness",
                allowed: "at most half the ring's diameter (\(DecimalText.format(diameter / 2)) points here)",
                detail: "a ring's groove must fit inside the circle of its width and height, \(DecimalText.format(diameter)) "
                    + "points across; got \"\(DecimalText.format(thickness))\"")
        }
    }
}

extension RenderSpec.Component {
    /// The payload of a progress indicator; `nil` for the others.
    public var progressOptions: RenderSpec.ProgressOptions? {
        if case .progress(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Limits {
    /// `thickness`: a ring's groove, in points.
    public static let thickness: ClosedRange<Double> = 4...40
}

extension RenderSpec.Parameter {
    static let circular = TypedParameter<Bool>(
        "circular", .boolean, spec: { $0.component.progressOptions.map { $0.form != .bar } },
        applies: .component(.progress),
        default: false,
        description: "Whether a progress indicator is a ring (SwiftUI's circular style, 80 × 80 by default) rather "
            + "than a bar (240 × 16).",
        presentation: .init("Circular", .subject))
    static let thickness = TypedParameter<Double>(
        "thickness", .number(in: RenderSpec.Limits.thickness),
        spec: { $0.component.progressOptions?.ringThickness },
        applies: .all([.component(.progress), .value(of: "circular", in: ["true"])]),
        default: 10,
        description: "A progress ring's groove, in points; at most half its diameter.",
        presentation: .init("Thickness", .frame, unit: "pt"))
}
