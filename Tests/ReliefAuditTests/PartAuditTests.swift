import ReliefAudit
import ReliefSpec
import Testing

extension AccessibilityAudit {
    /// The checks with `id` that name a part, in order.
    func partChecks(_ id: CheckID) -> [Check] {
        checks.filter { $0.id == id && $0.part != nil }
    }

    /// The check with `id` of `part`, if there is one.
    func check(_ id: CheckID, part: String) -> Check? {
        checks.first { $0.id == id && $0.part == part }
    }
}

/// The audit names a control's parts (issue 24): each segment and tab is its own target with its own
/// words, a slider's knob and fill and a progress indicator's done part stand out from the track.
@Suite("Audit of a control's parts")
struct PartAuditTests {
    @Test func aSegmentedControlOfThreeHasThreeNamedTargets() throws {
        let measured = try audit("component=segmented&segments=Day,Week,Month&width=300")
        let targets = measured.partChecks(.targetSize)
        #expect(targets.map(\.part) == ["segment 1, “Day”", "segment 2, “Week”", "segment 3, “Month”"])
        for target in targets {
            #expect(target.size?.width == 100 && target.size?.height == 44)
            #expect(target.pass && target.aaa?.pass == true)
        }
        // The segments replace the whole control's target and label checks.
        #expect(!measured.checks.contains { [.targetSize, .labelContrast].contains($0.id) && $0.part == nil })
        #expect(measured.partChecks(.labelContrast).map(\.part) == targets.map(\.part))
    }

    /// In colorful the chosen segment is raised in the accent, so its white word measures against the
    /// accent while the others measure against the dark well.
    @Test func eachSegmentsWordIsMeasuredOnItsOwnSurface() throws {
        let labels = try audit("component=segmented&style=colorful&selected=2").partChecks(.labelContrast)
        try #require(labels.count == 3)
        let (first, chosen, third) = (try #require(labels[0].ratio), try #require(labels[1].ratio), try #require(labels[2].ratio))
        #expect(chosen < 4.5 && !labels[1].pass)
        #expect(first >= 4.5 && third >= 4.5)
        #expect(labels[1].detail.hasPrefix("Segment 2, “Week”: its word has"))
    }

    /// Five one-letter segments in 100 points are each narrower and lower than 44 points: the fix
    /// gives the whole control the width that holds five 44-point segments, and they reach it.
    @Test func segmentsShortOfTheirTargetAreToldTheFrameThatHoldsThem() throws {
        let query = "component=segmented&segments=i,i,i,i,i&width=100&height=32&radius=16"
        let targets = try audit(query).partChecks(.targetSize)
        try #require(targets.count == 5)
        let fix = [
            AccessibilityAudit.Suggestion.Setting(parameter: "width", value: "220"),
            AccessibilityAudit.Suggestion.Setting(parameter: "height", value: "44"),
        ]
        for target in targets {
            #expect(try #require(target.size?.width) < 44 && target.aa.pass && target.aaa?.pass == false)
            #expect(target.suggestion?.fix == fix)
        }
        let fixed = try audit(applying(fix, to: query)).partChecks(.targetSize)
        #expect(fixed.count == 5 && fixed.allSatisfy { $0.aaa?.pass == true })
    }

    @Test(arguments: [
        ("component=tabbar&tabs=heart,star,bell&labels=Home,Search,Profile", "tab 3, “Profile”"),
        ("component=tabbar&tabs=heart,star,bell", "tab 3, the bell icon"),
    ])
    func aTabBarNamesEachTabByItsLabelOrIcon(query: String, third: String) throws {
        let measured = try audit(query + "&width=330")
        let targets = measured.partChecks(.targetSize)
        #expect(targets.count == 3 && targets.last?.part == third)
        #expect(targets.allSatisfy { $0.size?.width == 110 })
        let label = try #require(measured.check(.labelContrast, part: third))
        #expect(try #require(label.ratio) > 1)
    }

    @Test(arguments: RenderSpec.Style.allCases)
    func aHighContrastSliderPassesItsKnobAndFillChecks(style: RenderSpec.Style) throws {
        let measured = try audit("component=slider&contrast=high&style=\(style.rawValue)&value=0.3&steps=10")
        let knob = try #require(measured.check(.controlContrast, part: "knob"))
        let fill = try #require(measured.check(.controlContrast, part: "fill"))
        #expect(knob.pass && fill.pass, "\(knob.detail) \(fill.detail)")
        #expect(knob.aa.criterion == "1.4.11" && knob.aa.required == 3)
    }

    /// A dark slider's knob is a raised surface of the track's own colour, found only by its soft
    /// shadows, while its white fill stands out: the knob fails and is named, the fill passes.
    @Test func aKnobOfTheTracksColourFailsAndIsNamed() throws {
        let measured = try audit("component=slider&style=dark")
        let knob = try #require(measured.check(.controlContrast, part: "knob"))
        #expect(!knob.pass)
        #expect(try #require(knob.ratio) < 1.5)
        #expect(knob.detail.hasPrefix("The knob stands out from the track it meets by"))
        #expect(knob.suggestion?.text.hasPrefix("contrast=high raises the knob to") == true)
        #expect(try #require(measured.check(.controlContrast, part: "fill")).pass)
    }

    @Test func anAccentOfTheTracksColourFailsTheFill() throws {
        let fill = try #require(try audit("component=slider&style=colorful&accent=3a4248").check(.controlContrast, part: "fill"))
        #expect(!fill.pass)
        #expect(try #require(fill.ratio) < 1.5)
        #expect(fill.detail.hasPrefix("The fill and the rest of the track differ by"))
    }

    @Test(arguments: ["component=progress&value=0.5", "component=progress&circular=true&value=0.5"])
    func aProgressIndicatorsDonePartIsMeasuredAgainstItsWell(query: String) throws {
        let measured = try audit(query + "&contrast=high&style=dark")
        let done = try #require(measured.check(.controlContrast, part: "done part"))
        #expect(done.pass && done.detail.contains("the rest of the well"))
        #expect(measured.check(.controlContrast, part: "knob") == nil)
    }

    /// An empty indicator shows no done part and a full one no rest of its well: there is nothing to
    /// compare.
    @Test(arguments: ["component=progress&value=0", "component=progress&value=1", "component=slider&value=0"])
    func aValueThatHidesOneSideHasNoFillCheck(query: String) throws {
        #expect(try audit(query).checks.allSatisfy { $0.part != "done part" && $0.part != "fill" })
    }
}
