import ReliefAudit
import ReliefRender
import ReliefSpec
import Testing

@Suite("Accessibility audit")
struct AccessibilityAuditTests {
    @Test func theLightIconIsSystemGrayOnOffWhite() throws {
        let audit = try AccessibilityAudit(spec: RenderSpec.parse(query: "style=light"), renderer: Renderer())
        let label = try #require(audit.checks.first { $0.id == "label-contrast" })
        // 2.51:1 by hand (SPEC §7): the icon's fully covered pixels are exactly system gray.
        #expect(try #require(label.ratio) > 2.505 && label.ratio! < 2.515)
        #expect(!label.pass)
        #expect(!audit.pass)
    }
}
