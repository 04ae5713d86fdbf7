import Testing

@testable import ReliefService

@Suite("Where the playground is found")
struct PlaygroundLocationTests {
    @Test func anInstalledBinaryLooksInItsPrefixsShare() {
        #expect(PlaygroundLocation.candidates(forExecutableAt: "/usr/local/bin/relief") == ["/usr/local/share/relief/Public"])
        #expect(PlaygroundLocation.candidates(forExecutableAt: "/opt/relief/bin/relief") == ["/opt/relief/share/relief/Public"])
    }

    @Test func aBinaryBuiltInACheckoutAlsoLooksInTheCheckout() {
        #expect(
            PlaygroundLocation.candidates(forExecutableAt: "/src/relief/.build/release/relief")
                == ["/src/relief/.build/share/relief/Public", "/src/relief/Public"])
        #expect(
            PlaygroundLocation.candidates(forExecutableAt: "/src/relief/.build/x86_64-unknown-linux-gnu/debug/relief")
                .last == "/src/relief/Public")
        // make test-sanitizers builds the tests in .build-tsan and .build-asan beside .build.
        #expect(
            PlaygroundLocation.candidates(forExecutableAt: "/src/relief/.build-tsan/x86_64-unknown-linux-gnu/debug/relief")
                .last == "/src/relief/Public")
        #expect(
            PlaygroundLocation.candidates(forExecutableAt: "/src/relief/.builds/debug/relief")
                == ["/src/relief/.builds/share/relief/Public"])
    }

    @Test func theRunningTestsFindTheCheckoutsPlayground() throws {
        // The test bundle runs from .build in the checkout, like `swift run relief`.
        let found = try #require(PlaygroundLocation.find())
        #expect(found.hasSuffix("/Public"))
        #expect(PlaygroundLocation.find(forExecutableAt: "/nonexistent/bin/relief") == nil)
    }
}
