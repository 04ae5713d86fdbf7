import Testing

@testable import ReliefSpec

@Suite("Plain decimal numbers")
struct DecimalTextTests {
    @Test(arguments: [
        (80.0, "80"), (80.5, "80.5"), (0, "0"), (1024, "1024"), (0.1, "0.1"), (0.0001, "0.0001"),
        (0.00001, "0.00001"), (0.0000000001, "0.0000000001"), (1.5e-7, "0.00000015"), (123.456, "123.456"),
        (1e16, "10000000000000000"), (-2.5, "-2.5"), (16.000000001, "16.000000001"),
        // Whole numbers below 2⁵³ take a shorter way, those from it on the general one: both spell alike.
        (-3, "-3"), (-0.0, "0"), (9_007_199_254_740_991, "9007199254740991"),
        (9_007_199_254_740_992, "9007199254740992"), (-9_007_199_254_740_994, "-9007199254740994"),
    ])
    func formatsInShortestPlainForm(value: Double, text: String) {
        #expect(DecimalText.format(value) == text)
    }

    @Test(arguments: ["0", "80", "80.5", "0.0000000001", "999999999999"])
    func formattedNumbersReadBack(text: String) throws {
        let value = try #require(DecimalText.parse(text))
        #expect(DecimalText.parse(DecimalText.format(value)) == value)
    }

    @Test(arguments: [
        "", ".", ".5", "5.", "1.2.3", "-1", "+1", "1e3", "1E3", "0x1F", "nan", "NaN", "inf", " 1", "1 ",
        "1234567890123", "١", "１",
    ])
    func refusesAnythingButDigitsAndOnePoint(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }
}
