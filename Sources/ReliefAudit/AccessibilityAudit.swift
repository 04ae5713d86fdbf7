import ReliefAccessibility
import ReliefRender
import ReliefSpec

/// The accessibility checks of one render request, measured on its rendered pixels (`/audit`).
///
/// Each check states what it measured, the WCAG 2.2 threshold at level AA (``Check/pass``) and,
/// where WCAG has one, the stricter AAA threshold. When a check falls short and the spec is at
/// standard contrast, the same query with `contrast=high` is measured too, and the check says what
/// that would reach; a check that fails with a colour of the query's own is told the tone of that
/// colour that passes; a target short of 44 points is told the frame that reaches it. Every
/// ``Suggestion`` carries its change as query parameters too. docs/ACCESSIBILITY.md describes
/// every check.
public struct AccessibilityAudit: Sendable {
    /// One WCAG threshold.
    public struct Threshold: Sendable, Hashable {
        public var required: Double
        public var level: Level
        public var criterion: String
        public var pass: Bool
    }

    /// One check.
    public struct Check: Sendable {
        public var id: CheckID
        /// The part of the control it measured on its own ("segment 2, “Week”", "knob"); `nil` for
        /// the control as a whole.
        public var part: String?
        /// The contrast measured; `nil` for `target-size`.
        public var ratio: Double?
        /// The frame in points, for `target-size`.
        public var size: (width: Double, height: Double)?
        public var aa: Threshold
        public var aaa: Threshold?
        public var detail: String
        /// What would do better, when the check falls short (of AA, or of AAA where WCAG has it).
        public var suggestion: Suggestion?
        /// The picture of a `scheme=auto` query the check measured (``ReliefSpec/RenderSpec/Appearance/name``:
        /// `light`, `dark`, `light-high`, `dark-high`); `nil` for a fixed query's one picture.
        public var appearance: String?

        public var pass: Bool { aa.pass }

        /// Whether `other` measures what this check does: the same id on the same part.
        func measuresTheSame(as other: Check) -> Bool {
            id == other.id && part == other.part
        }

        /// What it measures, as a suggestion names it: "the label", "the knob".
        var subject: String {
            guard let part else { return id.subject }
            return id == .controlContrast ? "the \(part)" : "\(id.subject) of \(part)"
        }
    }

    /// The canonical query audited.
    public var query: String
    /// What was audited, where it is not simply the image the query draws: an animation is audited
    /// in the state it ends on. `nil` otherwise.
    public var note: String?
    public var checks: [Check]

    /// Whether every check passes at level AA.
    public var pass: Bool { checks.allSatisfy(\.pass) }

    /// Audits `spec`, rendering it with `renderer` under `supervisor`: asked once for the audit's
    /// memory (``estimatedPeakBytes(width:height:simulation:)``), and whether to go on before each
    /// band of every image.
    /// A `scheme=auto` query is audited picture by picture, each check naming its appearance.
    public init(spec: RenderSpec, renderer: Renderer, supervisor: RenderSupervisor = .unsupervised) throws {
        query = spec.canonicalQuery
        if spec.output.scheme == .auto {
            // Each picture on the canvas `/render` serves them all on.
            checks = try renderer.appearances(of: spec).flatMap { appearance in
                try AccessibilityAudit(spec: appearance.spec, renderer: renderer, supervisor: supervisor).checks.map {
                    var check = $0
                    check.appearance = appearance.name
                    return check
                }
            }
            return
        }
        if spec.output.animation != nil {
            let words = type(of: spec.component.options).stateWords
            let state = (spec.component.isActive ? words?.active : words?.resting) ?? ""
            note =
                "An animation is audited in the state it ends on (\(state)), which its last frame shows and which "
                + "a viewer without APNG support sees; the frames in between are not measured."
        }
        let measured = try Self.measure(spec, renderer: renderer, supervisor: supervisor)
        var checks = Self.checks(spec, measured)
        let improvable = checks.contains { $0.ratio != nil && (!$0.pass || $0.aaa?.pass == false) }
        if spec.look.contrast == .standard, improvable {
            var high = spec
            high.look.contrast = .high
            let alternative = Self.checks(high, try Self.measure(high, renderer: renderer, supervisor: supervisor))
            for index in checks.indices {
                checks[index].suggestion = Self.contrastSuggestion(
                    from: checks[index],
                    to: alternative.first { $0.measuresTheSame(as: checks[index]) })
            }
        }
        // With a colour of the query's own, a failing label is told the tone of that colour that
        // passes, which keeps the look the query chose; any other failing check without a
        // suggestion (an edge already at contrast=high) is too.
        var tried: [String: [Check]] = [:]
        for index in checks.indices where checks[index].id == .labelContrast || checks[index].suggestion == nil {
            if let tone = try Self.colourSuggestion(
                for: checks[index], spec, renderer: renderer, supervisor: supervisor, tried: &tried)
            {
                checks[index].suggestion = tone
            }
        }
        for index in checks.indices where checks[index].id == .targetSize && !(checks[index].aaa?.pass ?? true) {
            checks[index].suggestion = Self.targetSuggestion(spec, width: measured.width, height: measured.height)
        }
        self.checks = checks
    }

    /// The checks that apply to the component, from its measurements: a control of choices has a label
    /// and a target check for each choice, naming it, instead of one for the whole.
    static func checks(_ spec: RenderSpec, _ m: Measurements) -> [Check] {
        var checks: [Check] = []
        let partNames = spec.component.audit.partNames
        if m.hasGlyph {
            if case .choices(let names, let words) = partNames, names.count == m.choices.count {
                for (name, choice) in zip(names, m.choices) {
                    checks.append(
                        labelCheck(choice.label, isLargeText: m.isLargeText, what: sentenceStart(name) + ": " + words, part: name)
                    )
                }
            } else {
                let what = spec.component.audit.ownWords?.name ?? (spec.component.face?.label != nil ? "The label" : "The icon")
                checks.append(labelCheck(m.label, isLargeText: m.isLargeText, what: what))
            }
        }
        checks.append(
            Check(
                id: .controlContrast, ratio: m.control.ratio,
                aa: Threshold(required: 3, level: .aa, criterion: "1.4.11", pass: m.control.ratio >= 3),
                detail: "The control's edge stands out from the background by \(number(m.control.ratio)):1 where it is "
                    + "weakest, at the \(m.controlWeakestAt) (#\(m.control.inside.hex) inside, #\(m.control.outside.hex) "
                    + "outside); the outline of a control needs 3:1 to be found without relying on soft shadows."))
        if case .value(let fillName, let trackName) = partNames {
            checks += valueChecks(m, fill: fillName, track: trackName)
        }
        if let state = m.state {
            let words = type(of: spec.component.options).stateWords
            let states = words.map { $0.active.prefix(1).uppercased() + $0.active.dropFirst() + " and " + $0.resting } ?? ""
            checks.append(
                Check(
                    id: .stateContrast, ratio: state.ratio,
                    aa: Threshold(required: 3, level: .aa, criterion: "1.4.11", pass: state.ratio >= 3),
                    detail: "\(states) differ by \(number(state.ratio)):1 where they differ most, at the \(m.stateAt) "
                        + "(#\(state.first.hex) becomes #\(state.second.hex)); a state needs 3:1 against the other to be told "
                        + "apart without comparing them side by side."))
        }
        if case .choices(let names, _) = partNames, names.count == m.choices.count {
            for (name, choice) in zip(names, m.choices) {
                checks.append(
                    targetCheck(
                        width: choice.width, height: choice.height, what: sentenceStart(name) + ", its own target,",
                        part: name))
            }
        } else {
            checks.append(targetCheck(width: m.width, height: m.height, what: "The control"))
        }
        return checks
    }

    /// The contrast of a glyph, `what` it is in words, against the fill beneath it.
    private static func labelCheck(
        _ label: PixelMeasurements.GlyphContrast?, isLargeText: Bool, what: String, part: String? = nil
    ) -> Check {
        let ratio = label?.ratio ?? 1
        let (aa, aaa) = textThresholds(isLargeText: isLargeText)
        let colours = label.map { " (#\($0.glyph.hex) on #\($0.fill.hex))" } ?? ""
        let kind = isLargeText ? "large text needs" : "text and icons need"
        return Check(
            id: .labelContrast, part: part, ratio: ratio,
            aa: Threshold(required: aa, level: .aa, criterion: "1.4.3", pass: ratio >= aa),
            aaa: Threshold(required: aaa, level: .aaa, criterion: "1.4.6", pass: ratio >= aaa),
            detail: label == nil
                ? "\(what) is the same colour as the fill beneath it, so it cannot be seen (1:1); \(kind) "
                    + "\(number(aa)):1 (AA) and \(number(aaa)):1 (AAA)."
                : "\(what) has \(number(ratio)):1 against the fill beneath it where they are closest\(colours); "
                    + "\(kind) \(number(aa)):1 (AA) and \(number(aaa)):1 (AAA).")
    }

    /// The contrast text needs at AA (1.4.3) and AAA (1.4.6); large text less.
    static func textThresholds(isLargeText: Bool) -> (aa: Double, aaa: Double) {
        isLargeText ? (3, 4.5) : (4.5, 7)
    }

    /// A slider's knob against its track, and a value's fill against the rest of its track, where
    /// they show (1.4.11, as the control's edge).
    private static func valueChecks(_ m: Measurements, fill: String, track: String) -> [Check] {
        var checks: [Check] = []
        if let knob = m.knob {
            checks.append(
                Check(
                    id: .controlContrast, part: "knob", ratio: knob.ratio,
                    aa: Threshold(required: 3, level: .aa, criterion: "1.4.11", pass: knob.ratio >= 3),
                    detail: "The knob stands out from the \(track) it meets by \(number(knob.ratio)):1 where it is weakest, "
                        + "at the \(m.knobWeakestAt) (#\(knob.inside.hex) inside, #\(knob.outside.hex) outside); the part a "
                        + "user drags needs 3:1 against what it lies on to be found."))
        }
        if let colours = m.fill {
            let ratio = colours.filled.contrastRatio(with: colours.rest)
            checks.append(
                Check(
                    id: .controlContrast, part: fill, ratio: ratio,
                    aa: Threshold(required: 3, level: .aa, criterion: "1.4.11", pass: ratio >= 3),
                    detail: "The \(fill) and the rest of the \(track) differ by \(number(ratio)):1 (#\(colours.filled.hex) "
                        + "and #\(colours.rest.hex), the middle colour of each along the \(track)'s centre line); the part "
                        + "that shows the value needs 3:1 against the rest to be read."))
        }
        return checks
    }

    /// A target `width` × `height` points, `what` it is in words.
    private static func targetCheck(width: Double, height: Double, what: String, part: String? = nil) -> Check {
        let side = min(width, height)
        let (aa, aaa) = (minimumTargetSide, enhancedTargetSide)
        return Check(
            id: .targetSize, part: part, size: (width, height),
            aa: Threshold(required: aa, level: .aa, criterion: "2.5.8", pass: side >= aa),
            aaa: Threshold(required: aaa, level: .aaa, criterion: "2.5.5", pass: side >= aaa),
            detail: "\(what) is \(number(width))×\(number(height)) points; targets need at least "
                + "\(number(aa))×\(number(aa)) (AA) and \(number(aaa))×\(number(aaa)) (AAA, and the size the platform "
                + "guidelines ask for).")
    }

    /// `name` with its first letter upper-case, to start a sentence: "Segment 2, “Week”".
    private static func sentenceStart(_ name: String) -> String {
        name.prefix(1).uppercased() + name.dropFirst()
    }

    /// The least target side in points at level AA (2.5.8), and at AAA (2.5.5), the size the seeds ask for.
    static let minimumTargetSide = 24.0
    static let enhancedTargetSide = 44.0

    /// Two decimals, without trailing zeros: 2.51, 21, 4.5.
    static func number(_ value: Double) -> String {
        DecimalText.format(hundredths(value))
    }

    /// `value` rounded to hundredths, as ratios are reported in words and in JSON.
    public static func hundredths(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }
}
