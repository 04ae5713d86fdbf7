import Testing

@testable import ReliefSpec

/// SPEC §13's segmented control and tab bar: their words, icons, chosen one and animation start, and
/// the 400s of issue 24 for each.
@Suite("Segmented control and tab bar parameters")
struct ChoiceControlParameterTests {
    @Test func theDefaultsAreSpecThirteens() throws {
        let segmented = try #require(try RenderSpec.parse(query: "component=segmented").component.segmentedOptions)
        #expect(segmented.segments == ["Day", "Week", "Month"])
        #expect(segmented.selection.selected == 1)
        #expect((segmented.frame.width, segmented.frame.height, segmented.frame.radius) == (280, 44, 22))
        let tabbar = try #require(try RenderSpec.parse(query: "component=tabbar").component.tabbarOptions)
        #expect(tabbar.tabs == [.heart, .star, .bell])
        #expect(tabbar.labels == nil)
        #expect(tabbar.selection.selected == 1)
        #expect((tabbar.frame.width, tabbar.frame.height, tabbar.frame.radius) == (320, 64, 20))
    }

    /// A comma inside a word is written `\,` and a backslash `\\`, so that every word has one spelling;
    /// a backslash before anything else is itself.
    @Test func aCommaInsideAWordIsEscaped() throws {
        let segmented = try RenderSpec.parse(query: "component=segmented&segments=Yes%5C%2C%20please,No,a%5Cb")
        #expect(segmented.component.segmentedOptions?.segments == ["Yes, please", "No", "a\\b"])
        #expect(segmented.canonicalQuery.contains("&segments=Yes%5C%2C%20please%2CNo%2Ca%5C%5Cb&"))
        #expect(try RenderSpec.parse(query: segmented.canonicalQuery).canonicalQuery == segmented.canonicalQuery)
    }

    @Test(arguments: [
        ["Yes, please", "No"], ["a\\", ",", "\\,"], ["", ""], ["plain"], ["\\\\", "x,y,z"],
    ])
    func listTextReadsBackWhatItWrites(items: [String]) {
        #expect(ListText.items(ListText.joined(items)) == items)
    }

    @Test func wordsIconsAndTheChosenOneAreKeptAndWrittenBackCanonically() throws {
        let segmented = try RenderSpec.parse(query: "component=segmented&segments=%D9%8A%D9%88%D9%85,Week&selected=2")
        #expect(segmented.component.segmentedOptions?.segments == ["يوم", "Week"])
        #expect(segmented.canonicalQuery.contains("&segments=%D9%8A%D9%88%D9%85%2CWeek&selected=2"))
        let tabbar = try RenderSpec.parse(query: "component=tabbar&tabs=play,pause,plus,check,power&labels=a,b,c,d,e&selected=5")
        #expect(tabbar.component.tabbarOptions?.tabs == [.play, .pause, .plus, .check, .power])
        #expect(tabbar.component.tabbarOptions?.labels == ["a", "b", "c", "d", "e"])
        #expect(tabbar.canonicalQuery.contains("&tabs=play%2Cpause%2Cplus%2Ccheck%2Cpower&labels=a%2Cb%2Cc%2Cd%2Ce&selected=5"))
        // At their defaults they stay in the canonical query, as every component's own parameters do.
        #expect(try RenderSpec.parse(query: "component=tabbar").canonicalQuery.contains("&tabs=heart%2Cstar%2Cbell&selected=1"))
    }

    @Test(arguments: [
        ("component=segmented&segments=Day", "segments", "it has 1 value"),
        ("component=segmented&segments=a,b,c,d,e,f", "segments", "it has 6 values"),
        ("component=segmented&segments=Day,abcdefghijklmnopqrstu", "segments", "value 2"),
        ("component=segmented&segments=Day,,Week", "segments", "value 2, \"\", is refused: it is empty"),
        ("component=segmented&selected=4", "selected", "one of the 3 segments of segments (1 to 3)"),
        ("component=segmented&selected=1.5", "selected", "it is not a whole number"),
        ("component=tabbar&selected=0", "selected", "a whole number from 1 to 5"),
        ("component=tabbar&tabs=heart,rocket", "tabs", "value 2, \"rocket\", is refused"),
        ("component=tabbar&tabs=heart,none", "tabs", "value 2, \"none\", is refused"),
        ("component=tabbar&tabs=heart,star&labels=a,b,c", "labels", "one word for each of the 2 tabs; got 3"),
        ("component=tabbar&selected=4", "selected", "one of the 3 tabs of tabs (1 to 3)"),
        ("component=segmented&animate=true&from=4", "from", "one of the 3 segments of segments (1 to 3)"),
        ("component=tabbar&animate=true&from=1.5", "from", "one of the 3 tabs of tabs (1 to 3)"),
        ("component=button&from=1", "from", "a button has no values"),
        ("component=switch&animate=true&from=1", "from", "a switch has no values"),
    ])
    func badInputIsRefusedNamingTheParameterAndWhatIsAllowed(query: String, parameter: String, words: String) throws {
        let error = try #require(specError(query), "\(query) was accepted")
        #expect(error.parameter == parameter)
        #expect(!error.allowed.isEmpty)
        #expect(error.detail.contains(words), "\(error.detail)")
    }

    @Test func theAnimationStartsFromFromOrTheNeighbourOfTheChosenOne() throws {
        let start = { (query: String) in
            try #require(try RenderSpec.parse(query: query).component.segmentedOptions).selection.start
        }
        #expect(try start("component=segmented&animate=true") == 2)
        #expect(try start("component=segmented&animate=true&selected=3") == 1)
        #expect(try start("component=segmented&animate=true&selected=2&from=3") == 3)
        // from applies only to an animation: a still ignores it, as it does fps.
        let still = try RenderSpec.parse(query: "component=segmented&selected=2&from=3")
        #expect(still.component.segmentedOptions?.selection.givenFrom == nil)
        #expect(!still.canonicalQuery.contains("from="))
    }

    @Test func theOtherStateIsTheStartChosenAndStartingFromTheChosenOne() throws {
        let spec = try RenderSpec.parse(query: "component=tabbar&animate=true&selected=2&from=3")
        let other = try #require(spec.otherState.component.tabbarOptions)
        #expect(other.selection.selected == 3)
        #expect(other.selection.start == 2)
        #expect(spec.otherState.otherState == spec)
    }
}
