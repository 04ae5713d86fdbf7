import ReliefRender
import ReliefSpec
import Testing

@testable import ReliefAudit

/// Queries that stopped the whole service with a trap, and a sample of their neighbours: each is
/// answered now, and answered right.
@Suite("Queries that stopped the process")
struct QueriesThatStoppedTheProcessTests {
    /// `query`'s checks against those of `neighbour`, which draws the same colours a fraction of a
    /// point away: the same checks, each passing alike, with ratios within `tolerance`.
    static func expectAlike(_ query: String, _ neighbour: String, tolerance: Double = 0.05) throws {
        let (near, far) = (try audit(query), try audit(neighbour))
        #expect(near.checks.map(\.id) == far.checks.map(\.id), "\(query)")
        for (a, b) in zip(near.checks, far.checks) {
            #expect(a.pass == b.pass, "\(query): \(a.id)")
            if let r = a.ratio, let s = b.ratio {
                #expect(abs(r - s) <= tolerance, "\(query): \(a.id) \(r) against \(s)")
            }
        }
    }

    /// The audit's state check read rows crossing less than 2 pixels of the inset circle as a range
    /// whose end came before its start: most half-point sizes.
    @Test(arguments: [16.5, 24.5, 44.5, 63.5, 80.5, 97.5, 120.5])
    func halfPointSizesAreAuditedLikeTheirNeighbours(size: Double) throws {
        try Self.expectAlike("size=\(DecimalText.format(size))", "size=\(DecimalText.format(size - 0.5))")
    }

    /// Frames whose corners leave such rows, and margins that put the outline between pixels; a
    /// capsule and a switch, which never stopped it, for their neighbours.
    @Test(arguments: [
        "shape=rounded&width=60.5&height=60.5&radius=30.25", "shape=rounded&width=80&height=80.5&radius=40",
        "component=toggle&size=80.5", "margin=12.5", "component=toggle&margin=10.5",
        "shape=capsule&width=120.5&height=60.5", "component=switch&width=170.5&height=60.5",
    ])
    func halfPointFramesAndMarginsAreAuditedLikeTheirNeighbours(query: String) throws {
        let whole = query.replacingOccurrences(of: ".5", with: "")
        try Self.expectAlike(query, whole)
    }

    /// Scale 1.5 puts the outline between pixels; the light moves it with the margin that grows to
    /// hold the shadows.
    @Test(arguments: Array(stride(from: 0, to: 360, by: 30)))
    func everyLightAtScaleOneAndAHalfIsAudited(degrees: Int) throws {
        let measured = try audit("scale=1.5&light=\(degrees)")
        #expect(measured.checks.map(\.id) == [.labelContrast, .controlContrast, .stateContrast, .targetSize])
        // The light turns shadows, not the icon's colours: system gray on off-white, 2.51:1.
        let label = try #require(measured.check(.labelContrast)?.ratio)
        #expect(abs(label - 2.51) < 0.01)
        #expect(try #require(measured.check(.stateContrast)?.ratio) > 1)
    }

    /// Mid-tone colours, from which no colour stands out by the tone search's 4.6:1.
    static let midTones = ["008900", "006cff", "007bc0", "c302ef", "148193"]

    /// With `contrast=high` these stopped every render; the edge still reaches 3:1 as the audit
    /// measures it (SPEC §9): the first colour with every component, the others with a button and a
    /// switch (whose knob's shadows used to fade its edge), in every style. Measured without the
    /// suggestions a full audit adds, which draw up to 36 more images.
    @Test(arguments: midTones, RenderSpec.Style.allCases)
    func midTonesAtHighContrastBringEveryEdgeToThreeToOne(hex: String, style: RenderSpec.Style) throws {
        let components: [RenderSpec.ComponentKind] =
            hex == Self.midTones[0] ? RenderSpec.ComponentKind.allCases : [.button, .switch]
        for component in components {
            let spec = try RenderSpec.parse(
                query: "color=\(hex)&contrast=high&style=\(style.rawValue)&component=\(component.rawValue)")
            let measured = try AccessibilityAudit.measure(spec, renderer: Renderer(), supervisor: .unsupervised)
            let edge = try #require(AccessibilityAudit.checks(spec, measured).first { $0.id == .controlContrast })
            #expect(edge.pass, "\(spec.canonicalQuery): the edge has \(edge.ratio ?? 0):1")
        }
    }

    /// A labelled checkbox or radio button was measured along the edge of its whole frame, label and
    /// all, where nothing is drawn (1:1); its edge is the box's, on the leading side in either direction.
    @Test(arguments: ["checkbox", "radio"], RenderSpec.Style.allCases)
    func aLabelledChoiceHasItsBoxMeasuredAsItsEdge(component: String, style: RenderSpec.Style) throws {
        for label in ["OKOKOK", "%D7%A9%D7%9C%D7%95%D7%9D"] {
            let spec = try RenderSpec.parse(
                query: "component=\(component)&style=\(style.rawValue)&color=d2367f&contrast=high&label=\(label)")
            let measured = try AccessibilityAudit.measure(spec, renderer: Renderer(), supervisor: .unsupervised)
            let edge = try #require(AccessibilityAudit.checks(spec, measured).first { $0.id == .controlContrast })
            #expect(edge.pass, "\(spec.canonicalQuery): the edge has \(edge.ratio ?? 0):1")
        }
    }

    @Test(arguments: midTones)
    func midTonesAtHighContrastAreDrawnInEveryFormat(hex: String) throws {
        for format in RenderSpec.Format.allCases {
            let spec = try RenderSpec.parse(query: "color=\(hex)&contrast=high&format=\(format.rawValue)")
            #expect(!(try Renderer().file(for: spec)).bytes.isEmpty)
        }
    }

    /// At standard contrast the audit measures the contrast=high variant to suggest it, and that
    /// stopped these; it now suggests it, as it brings the edge to 3:1.
    @Test(arguments: ["d2367f", "0c8747"])
    func theAuditOfAMidToneSuggestsHighContrastForTheEdge(hex: String) throws {
        let edge = try #require(try audit("color=\(hex)").check(.controlContrast))
        #expect(!edge.pass)
        let suggestion = try #require(edge.suggestion)
        #expect(suggestion.fix == [.init(parameter: "contrast", value: "high")])
        #expect(suggestion.text.hasSuffix("which passes AA."))
        #expect(try #require(try audit("color=\(hex)&contrast=high").check(.controlContrast)).pass)
    }
}
