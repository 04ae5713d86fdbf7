import Testing

@testable import ReliefService

@Suite("Entity tags and If-None-Match")
struct EntityTagTests {
    let tag = EntityTag(opaqueTag: "r1-0123456789abcdef")

    @Test(arguments: [
        "\"r1-0123456789abcdef\"",
        "W/\"r1-0123456789abcdef\"",
        "\"other\", \"r1-0123456789abcdef\"",
        "\"other\",W/\"r1-0123456789abcdef\" , \"third\"",
        "*",
        "  *  ",
    ])
    func matches(field: String) {
        #expect(tag.isMatched(byIfNoneMatch: field))
    }

    @Test(arguments: [
        "", "\"other\"", "r1-0123456789abcdef", "\"r1-0123456789abcde\"", "\"r1-0123456789abcdef", "W/ \"x\"",
        "\"a\", *", "\"R1-0123456789ABCDEF\"",
    ])
    func doesNotMatch(field: String) {
        #expect(!tag.isMatched(byIfNoneMatch: field))
    }

    @Test func listsAreReadInOrderAndMalformedMembersSkipped() {
        let tags = EntityTag.tags(inList: "\"a\", bogus, W/\"b\",,\"c,d\"")
        #expect(tags == [EntityTag(opaqueTag: "a"), EntityTag(opaqueTag: "b", isWeak: true), EntityTag(opaqueTag: "c,d")])
    }

    @Test func renderTagsAreStrongStableAndDependOnVersionAndQuery() {
        let a = EntityTag.forRender(canonicalQuery: "component=button&style=light", rendererVersion: "1")
        #expect(a == EntityTag.forRender(canonicalQuery: "component=button&style=light", rendererVersion: "1"))
        #expect(a != EntityTag.forRender(canonicalQuery: "component=button&style=dark", rendererVersion: "1"))
        #expect(a != EntityTag.forRender(canonicalQuery: "component=button&style=light", rendererVersion: "2"))
        #expect(!a.isWeak)
        #expect(a.headerValue.hasPrefix("\"") && a.headerValue.hasSuffix("\""))
        // FNV-1a 64 is fixed: the tag of a query never changes between runs or machines.
        #expect(FNV1a.hexDigest("".utf8) == "cbf29ce484222325")
        #expect(FNV1a.hexDigest("a".utf8) == "af63dc4c8601ec8c")
    }

    /// The fast encoding's tag differs from the final bytes' in both directions, so neither
    /// revalidates the other: a cache holding the fast bytes is sent the final ones.
    @Test func theFastEncodingHasATagOfItsOwn() {
        let final = EntityTag.forRender(canonicalQuery: "component=button&style=light", rendererVersion: "1")
        let fast = final.fastEncoding
        #expect(fast != final && !fast.isWeak)
        #expect(fast == EntityTag.forRender(canonicalQuery: "component=button&style=light", rendererVersion: "1").fastEncoding)
        #expect(!final.isMatched(byIfNoneMatch: fast.headerValue))
        #expect(!fast.isMatched(byIfNoneMatch: final.headerValue))
        #expect(final.isMatched(byIfNoneMatch: fast.headerValue + ", " + final.headerValue))
    }

    @Test func contentTagsFollowTheBytes() {
        #expect(EntityTag.forContent([1, 2, 3]) == EntityTag.forContent([1, 2, 3]))
        #expect(EntityTag.forContent([1, 2, 3]) != EntityTag.forContent([1, 2, 4]))
    }
}
