import ReliefSpec

extension ScreenRequest {
    /// The screen of `spec`'s component alone, which is what `/render` draws and writes (SPEC §14: a
    /// component's `/render` is its one-element screen): the component an element of its layout name
    /// (`Button(…)`) with the arguments the spec sets, and the spec's settings (its look, text size,
    /// scale, animation and output) the screen's. `spec` is one appearance (not `scheme=auto`).
    public init(component spec: RenderSpec) throws(ScreenRequestError) {
        let kind = spec.component.kind
        guard let entry = ScreenCatalogue.standard.entry(named: kind.options.layoutName) else {
            preconditionFailure("every component is an element of the catalogue")
        }
        let start = SourceLocation(line: 1, column: 1)
        // A flexible control's width is written even at its default, which fixes it there: `/render` draws
        // it at its own width, where a screen would offer it the screen's.
        let arguments = Resolution.arguments(of: spec, entry: entry, fixingWidth: true, written: [], at: start)
        let element = ScreenElement(
            name: entry.name, role: .component, arguments: arguments, children: [], modifiers: [], location: start)
        var settings = QuerySettings()
        do {
            for name in RenderSpec.parameterNames where Self.settingNames.contains(name) {
                guard let value = spec.valueOtherThanDefault(of: name) else { continue }
                try settings.set(name, to: value)
            }
        } catch {
            throw ScreenRequestError(error)
        }
        // The element is built as the parser gives one, from a spec already checked: no text to write and read back.
        // Its element is the spec drawn alone: the query the spec was parsed from is not read again.
        try self.init(layout: element, settings: settings, component: spec)
        component = spec
    }
}
