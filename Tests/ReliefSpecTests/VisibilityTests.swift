import ReliefSpec
import Testing

@Suite("Visible characters and grapheme clusters")
struct VisibilityTests {
    @Test(arguments: [
        "", "   ", "\u{3000}\u{00A0}", "\u{200B}\u{061C}\u{200F}", "\u{FE0F}\u{200D}", "\u{3164}", "\u{2066}\u{2069}",
    ])
    func onlySpacesAndInvisibleCharactersShowNothing(text: String) {
        #expect(!text.hasVisibleCharacters)
    }

    @Test(arguments: ["a", " a ", "開", "🍕", "\u{061C}Hello", "\u{0301}", "\u{10FFFD}"])
    func anyCharacterWithAGlyphShows(text: String) {
        #expect(text.hasVisibleCharacters)
    }

    @Test func graphemeClustersCountAsOneCharacterEach() {
        #expect("👨‍👩‍👧".graphemeClusterCount == 1)
        #expect("🇯🇵🇫🇷".graphemeClusterCount == 2)
        #expect("e\u{301}".graphemeClusterCount == 1)
        #expect("नमस्ते".graphemeClusterCount == 3)
        #expect("Order now".graphemeClusterCount == 9)
    }
}
