import ReliefRender
import ReliefSpec
import Testing

/// The element a component is in `format=html`: its tag and every attribute, as assistive technology
/// reads them.
@Suite("HTML element")
struct HTMLElementTests {
    /// The tag and attributes of the component's element, the page's first, in the page of `query`.
    static func element(of query: String) throws -> (tag: String, attributes: [String: String]) {
        let spec = try RenderSpec.parse(query: query + "&format=html")
        let page = String(decoding: try Renderer().file(for: spec).bytes, as: UTF8.self)
        let className = "class=\"relief-screen-1\""
        let line = try #require(page.split(separator: "\n").first { $0.hasPrefix("<") && $0.contains(className) })
        let tag = try #require(line.dropFirst().split(separator: " ").first)
        var attributes: [String: String] = [:]
        for match in line.matches(of: /([a-z-]+)="([^"]*)"/) {
            attributes[String(match.1)] = String(match.2)
        }
        return (String(tag), attributes)
    }

    @Test func aSliderIsAFocusableSliderWithItsValueAsAPercentage() throws {
        let (tag, attributes) = try Self.element(of: "component=slider&value=0.25")
        #expect(tag == "div")
        #expect(
            attributes == [
                "class": "relief-screen-1", "role": "slider", "tabindex": "0", "aria-valuemin": "0",
                "aria-valuemax": "100", "aria-valuenow": "25", "aria-label": "slider",
            ])
    }

    @Test func aSliderWithStepsNamesItsStop() throws {
        // 0.6 snaps to the nearest of the five stops, 0.5.
        let (_, attributes) = try Self.element(of: "component=slider&value=0.6&steps=4")
        #expect(attributes["aria-valuenow"] == "50")
        #expect(attributes["aria-valuetext"] == "50 %, step 2 of 4")
    }

    @Test func aContinuousValueKeepsItsHundredthsOfAPercent() throws {
        let (_, attributes) = try Self.element(of: "component=slider&value=0.2575")
        #expect(attributes["aria-valuenow"] == "25.75")
        #expect(attributes["aria-valuetext"] == nil)
    }

    @Test(arguments: ["component=progress", "component=progress&circular=true"])
    func aProgressIndicatorIsAProgressBarWithItsValue(query: String) throws {
        let (tag, attributes) = try Self.element(of: query + "&value=0.6")
        #expect(tag == "div")
        #expect(
            attributes == [
                "class": "relief-screen-1", "role": "progressbar", "aria-valuemin": "0", "aria-valuemax": "100",
                "aria-valuenow": "60", "aria-label": "progress",
            ])
    }

    @Test func aSwitchIsAButtonWithItsState() throws {
        let (tag, attributes) = try Self.element(of: "component=switch&on=true")
        #expect(tag == "button")
        #expect(
            attributes == [
                "type": "button", "class": "relief-screen-1", "role": "switch", "aria-checked": "true", "aria-label": "switch",
            ])
    }

    @Test func aCardIsAPictureWithoutARoleOrName() throws {
        let (tag, attributes) = try Self.element(of: "component=card")
        #expect(tag == "div")
        #expect(attributes == ["class": "relief-screen-1"])
    }
}
