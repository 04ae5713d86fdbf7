extension RenderSpec {
    /// Every query parameter, in the order of the contract's table, which is also the order of the
    /// canonical query and of resolution. A new parameter is one entry of ``Parameter``, its
    /// place in this list, and the line of the spec's part that reads it.
    ///
    /// Conditions read the resolved values of earlier entries only. The accessibility and text
    /// parameters, added after the contract's first table, stay out of the canonical query at their
    /// defaults, which draw exactly what was drawn before they existed, so older keys keep naming the
    /// same images.
    public static let parameters: [QueryParameter] = [
        Parameter.component.entry, Parameter.style.entry, Parameter.scheme.entry, Parameter.dark.entry,
        Parameter.pressed.entry, Parameter.on.entry, Parameter.circular.entry,
        Parameter.shape.entry, Parameter.size.entry, Parameter.width.entry, Parameter.height.entry,
        Parameter.radius.entry, Parameter.depth.entry, Parameter.knob.entry, Parameter.padding.entry,
        Parameter.label.entry, Parameter.icon.entry, Parameter.onlabel.entry, Parameter.offlabel.entry,
        Parameter.font.entry, Parameter.lang.entry, Parameter.scale.entry, Parameter.color.entry,
        Parameter.accent.entry, Parameter.light.entry, Parameter.intensity.entry, Parameter.distance.entry,
        Parameter.blur.entry, Parameter.surface.entry, Parameter.margin.entry, Parameter.background.entry,
        Parameter.format.entry, Parameter.textsize.entry, Parameter.contrast.entry, Parameter.simulate.entry,
        Parameter.animate.entry, Parameter.fps.entry, Parameter.loop.entry, Parameter.segments.entry,
        Parameter.tabs.entry, Parameter.labels.entry, Parameter.selected.entry, Parameter.value.entry,
        Parameter.steps.entry, Parameter.thickness.entry, Parameter.from.entry,
        Parameter.text.entry, Parameter.placeholder.entry, Parameter.focused.entry,
    ]

    /// The entries of the table, each with the type of its value, which the spec's parts read
    /// back when they are built from the resolved values.
    enum Parameter {
        static let component = TypedParameter<ComponentKind>(
            "component", .choice, spec: { $0.component.kind },
            default: ComponentKind.button,
            description: "What to draw.",
            presentation: .init("Component", .subject))
        static let style = TypedParameter<Style>(
            "style", .choice, spec: { $0.look.style },
            default: Style.light,
            description: "Which recipe to draw it with.",
            presentation: .init("Style", .subject))
        // scheme and dark follow style, which dark reads, and come before accent, which dark=colorful
        // gives a light query. They are left out at their defaults, so no older key changes.
        static let scheme = TypedParameter<Scheme>(
            "scheme", .choice, spec: { $0.output.scheme },
            default: Scheme.fixed,
            isLeftOutAtDefault: true,
            description: "fixed draws the style asked for; auto answers both appearances, light and dark, each with "
                + "its contrast=high variant, and the viewer's prefers-color-scheme and prefers-contrast pick one "
                + "(format=svg, html or css). The query's style is the light appearance unless it is dark or "
                + "colorful, which are the dark one with light as their light counterpart; color and background "
                + "mirror their OKLab lightness (1.2 − L) for the other appearance.",
            presentation: .init("Scheme", .look, valueLabels: [("fixed", "this style only"), ("auto", "light and dark")]))
        static let dark = TypedParameter<Style>(
            "dark", .choice(among: Style.allCases.filter(\.isDarkBased)), spec: { $0.look.darkStyle },
            applies: .all([.value(of: "scheme", in: [Scheme.auto.rawValue]), .style(.light, .soft)]),
            default: Style.dark,
            isLeftOutAtDefault: true,
            description: "The style of the dark appearance of a light or soft scheme=auto answer.",
            presentation: .init("Dark style", .look))
        static let on = TypedParameter<Bool>(
            "on", .boolean, spec: { $0.component.isActive },
            applies: .component(using: .on),
            default: false,
            synonyms: ["checked", "ison", "ischecked"],
            description: "Whether a toggle, switch, checkbox or radio button is on.",
            presentation: .init("On", .subject))
        static let shape = TypedParameter<ShapeKind>(
            "shape", .choice, spec: { $0.component.face?.shape },
            applies: .component(using: .face),
            default: ShapeKind.circle,
            description: "The outline of a button or toggle.",
            presentation: .init("Shape", .frame))
        static let size = TypedParameter<Double>(
            "size", .number(in: Limits.side), spec: { $0.component.frame.width },
            applies: .all([.component(using: .face), .shape(.circle)]),
            default: 80,
            description: "Side of a circular button or toggle, in points: an icon plus 30 points of padding "
                + "each side by default.",
            presentation: .init("Size", .frame, unit: "pt"))
        static let width = TypedParameter<Double>(
            "width", .number(in: Limits.side), spec: { $0.component.frame.width },
            applies: .any([hasWidthAndHeight, .shape(.rounded, .capsule)]),
            default: Face.defaultFrame.width,
            except: frameDefaults(\.width) + [(.shape(.capsule), 160)],
            description: "Frame width in points; a capsule is twice as wide as tall by default.",
            presentation: .init("Width", .frame, unit: "pt"))
        static let height = TypedParameter<Double>(
            "height", .number(in: Limits.side), spec: { $0.component.frame.height },
            applies: .any([hasWidthAndHeight, .shape(.rounded, .capsule)]),
            default: Face.defaultFrame.height,
            except: frameDefaults(\.height),
            description: "Frame height in points.",
            presentation: .init("Height", .frame, unit: "pt"))
        static let radius = TypedParameter<Double>(
            "radius", .number(in: Limits.radius), spec: { $0.component.frame.radius },
            applies: .any([.component(using: .frame), .shape(.rounded)]),
            default: Face.defaultFrame.radius,
            except: frameDefaults(\.radius),
            synonyms: ["cornerradius", "border-radius"],
            description: "Corner radius in points, clamped to half the smaller side. A circle's and a capsule's "
                + "is half their height.",
            presentation: .init("Corner radius", .frame, unit: "pt"))
        // label comes before icon, whose default and canonical spelling depend on it. No canonical
        // query held both before an icon could lead a label, so no older key changes.
        static let label = TypedParameter<String>(
            "label", .label, spec: { $0.component.options.label },
            applies: .any([.component(using: .face), .component(using: .label)]),
            default: nil,
            synonyms: ["title", "caption"],
            description: "Text on a button or toggle, or beside a checkbox or radio button, in any script: fonts fall "
                + "back per character, right-to-left text is ordered by the Unicode bidi algorithm and puts a checkbox's "
                + "or radio button's words at its left. Draws no icon on a button or toggle unless icon is given.",
            presentation: .init("Label", .content))
        static let icon = TypedParameter<Icon>(
            "icon", .choice, spec: { $0.component.face?.icon },
            applies: .component(using: .face),
            default: Icon.heart,
            except: [(hasLabel, Icon.none)],
            // A label drew no icon before icons could lead labels; its keys keep naming those images.
            isLeftOutAtDefault: hasLabel,
            description: "The icon of a button or toggle. Beside a label it leads the words: at their left, at "
                + "their right in right-to-left text, above them at textsize ax1-ax5.",
            presentation: .init("Icon", .content))
        static let font = TypedParameter<Font>(
            "font", .choice, spec: { $0.look.font },
            applies: drawsText,
            default: Font.sans,
            isLeftOutAtDefault: true,
            description: "The letters of a label or of the switch's words: sans (Inter), serif (Noto Serif), "
                + "rounded (Comfortaa) or mono (DejaVu Sans Mono), each with Noto for the scripts it lacks.",
            presentation: .init("Font", .content))
        static let lang = TypedParameter<String>(
            "lang", .languageTag, spec: { $0.look.language },
            applies: drawsText,
            default: nil,
            synonyms: ["language", "locale"],
            description: "The text's language as a BCP 47 tag (zh-Hant, zh-Hans, ja, ar): picks regional glyph "
                + "forms, as one Han character differs between them, and the line-breaking rules. Without it "
                + "the text's scripts decide.",
            presentation: .init("Language", .content))
        static let scale = TypedParameter<Double>(
            "scale", .number(in: Limits.scale), spec: { $0.output.scale },
            default: 1,
            synonyms: ["dpr", "devicepixelratio"],
            description: "Pixels per point; the image stays within " + Limits.pixelBounds + ".",
            presentation: .init("Scale", .image, unit: "px per pt"))
        static let color = TypedParameter<ColorChoice>(
            "color", .colorChoice, spec: { $0.look.color },
            default: ColorChoice.style,
            isLeftOutAtDefault: true,
            synonyms: ["colour", "basecolor"],
            description: "The surface colour rrggbb: background and face of light and soft, the middle of the dark "
                + "gradient of dark and colorful. Highlight and shadow derive from it in OKLCH lightness, so black and "
                + "white show their relief too.",
            presentation: .init("Base", .look, valueLabels: [("style", "the style’s")]))
        static let accent = TypedParameter<ColorChoice>(
            "accent", .colorChoice, spec: { $0.look.accent },
            applies: .any([.style(.colorful), .value(of: "dark", in: [Style.colorful.rawValue])]),
            default: ColorChoice.style,
            isLeftOutAtDefault: true,
            synonyms: ["tint", "accentcolor", "accentcolour"],
            description: "The colorful style's blue rrggbb: the ring and the pressed fill, whose darker end derives from it.",
            presentation: .init("Accent", .look, valueLabels: [("style", "the style’s")]))
        static let light = TypedParameter<Light>(
            "light", .light, spec: { $0.look.light },
            default: Light.seeds,
            isLeftOutAtDefault: true,
            description: "Where the light comes from, by name or in whole degrees clockwise from up (topleft = 315, "
                + "the articles' light); every shadow and gradient turns with it.",
            presentation: .init("Light from", .look, unit: "°"))
        static let surface = TypedParameter<Surface>(
            "surface", .choice, spec: { $0.component.surface },
            applies: .component(using: .surface),
            default: Surface.flat,
            isLeftOutAtDefault: true,
            description: "A button's or card's face: flat, or shaded along the light, darker (concave) or lighter "
                + "(convex) on the lit side.",
            presentation: .init("Surface", .look))
        // No default: where the query gives none, the scene gives as much as its shadows show
        // (``RenderSpec/Output/margin``), so the canonical query leaves it out.
        static let margin = TypedParameter<Double>(
            "margin", .number(in: Limits.margin), spec: { $0.output.margin },
            default: nil,
            description: "Points of canvas around the frame on every side. By default as far as the component's "
                + "shadows show in either of its states (3σ past what casts them), and at least \(DecimalText.format(Limits.leastMargin)) "
                + "points (\(DecimalText.format(Limits.leastSmallShadowMargin)) for the soft style's controls that cast only a knob's small shadows).",
            presentation: .init("Margin", .image, unit: "pt"))
        static let background = TypedParameter<Background>(
            "background", .background, spec: { $0.output.background },
            default: Background.style,
            synonyms: ["bg", "background-color", "backgroundcolor"],
            description: "What covers the image behind the component: the style's own background, "
                + "nothing (an alpha channel), or an opaque hex colour rrggbb.",
            presentation: .init("Background", .image, valueLabels: [("style", "the style’s")]))
        static let format = TypedParameter<Format>(
            "format", .choice, spec: { $0.output.format },
            default: Format.png,
            description: "What to answer with: the PNG image, the same pixels as a lossless WebP or an AVIF (stills, "
                + "at least 40 dB from the PNG), auto (AVIF, else WebP, else PNG, as the request's Accept allows), or "
                + "the same scene as a self-contained SVG, a CSS rule, an HTML page, SwiftUI code or JSON design "
                + "tokens. Only the images (png, webp, avif, auto) show simulate.",
            presentation: .init("Format", .image, valueLabels: Format.allCases.map { (value: $0.rawValue, label: $0.keys.label) })
        )
        static let contrast = TypedParameter<Contrast>(
            "contrast", .choice, spec: { $0.look.contrast },
            default: Contrast.standard,
            isLeftOutAtDefault: true,
            description: "high draws the style's accessible variant (stronger outline, label colour, state "
                + "change), as docs/ACCESSIBILITY.md lists.",
            presentation: .init("Contrast", .access))
        static let simulate = TypedParameter<Simulation>(
            "simulate", .choice, spec: { $0.output.simulation },
            default: Simulation.none,
            isLeftOutAtDefault: true,
            description: "Shows the image as a viewer with low vision or a colour-vision deficiency sees it "
                + "(Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB; achromatopsia is luminance only).",
            presentation: .init("See it as", .access, valueLabels: [("none", "off"), ("lowvision", "low vision")]))
        static let animate = TypedParameter<Bool>(
            "animate", .boolean, spec: { $0.output.animation != nil },
            applies: .component(using: .animation),
            default: false,
            isLeftOutAtDefault: true,
            description: "Whether the image is the change into the state asked for (pressed or on), from the other "
                + "state at rest, as an animated PNG: seed 004's stretch and spring for a switch, a quarter-second ease "
                + "for buttons and toggles. A viewer without APNG support shows the state asked for. Refused for a "
                + "well or card, which have no state to change.",
            presentation: .init("Animate", .motion))
        static let fps = TypedParameter<Double>(
            "fps", .number(in: Limits.framesPerSecond), spec: { $0.output.animation?.framesPerSecond },
            applies: animates,
            default: 30,
            isLeftOutAtDefault: true,
            description: "Frames per second of the animation. Every frame counts against "
                + "\(Limits.maxAnimationPixels) pixels in all.",
            presentation: .init("Frames per second", .motion, unit: "fps"))
        static let loop = TypedParameter<Bool>(
            "loop", .boolean, spec: { $0.output.animation?.loops },
            applies: animates,
            default: false,
            isLeftOutAtDefault: true,
            description: "Whether the animation plays, holds 1 s, plays back, holds 1 s and repeats; otherwise it "
                + "plays once and stops on the state asked for.",
            presentation: .init("Loop", .motion))
        static let intensity = styleOwnParameter(
            "intensity", .number(in: Limits.intensity), spec: { $0.look.intensity }, \.ownIntensity,
            description: "How far highlight and shadow move from the surface, in OKLab lightness.",
            presentation: .init("Intensity", .look, sliderStep: 0.01))
        static let distance = styleOwnParameter(
            "distance", .number(in: Limits.relief), spec: { $0.look.distance }, \.ownDistance,
            description: "The main shadow's offset in points; every offset of the recipe scales with it.",
            presentation: .init("Distance", .look, unit: "pt", sliderStep: 1))
        static let blur = styleOwnParameter(
            "blur", .number(in: Limits.relief), spec: { $0.look.blur }, \.ownBlur,
            description: "The main shadow's radius (σ) in points; every shadow and blur of the recipe scales with it.",
            presentation: .init("Blur", .look, unit: "pt", sliderStep: 1))
        static let textsize = textSizeParameter

        /// `textsize`, whose description and menu name each size's points, the menu marking the default.
        private static var textSizeParameter: TypedParameter<TextSize> {
            let standard = TextSize.l
            let points = { (size: TextSize) in DecimalText.format(size.pointSize) }
            return TypedParameter(
                "textsize", .choice, spec: { $0.look.textSize },
                applies: .any([hasLabel, .value(of: "icon", in: drawnIcons), .component(using: .textSize)] + drawsOwnText),
                default: standard,
                isLeftOutAtDefault: true,
                description: "The Dynamic Type size of a label and its icon, or of a control's words (body style: "
                    + TextSize.allCases.map { "\($0.rawValue) \(points($0))" }.joined(separator: ", ")
                    + " points). The frame grows to hold the text and icon; width and height become minimums. "
                    + "An icon grows with the size, as SF Symbols do. At ax1-ax5 a label wider than the requested width "
                    + "wraps, an icon moves above the words and the control grows taller.",
                presentation: .init(
                    "Text size", .content,
                    valueLabels: TextSize.allCases.map { size in
                        (size.rawValue, "\(size.rawValue), \(points(size)) pt" + (size == standard ? " (default)" : ""))
                    }))
        }

        /// A number whose default is the style's own (`\.ownDistance`), left out of the canonical query
        /// there: one default per value, each naming the styles that have it.
        private static func styleOwnParameter(
            _ name: String, _ kind: ValueKind<Double>, spec: @escaping @Sendable (RenderSpec) -> Double?,
            _ own: KeyPath<Style, Double>, description: String, presentation: ParameterPresentation
        ) -> TypedParameter<Double> {
            let fallback = Style.light[keyPath: own]
            var others: [(value: Double, styles: [Style])] = []
            for style in Style.allCases where style[keyPath: own] != fallback {
                if let index = others.firstIndex(where: { $0.value == style[keyPath: own] }) {
                    others[index].styles.append(style)
                } else {
                    others.append((style[keyPath: own], [style]))
                }
            }
            return TypedParameter(
                name, kind, spec: spec,
                default: fallback,
                except: others.map { (.value(of: "style", in: $0.styles.map(\.rawValue)), $0.value) },
                isLeftOutAtDefault: true,
                description: description + " By default the style's own.",
                presentation: presentation)
        }

        /// Where a button or toggle draws a label.
        private static let hasLabel = ParameterCondition.all([.component(using: .face), .given("label", true)])

        /// Where a component draws words of its own that follow `textsize`: a label beside it, or a text field's
        /// line; either condition.
        private static let drawsOwnText: [ParameterCondition] = [
            .all([.component(using: .label), .given("label", true)]), .component(using: .text),
        ]

        /// A component with a frame of its own size: `width` and `height`, with or without `radius`.
        private static let hasWidthAndHeight = ParameterCondition.component(where: { $0.uses(.frame) || $0.uses(.widthAndHeight) }
        )

        /// Where text is drawn: a label, or a component's own words.
        private static let drawsText = ParameterCondition.any([hasLabel, .component(using: .words)] + drawsOwnText)

        /// The defaults of a frame's side or radius that differ from a face's, each naming the
        /// components whose ``RenderSpec/ComponentOptions/defaultFrame`` has it, after those a
        /// component's own parameters choose (``RenderSpec/ComponentOptions/otherDefaultFrames``).
        private static func frameDefaults(
            _ side: KeyPath<RenderSpec.Frame, Double>
        ) -> [(condition: ParameterCondition, value: Double)] {
            let fallback = Face.defaultFrame[keyPath: side]
            var others: [(value: Double, components: [String])] = []
            for kind in ComponentKind.allCases where kind.options.defaultFrame[keyPath: side] != fallback {
                let value = kind.options.defaultFrame[keyPath: side]
                if let index = others.firstIndex(where: { $0.value == value }) {
                    others[index].components.append(kind.rawValue)
                } else {
                    others.append((value, [kind.rawValue]))
                }
            }
            let chosenByOwnParameters = ComponentKind.allCases.flatMap { kind in
                kind.options.otherDefaultFrames.map { other in
                    (
                        ParameterCondition.all([.value(of: "component", in: [kind.rawValue]), other.when]),
                        other.frame[keyPath: side]
                    )
                }
            }
            return chosenByOwnParameters + others.map { (.value(of: "component", in: $0.components), $0.value) }
        }

        /// Where an animation is drawn.
        private static let animates = ParameterCondition.value(of: "animate", in: ["true"])

        /// The icons that draw something.
        private static let drawnIcons = Icon.allCases.filter { $0 != .none }.map(\.rawValue)
    }

    /// The index of each entry of ``parameters`` by its name, for the compiled conditions.
    static let parameterIndices: [String: Int] = Dictionary(
        uniqueKeysWithValues: parameters.enumerated().map { ($1.name, $0) }
    )

    /// The table by name, for parsing.
    static let parametersByName: [String: QueryParameter] = parameterIndices.mapValues { parameters[$0] }

    /// The other names people write for parameters (``QueryParameter/synonyms``), each to its parameter's name.
    public static let parameterSynonyms: [String: String] = Dictionary(
        uniqueKeysWithValues: parameters.flatMap { parameter in parameter.synonyms.map { ($0, parameter.name) } }
    )

    /// The names of all query parameters, in canonical order.
    public static var parameterNames: [String] {
        parameters.map(\.name)
    }
}
