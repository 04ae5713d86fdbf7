import ReliefGeometry
import ReliefRender
import ReliefScene
import ReliefSpec

extension AccessibilityAudit {
    /// For a query with a colour of its own (`color`, or the colorful `accent` where a pressed
    /// button's label sits on it): the nearest tone of that colour, darker or lighter in OKLab
    /// lightness, with which the failing check passes, measured on its own render like the audited
    /// one (under `supervisor`, as the audit's own images). Tones are tried in steps of 0.04
    /// lightness, nearer first, at most 12 of them. `tried` keeps each tone's checks by its query, so
    /// the checks of several parts (a segment's words each) measure a tone once.
    static func colourSuggestion(
        for check: Check, _ spec: RenderSpec, renderer: Renderer,
        supervisor: RenderSupervisor, tried: inout [String: [Check]]
    ) throws -> Suggestion? {
        guard !check.pass, [.labelContrast, .controlContrast].contains(check.id) else { return nil }
        let accent = spec.look.accent?.custom
        let usesAccent = accent != nil && spec.component.isActive && check.id == .labelContrast
        let parameter = usesAccent ? "accent" : "color"
        guard let given = usesAccent ? accent : spec.look.color.custom else { return nil }
        let colour = Color(Int(given.red), Int(given.green), Int(given.blue))
        let lab = colour.okLab
        let step = 0.04
        for distance in 1...6 {
            for direction in [-1.0, 1.0] {
                let lightness = lab.lightness + direction * Double(distance) * step
                guard (0...1).contains(lightness) else { continue }
                let rgb = RenderSpec.RGB(Color(lab.mappedIntoSRGB(lightness: lightness)))
                var trial = spec
                if usesAccent { trial.look.accent = .rgb(rgb) } else { trial.look.color = .rgb(rgb) }
                let trialChecks =
                    try tried[trial.canonicalQuery] ?? checks(trial, measure(trial, renderer: renderer, supervisor: supervisor))
                tried[trial.canonicalQuery] = trialChecks
                guard
                    let measured = trialChecks.first(where: { $0.measuresTheSame(as: check) }),
                    measured.pass, let ratio = measured.ratio
                else { continue }
                let change = direction < 0 ? "a darker" : "a lighter"
                return Suggestion(
                    text:
                        "\(parameter)=\(rgb.hex), \(change) tone of this colour, raises \(check.subject) to \(number(ratio)):1, "
                        + "which passes AA.",
                    fix: [Suggestion.Setting(parameter: parameter, value: rgb.hex)])
            }
        }
        return nil
    }
}
