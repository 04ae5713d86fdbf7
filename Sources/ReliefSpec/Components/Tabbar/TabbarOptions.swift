extension RenderSpec {
    /// A tab bar (SPEC §13): a raised bar of equal tabs, each an icon with an optional caption, the
    /// chosen one pressed in.
    public struct TabbarOptions: FlexibleWidth, ChoosesOne {
        /// The tabs' icons, leading first: `tabs`.
        public var tabs: [Icon]
        /// A caption under each icon, exactly as given: `labels`; `nil` for icons alone.
        public var labels: [String]?
        /// `selected` and `from`.
        public var selection: Selection
        /// `width`, `height` and `radius`.
        public var frame: Frame
    }
}

extension RenderSpec.TabbarOptions {
    public static let kind = RenderSpec.ComponentKind.tabbar
    public static let layoutName = "TabBar"
    public static let sharedParameters: Set<RenderSpec.SharedParameter> = [
        .frame, .selected, .from, .words, .textSize, .animation,
    ]
    public static let defaultFrame = RenderSpec.Frame(width: 320, height: 64, radius: 20)

    public init(resolved values: QueryValues) {
        tabs = values.resolved(RenderSpec.Parameter.tabs)
        labels = values[RenderSpec.Parameter.labels]
        selection = RenderSpec.Selection(resolved: values)
        frame = RenderSpec.Frame(resolved: values)
    }

    public var component: RenderSpec.Component { .tabbar(self) }

    /// A least target's width for each tab (a scene grows it to hold the widest label).
    public var flexibleMinimumWidth: Double? { Double(tabs.count) * RenderSpec.leastTargetWidth }

    public var growingParameter: (name: String, words: String)? {
        labels == nil ? nil : ("labels", "the tabs' labels grow")
    }

    /// One label for each tab, and a chosen tab among them.
    public func checkProportions() throws(SpecError) {
        if let labels, labels.count != tabs.count {
            throw SpecError(
                parameter: "labels",
                allowed: "as many comma-separated words as tabs has icons (\(tabs.count)), or none",
                detail: "labels must give one word for each of the \(tabs.count) tabs; got \(labels.count)")
        }
        try selection.check(count: tabs.count, of: "tab", in: "tabs")
    }
}

extension RenderSpec.Component {
    /// The payload of a tab bar; `nil` for the others.
    public var tabbarOptions: RenderSpec.TabbarOptions? {
        if case .tabbar(let options) = self { options } else { nil }
    }
}

extension RenderSpec.Parameter {
    static let tabs = TypedParameter<[RenderSpec.Icon]>(
        "tabs", .list(of: .choice(among: RenderSpec.Icon.allCases.filter { $0 != .none }), count: RenderSpec.Limits.choices),
        spec: { $0.component.tabbarOptions?.tabs },
        applies: .component(.tabbar),
        default: [.heart, .star, .bell],
        description: "A tab bar's icons, comma-separated, leading first; each tab takes an equal share of the width.",
        presentation: .init("Tabs", .content))
    static let labels = TypedParameter<[String]>(
        "labels",
        .list(of: .words(maxCharacters: RenderSpec.Limits.maxChoiceCharacters), count: RenderSpec.Limits.choices),
        spec: { $0.component.tabbarOptions?.labels },
        applies: .component(.tabbar),
        default: nil,
        description: "A caption under each of a tab bar's icons, comma-separated, as many as tabs, in any script; "
            + "the bar grows to hold them.",
        presentation: .init("Tab labels", .content))
}
