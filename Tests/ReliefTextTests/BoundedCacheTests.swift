import Testing

@testable import ReliefText

@Suite("Bounded cache")
struct BoundedCacheTests {
    @Test func holdsAtMostTwiceItsCapacity() {
        var cache = BoundedCache<Int, String>(capacity: 4)
        for key in 0..<100 { cache.insert(String(key), for: key) }
        #expect(cache.count <= 8)
        #expect(cache.value(for: 99) == "99")
        #expect(cache.value(for: 0) == nil)
    }

    @Test func recentlyUsedEntriesSurviveAGenerationChange() {
        var cache = BoundedCache<Int, String>(capacity: 2)
        cache.insert("a", for: 1)
        cache.insert("b", for: 2)
        cache.insert("c", for: 3)  // 1 and 2 move to the older generation
        #expect(cache.value(for: 1) == "a")  // promoted back
        cache.insert("d", for: 4)  // 3 and 1 become older, 2 is dropped
        #expect(cache.value(for: 1) == "a")
        #expect(cache.value(for: 2) == nil)
    }
}
