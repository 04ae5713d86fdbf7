import Foundation
import ReliefAudit
import ReliefRender
import ReliefScene
import ReliefScreen
import ReliefSpec
import Testing

/// The audit of `layout` with `settings` (what `/screen` takes beside `source`).
func screenAudit(_ layout: String, _ settings: String = "") throws -> ScreenAudit {
    let query = "source=" + ScreenSource.encode(layout) + (settings.isEmpty ? "" : "&" + settings)
    return try ScreenAudit(request: ScreenRequest.parse(query: query), renderer: Renderer())
}

extension ScreenAudit.Element {
    /// "Button at line 3, column 5", as a check names its element.
    var words: String { "\(name) at \(location)" }
}

extension ScreenAudit {
    /// The checks with `id`, in order.
    func checks(_ id: AccessibilityAudit.CheckID) -> [Check] {
        checks.filter { $0.check.id == id }
    }
}

@Suite("Screen audit")
struct ScreenAuditTests {
    /// Two 20-point buttons `gap` points apart: their centres are 20 + `gap` apart, and their
    /// 24-point circles clear each other from a gap of 4 (WCAG 2.5.8's spacing exception).
    @Test(arguments: [(2.0, false), (3, false), (4, true), (10, true), (40, true)])
    func undersizedTargetsPassOnlyWhenTheirCirclesClearEachOther(gap: Double, passes: Bool) throws {
        let layout = "HStack(spacing: \(DecimalText.format(gap))) {\n    Button(size: 20)\n    Button(size: 20, icon: .star)\n}"
        let spacing = try screenAudit(layout).checks(.targetSpacing)
        #expect(spacing.map(\.element.location.line) == [2, 3])
        for (check, other) in zip(spacing, [3, 2]) {
            #expect(check.pass == passes, "\(gap): \(check.check.detail)")
            #expect(check.check.aa.criterion == "2.5.8" && check.check.aa.required == 24)
            // The largest clear circle: the other circle is what limits it, 2 × (centres apart − 12).
            #expect(check.spacing == 2 * (20 + gap - 12))
            if passes {
                #expect(check.neighbour == nil)
            } else {
                #expect(check.neighbour?.words == "Button at line \(other), column 5")
                #expect(check.check.detail.contains("the 24-point circle of the Button at line \(other), column 5"))
            }
        }
    }

    /// A target of 24×24 or more passes whatever is near it; an undersized one must keep its circle
    /// off the larger target's frame itself.
    @Test(arguments: [(1.0, false), (2, true)])
    func anUndersizedTargetBesideALargeOneKeepsItsCircleOffIt(gap: Double, passes: Bool) throws {
        let layout = "HStack(spacing: \(DecimalText.format(gap))) {\n    Button(size: 20)\n    Slider()\n}"
        let spacing = try screenAudit(layout).checks(.targetSpacing)
        #expect(spacing.map(\.element.name) == ["Button", "Slider"])
        #expect(spacing[0].pass == passes, "\(spacing[0].check.detail)")
        #expect(spacing[0].spacing == 2 * (10 + gap))
        #expect(spacing[0].neighbour?.name == (passes ? nil : "Slider"))
        #expect(spacing[1].pass && spacing[1].spacing == nil)
        // The slider takes the rest of the screen's 390 points.
        #expect(spacing[1].check.detail.contains("\(DecimalText.format(370 - gap))×44 points, at least 24×24"))
    }

    /// Wells, cards and progress indicators only show: they are no targets, and nothing crowds a
    /// button beside them.
    @Test func whatOnlyShowsIsNoTarget() throws {
        let layout = """
            HStack(spacing: 0) {
                Button(size: 20)
                Card(width: 20, height: 20)
                Well(width: 20, height: 20)
                ProgressView(width: 20, height: 20)
            }
            """
        let audit = try screenAudit(layout)
        let spacing = try #require(audit.checks(.targetSpacing).first)
        #expect(audit.checks(.targetSpacing).count == 1)
        #expect(spacing.pass && spacing.spacing == nil && spacing.check.detail.contains("no other target"))
    }

    /// The primary colour is black or white, whichever stands out more from both ends of the
    /// ground; on a mid-tone gradient a text near the end it suits less falls short of 4.5:1, and
    /// large text is held to 3:1.
    @Test func textIsMeasuredOnTheGroundBeneathIt() throws {
        let layout = """
            VStack(alignment: .leading) {
                Text("Shuffle")
                Spacer(minLength: 300)
                Text("Now playing").font(.headline)
            }
            """
        let texts = try screenAudit(layout, "style=dark&color=6a6a6a").checks(.textContrast)
        #expect(texts.map(\.element.location.line) == [2, 4])
        let (body, headline) = (texts[0].check, texts[1].check)
        #expect(!body.pass && body.aa.required == 4.5 && body.aa.criterion == "1.4.3")
        #expect(try #require(body.ratio) < 4.5 && body.aaa?.criterion == "1.4.6")
        #expect(body.detail.contains("#ffffff"))
        // The headline, 17-point semibold, is large text, on the darker end of the gradient.
        #expect(headline.pass && headline.aa.required == 3 && headline.aaa?.required == 4.5)
        #expect(try #require(headline.ratio) > body.ratio!)

        // On the light style's flat offWhite, black text: 16.17:1 by hand (SPEC §7).
        let light = try #require(try screenAudit("Text(\"Shuffle\")").checks(.textContrast).first)
        #expect(light.pass && light.check.aaa?.pass == true)
        #expect(abs(try #require(light.check.ratio) - 16.17) < 0.005)
    }

    /// Text and an icon inside a card or a well sit on its face, not on the screen's background:
    /// they are drawn and measured on it. On a blue screen (#336699) the light style's card and well
    /// are offWhite (225, 225, 235, SPEC §2), the text on them black: its ratio worked out here from
    /// the two colours by WCAG's relative luminance, and the system gray icon (142, 142, 147) likewise.
    @Test(arguments: ["Card", "Well"])
    func textAndIconsInAPanelAreMeasuredOnItsFace(panel: String) throws {
        func luminance(_ red: Double, _ green: Double, _ blue: Double) -> Double {
            func linear(_ channel: Double) -> Double {
                let c = channel / 255
                return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
        func ratio(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }
        let offWhite = luminance(225, 225, 235), black = luminance(0, 0, 0), gray = luminance(142, 142, 147)
        let layout = "\(panel) {\n    VStack {\n        Text(\"Total\")\n        Image(icon: .star)\n    }\n    .padding(20)\n}"
        let audit = try screenAudit(layout, "style=light&background=336699")
        let text = try #require(audit.checks(.textContrast).first)
        #expect(text.element.words == "Text at line 3, column 9")
        #expect(text.check.detail.contains("#000000") && text.check.detail.contains("#e1e1eb"), "\(text.check.detail)")
        #expect(abs(try #require(text.check.ratio) - ratio(black, offWhite)) < 0.005)
        let icon = try #require(audit.checks(.iconContrast).first)
        #expect(icon.check.detail.contains("#e1e1eb"), "\(icon.check.detail)")
        #expect(abs(try #require(icon.check.ratio) - ratio(gray, offWhite)) < 0.005)
    }

    /// An icon on its own is a graphic: 3:1 (1.4.11). The light style's system gray is 2.51:1 on offWhite.
    @Test func anIconIsHeldToTheNonTextThreshold() throws {
        let audit = try screenAudit("VStack {\n    Image(icon: .star)\n    Image(icon: .none)\n}")
        let icons = audit.checks(.iconContrast)
        #expect(icons.count == 1, "an icon of none draws nothing to measure")
        let icon = try #require(icons.first)
        #expect(icon.element.words == "Image at line 2, column 5")
        #expect(!icon.pass && icon.check.aa.required == 3 && icon.check.aa.criterion == "1.4.11" && icon.check.aaa == nil)
        #expect(abs(try #require(icon.check.ratio) - 2.51) < 0.005)
        #expect(try screenAudit("Image(icon: .star)", "contrast=high").checks(.iconContrast).first?.pass == true)
    }

    /// A control is audited as its own audit does, on the ground it sits on and with the margin it
    /// takes alone, so its checks are those of `/audit` of its spec on that background.
    @Test func aControlIsAuditedOnTheGroundItSitsOn() throws {
        let screen = try screenAudit("HStack {\n    Toggle(isOn: true)\n}", "style=soft&background=336699")
        let own = try audit("component=toggle&on=true&style=soft&background=336699")
        let toggle = screen.checks.filter { $0.check.id != .targetSpacing }
        #expect(toggle.map(\.check.id) == own.checks.map(\.id))
        #expect(toggle.map(\.check.ratio) == own.checks.map(\.ratio))
        #expect(toggle.map(\.check.detail) == own.checks.map(\.detail))
        #expect(toggle.allSatisfy { $0.element.words == "Toggle at line 2, column 5" })
    }

    @Test func theScreenPassesWhenEveryCheckDoes() throws {
        let passing = try screenAudit("VStack {\n    Text(\"Hi\")\n    Button(icon: .play)\n}", "contrast=high")
        #expect(passing.pass, "\(passing.checks.filter { !$0.pass }.map(\.check.detail))")
        let failing = try screenAudit("VStack {\n    Text(\"Hi\")\n    Button(icon: .play)\n}")
        #expect(!failing.pass)
        #expect(
            failing.query
                == (try ScreenRequest.parse(query: "source=" + ScreenSource.encode("VStack { Text(\"Hi\") Button(icon: .play) }")))
                .canonicalQuery)
    }

    /// What is audited otherwise than as drawn is said once, for the whole screen.
    @Test func anAnimationOrLowVisionIsNoted() throws {
        #expect(try screenAudit("Button()").note == nil)
        #expect(try screenAudit("Button()", "animate=true").note?.contains("state it ends on") == true)
        #expect(
            try screenAudit("Text(\"Hi\")", "simulate=lowvision").note?.contains("text and icons are measured on their colours")
                == true)
        // Achromatopsia keeps luminance, and with it every contrast ratio, to the grey byte nearest it.
        let seen = try #require(try screenAudit("Text(\"Hi\")", "style=dark&simulate=achromatopsia").checks.first?.check.ratio)
        let drawn = try #require(try screenAudit("Text(\"Hi\")", "style=dark").checks.first?.check.ratio)
        #expect(abs(seen / drawn - 1) < 0.01)
    }
}

@Suite("Screen audit of SwiftUI's layout")
struct ScreenLayoutAuditTests {
    /// The gallery's sign-in form: a secondary text is measured in the colour it is drawn in, the
    /// primary mixed 60 % over its ground; the fields its card holds are audited at the width the
    /// layout gave them, and the card and the button where they stand.
    @Test func aSecondaryTextAndFlexibleControlsAreAuditedAsDrawn() throws {
        let audit = try screenAudit(ScreenShowcase.signIn.layout, "style=light")
        let texts = audit.checks(.textContrast)
        #expect(texts.map(\.element.location.line) == [2, 3, 14])
        let secondary = ScreenDrawing.textColor(.secondary, on: .color(Palette.offWhite))
        let hex = [secondary.red, secondary.green, secondary.blue].map { channel in
            let byte = Int((channel * 255).rounded())
            return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }.joined()
        #expect(texts[1].check.detail.contains("The text, #\(hex),") && texts[2].check.detail.contains("#\(hex)"))
        #expect(texts[0].check.detail.contains("The text, #000000,"))
        // Black at 60 % over offWhite falls from 16.17:1 to 5.29:1: past 4.5 (AA), short of 7 (AAA).
        #expect(texts[1].pass && texts[1].check.aaa?.pass == false)
        #expect(abs(try #require(texts[1].check.ratio) - 5.29) < 0.005)
        // The bold large title is large text, held to 3:1.
        #expect(texts[0].check.aa.required == 3)
        let fields = audit.checks(.targetSize).filter { $0.element.name == "TextField" }
        #expect(fields.map(\.element.location.line) == [6, 7])
        // 390 less the 24-point edges and the card's 20-point padding on each side.
        #expect(fields.allSatisfy { $0.check.detail.contains("302×48 points") }, "\(fields.map(\.check.detail))")
        #expect(audit.checks.contains { $0.element.words == "Card at line 4, column 5" })
        #expect(audit.checks(.targetSpacing).map(\.element.name) == ["TextField", "TextField", "Checkbox", "Button"])
    }
}
