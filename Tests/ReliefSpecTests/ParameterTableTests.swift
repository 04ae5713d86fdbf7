import Testing

@testable import ReliefSpec

/// The rules of the parameter table are data that the server and the playground evaluate alike;
/// these tests keep that data well formed.
@Suite("Parameter table")
struct ParameterTableTests {
    /// Every parameter a condition names, with whether it reads its value or whether it is given.
    private static func references(in condition: ParameterCondition) -> [(name: String, values: [String]?)] {
        switch condition {
        case let .value(name, values): [(name, values)]
        case let .given(name, _): [(name, nil)]
        case let .all(conditions), let .any(conditions): conditions.flatMap(references)
        }
    }

    /// The conditions of a parameter: where it applies, where each default holds, where the
    /// canonical query leaves its default out.
    private static func conditions(of parameter: QueryParameter) -> [ParameterCondition] {
        [parameter.applies] + parameter.defaults.map(\.condition) + [parameter.isLeftOutAtDefault]
    }

    @Test(arguments: RenderSpec.parameters.map(\.name))
    func conditionsReadEarlierValuesAndAskOnlyWhetherADefaultlessParameterIsGiven(name: String) throws {
        let index = try #require(RenderSpec.parameters.firstIndex { $0.name == name })
        let parameter = RenderSpec.parameters[index]
        for condition in Self.conditions(of: parameter) {
            for reference in Self.references(in: condition) {
                let named = try #require(RenderSpec.parametersByName[reference.name], "\(name) names \(reference.name)")
                if let values = reference.values {
                    let position = try #require(RenderSpec.parameters.firstIndex { $0.name == reference.name })
                    #expect(position < index, "\(name) reads \(reference.name), which is resolved after it")
                    let choices: [String]
                    switch named.schema {
                    case .choice(let names): choices = names
                    case .boolean: choices = ["true", "false"]
                    default:
                        Issue.record("\(name) compares \(reference.name), which is neither a choice nor a boolean")
                        continue
                    }
                    #expect(!values.isEmpty && values.allSatisfy(choices.contains), "\(name): \(values) ⊄ \(choices)")
                } else {
                    #expect(named.defaults.isEmpty, "\(name) asks whether \(reference.name) is given, which has a default")
                }
            }
        }
    }

    @Test(arguments: RenderSpec.parameters.map(\.name))
    func defaultsAreValidValuesAndTheLastAlwaysHolds(name: String) throws {
        let parameter = try #require(RenderSpec.parametersByName[name])
        guard let last = parameter.defaults.last else { return }
        #expect(last.condition.isAlways)
        #expect(parameter.defaults.dropLast().allSatisfy { !$0.condition.isAlways })
        for entry in parameter.defaults {
            var given = QueryValues()
            try parameter.record(entry.value, &given)
            #expect(parameter.valueText(given) == entry.value, "the default \(entry.value) of \(name) is not canonical")
        }
    }

    @Test(arguments: RenderSpec.parameters.map(\.name))
    func valueLabelsNameValuesTheParameterTakes(name: String) throws {
        let parameter = try #require(RenderSpec.parametersByName[name])
        let values: [String] =
            switch parameter.schema {
            case .choice(let choices): choices
            case .colour(let keywords): keywords
            default: []
            }
        for (value, _) in parameter.presentation.valueLabels {
            #expect(values.contains(value), "\(name) labels \(value), which it does not take")
        }
    }

    @Test func theIconIsLeftOutAtItsDefaultOnlyBesideALabel() throws {
        let icon = try #require(RenderSpec.parametersByName["icon"])
        #expect(icon.isLeftOutAtDefault == .all([.value(of: "component", in: ["button", "toggle"]), .given("label", true)]))
        #expect(try RenderSpec.parse(query: "").canonicalQuery.contains("&icon=heart&"))
        #expect(try !RenderSpec.parse(query: "label=Go").canonicalQuery.contains("icon="))
        #expect(try RenderSpec.parse(query: "label=Go&icon=heart").canonicalQuery.contains("&label=Go&icon=heart&"))
        #expect(RenderSpec.parametersByName["contrast"]?.isLeftOutAtDefault == .always)
        #expect(RenderSpec.parametersByName["size"]?.isLeftOutAtDefault == .never)
    }

    @Test func conditionsReadInWords() {
        let width = RenderSpec.parametersByName["width"]?.applies
        #expect(
            width?.words
                == "component is switch, well, card, slider, progress, segmented, tabbar or textfield, or shape is rounded or capsule"
        )
        #expect(RenderSpec.parametersByName["icon"]?.applies.words == "component is button or toggle")
        #expect(
            RenderSpec.parametersByName["lang"]?.applies.words
                == "(component is button or toggle and label is given), or component is switch, segmented or tabbar, "
                + "or (component is checkbox or radio and label is given), or component is textfield")
        #expect(ParameterCondition.always.words == "always")
        #expect(ParameterCondition.never.words == "never")
    }

    @Test func theLeastMarginIsTheComponentsInItsStyle() throws {
        #expect(RenderSpec.leastMargin(for: .switch, style: .soft) == 16)
        #expect(RenderSpec.leastMargin(for: .button, style: .soft) == 40)
    }
}

@Suite("Showcase")
struct ShowcaseTests {
    @Test func everyPictureParsesAtTheShowcaseScale() throws {
        for picture in Showcase.pictures {
            let spec = try RenderSpec.parse(query: picture.query)
            #expect(
                spec.look.style == picture.style && spec.component.kind == picture.entry.component
                    && spec.output.scale == Showcase.scale)
        }
    }

    @Test func namesAndImagesAreUnique() throws {
        let pictures = Showcase.pictures
        #expect(Set(pictures.map(\.name)).count == pictures.count)
        let canonical = try pictures.map { try RenderSpec.parse(query: $0.query).canonicalQuery }
        #expect(Set(canonical).count == pictures.count)
    }

    @Test func everyStyleComponentStateShapeAndDepthIsShown() throws {
        let specs = try Showcase.pictures.map { try RenderSpec.parse(query: $0.query) }
        #expect(Set(specs.map(\.look.style)) == Set(RenderSpec.Style.allCases))
        for component in RenderSpec.ComponentKind.allCases {
            let shown = specs.filter { $0.component.kind == component }
            #expect(!shown.isEmpty, "no \(component.rawValue)")
            if component == .button || component.hasOnState {
                #expect(Set(shown.map(\.component.isActive)) == [false, true], "\(component.rawValue) in one state only")
            }
        }
        #expect(Set(specs.filter { $0.component.kind == .button }.map(\.component.shape)) == Set(RenderSpec.ShapeKind.allCases))
        #expect(Set(specs.compactMap(\.component.wellOptions?.depth)) == Set(RenderSpec.Depth.allCases))
    }

    @Test func aPictureQueryNamesComponentAndStyleFirst() throws {
        let picture = try #require(Showcase.pictures.first { $0.name == "dark-button-rounded-pressed" })
        #expect(picture.query == "component=button&style=dark&shape=rounded&pressed=true&scale=2")
        #expect(picture.group.title == "Rounded and capsule buttons")
    }
}
