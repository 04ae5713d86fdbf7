extension RenderSpec {
    /// Which of a segmented control's segments or a tab bar's tabs is chosen (`selected`), and which
    /// one its animation starts from (`from`).
    public struct Selection: Sendable, Hashable {
        /// The chosen one, 1 for the leading one: `selected`.
        public var selected: Int
        /// `from` as given with `animate=true`; `nil` for the default start.
        public var givenFrom: Double?

        /// The one the animation starts from: `from`, else 1, or 2 when `selected` is 1.
        public var start: Int {
            givenFrom.map { Int($0) } ?? (selected == 1 ? 2 : 1)
        }

        init(resolved values: QueryValues) {
            selected = values.resolved(Parameter.selected)
            givenFrom = values[Parameter.from]
        }

        /// The state the animation starts from: `start` chosen, starting from the one chosen here.
        var atStart: Selection {
            var other = self
            other.selected = start
            other.givenFrom = Double(selected)
            return other
        }

        /// Refuses a `selected` or `from` past the `count` `noun`s that `list` gives.
        func check(count: Int, of noun: String, in list: String) throws(SpecError) {
            if selected > count {
                throw SpecError(
                    parameter: "selected",
                    allowed: "a whole number from 1 to \(count), one of the \(noun)s of \(list)",
                    detail: "selected must name one of the \(count) \(noun)s of \(list) (1 to \(count)); got \"\(selected)\"")
            }
            if let givenFrom, givenFrom.rounded() != givenFrom || !(1...Double(count)).contains(givenFrom) {
                throw SpecError(
                    parameter: "from",
                    allowed: "a whole number from 1 to \(count), one of the \(noun)s of \(list)",
                    detail: "from must name one of the \(count) \(noun)s of \(list) (1 to \(count)); "
                        + "got \"\(DecimalText.format(givenFrom))\"")
            }
        }
    }
}

extension RenderSpec.Limits {
    /// How many segments or tabs a segmented control or tab bar has.
    public static let choices: ClosedRange<Int> = 2...5
    /// Most characters (grapheme clusters) of one segment's or tab's word.
    public static let maxChoiceCharacters = 20
}

extension RenderSpec.Parameter {
    static let selected = TypedParameter<Int>(
        "selected", .wholeNumber(in: 1...RenderSpec.Limits.choices.upperBound),
        spec: { ($0.component.options as? any RenderSpec.ChoosesOne)?.selection.selected },
        applies: .component(using: .selected),
        default: 1,
        description: "The chosen segment or tab, counted from 1 at the leading end; at most their count.",
        presentation: .init("Selected", .subject))
}

extension RenderSpec {
    /// A component of equal shares of which one is chosen: a segmented control or a tab bar.
    public protocol ChoosesOne: StartsFromGivenValue {
        var selection: Selection { get set }
    }
}

extension RenderSpec.ChoosesOne {
    public var givenFrom: Double? { selection.givenFrom }
}

extension RenderSpec.ChoosesOne where Self: RenderSpec.ComponentOptions {
    /// The choice the animation starts from chosen, starting from this one's.
    public var inOtherState: Self {
        var other = self
        other.selection = selection.atStart
        return other
    }
}
