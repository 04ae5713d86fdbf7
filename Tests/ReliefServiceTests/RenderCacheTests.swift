import Dispatch
import Testing

@testable import ReliefService

@Suite("Render cache")
struct RenderCacheTests {
    private func entry(_ size: Int, _ fill: UInt8 = 1) -> RenderCache.Entry {
        RenderCache.Entry(bytes: [UInt8](repeating: fill, count: size), renderDuration: .zero, encodeDuration: .zero)
    }

    /// Fetches `key`, producing `value` synchronously when asked; returns the answer and whether it rendered.
    private func fetch(_ cache: RenderCache, _ key: String, _ value: RenderCache.Entry) async
        -> (entry: RenderCache.Entry?, source: RenderCache.Source)
    {
        await withCheckedContinuation { continuation in
            cache.fetch(key, produce: { flight in flight.deliver(.success(value)) }) { result, source in
                continuation.resume(returning: (try? result.get(), source))
            }
        }
    }

    @Test func aSecondFetchHitsWithoutRendering() async {
        let cache = RenderCache(capacityBytes: 10_000)
        let first = await fetch(cache, "a", entry(100))
        let second = await fetch(cache, "a", entry(100, 2))
        #expect(first.source == .miss)
        #expect(second.source == .hit)
        #expect(second.entry?.bytes == first.entry?.bytes)
        let statistics = cache.statistics
        #expect(statistics.hits == 1)
        #expect(statistics.misses == 1)
        #expect(statistics.entries == 1)
        #expect(statistics.bytes == RenderCache.cost(of: entry(100), key: "a"))
    }

    @Test func aSmallerEncodingReplacesOnlyAnEntryThatCanShrink() async {
        let cache = RenderCache(capacityBytes: 10_000)
        var fast = entry(300)
        fast.canShrink = true
        _ = await fetch(cache, "fast", fast)
        _ = await fetch(cache, "final", entry(300))
        #expect(cache.replace("fast", with: entry(100, 2)))
        #expect(await fetch(cache, "fast", entry(1)).entry == entry(100, 2))
        #expect(!cache.replace("fast", with: entry(50, 3)), "already its smallest")
        #expect(!cache.replace("final", with: entry(100, 2)), "never encoded fast")
        #expect(!cache.replace("evicted", with: entry(100, 2)), "nothing is added back")
        #expect(cache.statistics.shrunk == 1 && cache.statistics.entries == 2)
        #expect(
            cache.statistics.bytes == RenderCache.cost(of: entry(100), key: "fast")
                + RenderCache.cost(of: entry(300), key: "final"))
    }

    @Test func lookupsMoveEntriesToTheFrontOfTheRecencyOrder() async {
        let cache = RenderCache(capacityBytes: 10_000)
        for key in ["a", "b", "c"] {
            _ = await fetch(cache, key, entry(10))
        }
        #expect(cache.keysByRecency == ["c", "b", "a"])
        _ = await fetch(cache, "a", entry(10))
        #expect(cache.keysByRecency == ["a", "c", "b"])
    }

    @Test func theLeastRecentlyUsedEntriesGoFirstWhenTheBudgetIsFull() async {
        let cost = RenderCache.cost(of: entry(1000), key: "a")
        let cache = RenderCache(capacityBytes: 3 * cost)
        for key in ["a", "b", "c"] {
            _ = await fetch(cache, key, entry(1000))
        }
        _ = await fetch(cache, "a", entry(1000))  // "b" is now the least recently used
        _ = await fetch(cache, "d", entry(1000))
        #expect(cache.keysByRecency == ["d", "a", "c"])
        var statistics = cache.statistics
        #expect(statistics.evictions == 1)
        #expect(statistics.entries == 3)
        #expect(statistics.bytes == 3 * cost)
        #expect(statistics.bytes <= statistics.capacityBytes)

        // One entry twice the size pushes out two.
        _ = await fetch(cache, "e", entry(2 * 1000 + RenderCache.entryOverhead + 1))
        statistics = cache.statistics
        #expect(cache.keysByRecency == ["e", "d"])
        #expect(statistics.evictions == 3)
        #expect(statistics.bytes <= statistics.capacityBytes)
    }

    @Test func anEntryLargerThanTheBudgetIsServedButNotStored() async {
        let cache = RenderCache(capacityBytes: 1000 + RenderCache.entryOverhead)
        _ = await fetch(cache, "small", entry(100))
        let big = await fetch(cache, "big", entry(5000))
        #expect(big.entry?.bytes.count == 5000)
        #expect(big.source == .miss)
        #expect(cache.keysByRecency == ["small"])
        #expect(cache.statistics.evictions == 0)
        let again = await fetch(cache, "big", entry(5000))
        #expect(again.source == .miss)
    }

    @Test func failuresReachEveryWaiterAndAreNotStored() async {
        let cache = RenderCache(capacityBytes: 1000)
        let failed = await withCheckedContinuation { continuation in
            cache.fetch("x", produce: { $0.deliver(.failure(.overloaded(retryAfter: 1))) }) { result, _ in
                continuation.resume(returning: result)
            }
        }
        #expect(failed == .failure(.overloaded(retryAfter: 1)))
        #expect(cache.statistics.entries == 0)
        #expect(await fetch(cache, "x", entry(10)).source == .miss)
    }

    @Test func twentyConcurrentFetchesOfOneKeyRenderOnce() async throws {
        let cache = RenderCache(capacityBytes: 1 << 20)
        let renders = Counter()
        let release = DispatchSemaphore(value: 0)
        let image = entry(4096, 7)
        // Left by each fetch once it has started or joined the render.
        let asked = DispatchGroup()
        let results = await withTaskGroup(of: (RenderCache.Entry?, RenderCache.Source).self) { group in
            for _ in 0..<20 {
                asked.enter()
                group.addTask {
                    await withCheckedContinuation { continuation in
                        cache.fetch(
                            "one",
                            produce: { flight in
                                renders.increment()
                                DispatchQueue.global().async {
                                    release.wait()
                                    flight.deliver(.success(image))
                                }
                            }
                        ) { result, source in
                            continuation.resume(returning: (try? result.get(), source))
                        }
                        asked.leave()
                    }
                }
            }
            // Let the render finish only once all twenty are waiting for it.
            await withCheckedContinuation { continuation in
                asked.notify(queue: .global()) { continuation.resume() }
            }
            release.signal()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(renders.count == 1)
        #expect(results.count == 20)
        #expect(results.allSatisfy { $0.0 == image && $0.1 == .miss })
        #expect(cache.statistics.entries == 1)
        #expect(await fetch(cache, "one", entry(1)).source == .hit)
    }
}
