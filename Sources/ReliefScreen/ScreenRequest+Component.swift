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

    /// The page of `spec`'s one-element screen without reading its settings again: the spec's look and
    /// output, the text size and letters of a page where its component draws no words (the defaults,
    /// which it leaves out of the settings). `spec` is one appearance, checked by the parser.
    static func pageOfComponent(_ spec: RenderSpec) -> RenderSpec.Page {
        var page = emptyPage
        page.look = spec.look
        page.look.textSize = spec.look.textSize ?? emptyPage.look.textSize
        page.look.font = spec.look.font ?? emptyPage.look.font
        page.output = spec.output
        return page
    }

    /// The page of a screen whose query sets nothing: every default.
    private static let emptyPage: RenderSpec.Page = {
        do {
            return try RenderSpec.Page(settings: QuerySettings())
        } catch {
            preconditionFailure("the defaults make a valid page: \(error)")
        }
    }()
}
