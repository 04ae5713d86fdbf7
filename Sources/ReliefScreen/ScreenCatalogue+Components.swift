import ReliefSpec

extension ScreenCatalogue {
    /// The layout's own elements, then every component by its layout name (SPEC §14), each taking
    /// the `/render` parameters it can use as arguments, read from the parameter table: all but the
    /// screen's own settings (``ScreenRequest/settingNames``), by their names or as the component's
    /// ``RenderSpec/ComponentOptions/layoutLabels`` write them.
    public static let standard = layout(icons: RenderSpec.Icon.allCases.map(\.rawValue))
        .adding(RenderSpec.ComponentKind.allCases.map(ElementEntry.init(component:)))
}

extension ElementEntry {
    /// The element of `component`: the parameters it takes, the unlabelled one first, then as SwiftUI
    /// orders a control's arguments: what it shows, its state, its frame, its look, its motion
    /// (``argumentOrder``), each group in the table's order. Their defaults depend on the other arguments, so the catalogue gives none: the
    /// resolved spec decides which arguments the canonical form keeps (``ScreenRequest``).
    init(component: RenderSpec.ComponentKind) {
        let labels = component.options.layoutLabels
        let taken = Self.elementParameters.filter { $0.applies.canHold(forComponent: component) }
        let parameters = taken.map { parameter in
            let label = labels[parameter.name] ?? parameter.name
            return ParameterEntry(
                label, ValueKind(parameter.schema), aliases: label == parameter.name ? [] : [parameter.name],
                parameterName: parameter.name, synonyms: parameter.synonyms)
        }
        self.init(
            component.options.layoutName, .component,
            parameters.filter { $0.label == nil } + parameters.filter { $0.label != nil }, holdsContent: component.holdsContent)
    }

    /// The order of a component's arguments by the group of their parameter.
    static let argumentOrder: [ParameterGroup] = [.content, .subject, .frame, .look, .access, .image, .motion]

    /// The parameters an element may take, those of the screen's settings and the refused ones left
    /// out, by ``argumentOrder`` and each group in the table's order: sorted once for every component.
    static let elementParameters: [QueryParameter] = {
        // Each parameter's rank worked out once: the sort compares it for every pair.
        let ranked = RenderSpec.parameters.indices.map { index in
            (group: argumentOrder.firstIndex(of: RenderSpec.parameters[index].presentation.group) ?? 0, index: index)
        }
        return ranked.sorted { ($0.group, $0.index) < ($1.group, $1.index) }.map { RenderSpec.parameters[$0.index] }
            .filter { !ScreenRequest.settingNames.contains($0.name) && !ScreenRequest.refusedNames.contains($0.name) }
    }()
}

extension ValueKind {
    /// The layout's kind of value for a `/render` parameter's schema: a list's words may be written
    /// as an array or as the query writes them.
    init(_ schema: ValueSchema) {
        switch schema {
        case .choice(let words): self = .member(words)
        case .boolean: self = .bool
        case .number(let range): self = .number(range)
        case .wholeNumber(let range): self = .integer(range)
        case .list(let element, let count): self = .list(ValueKind(element), count: count)
        case .text(let maxLength): self = .words(maximumLength: maxLength)
        case .languageTag: self = .text(maximumLength: RenderSpec.Limits.maxLanguageTagCharacters)
        case .colour: self = .text(maximumLength: 7)
        case .direction(let points, let degrees):
            self = .member(points.map(\.name) + degrees.map(String.init))
        }
    }
}
