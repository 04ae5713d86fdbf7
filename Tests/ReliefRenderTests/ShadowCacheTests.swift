import ReliefRender
import ReliefSpec
import Testing

/// Wide shadows kept from one render for the next: the pictures are those drawn without the cache,
/// byte for byte, and the cache holds no more than its bound.
@Suite("Shadow cache")
struct ShadowCacheTests {
    static func renderer(_ cache: ShadowCache?) -> Renderer {
        var configuration = Renderer.Configuration()
        configuration.shadowCache = cache
        return Renderer(configuration: configuration)
    }

    static let uncached = renderer(nil)

    /// Scenes of wide shadows (σ of 20 pixels and more, in several bands), each on two backgrounds:
    /// the second finds the first's shadows.
    @Test(arguments: [
        "component=card&style=light&scale=2", "style=light&scale=2", "style=colorful&pressed=true&scale=2",
        "component=card&style=dark&scale=2&margin=41", "style=dark&shape=capsule&width=160&height=56&scale=2&label=Order",
    ])
    func aShadowFoundInTheCacheDrawsTheSamePicture(query: String) throws {
        let cache = ShadowCache(capacityBytes: 64 << 20)
        let cached = Self.renderer(cache)
        for background in ["d8e0ea", "12d687"] {
            let spec = try RenderSpec.parse(query: query + "&background=" + background)
            let found = try cached.image(for: spec), made = try Self.uncached.image(for: spec)
            #expect(found.width == made.width && found.height == made.height)
            #expect(found.rgba == made.rgba, "\(query) on \(background)")
        }
        let counters = cache.counters
        #expect(counters.misses > 0 && counters.hits == counters.misses, "\(counters)")
        #expect(counters.bytes > 0 && counters.bytes <= counters.capacityBytes)
    }

    /// A bound smaller than a shadow keeps none, and lowering the bound forgets the oldest.
    @Test func theCacheKeepsWithinItsBound() throws {
        let spec = try RenderSpec.parse(query: "component=card&style=light&scale=2")
        let tiny = ShadowCache(capacityBytes: 1024)
        _ = try Self.renderer(tiny).image(for: spec)
        _ = try Self.renderer(tiny).image(for: spec)
        #expect(tiny.counters.bytes == 0 && tiny.counters.hits == 0 && tiny.counters.misses == 4)

        let cache = ShadowCache(capacityBytes: 64 << 20)
        for width in [300, 301, 302] {
            _ = try Self.renderer(cache).image(for: RenderSpec.parse(query: "component=card&style=light&scale=2&width=\(width)"))
        }
        let full = cache.counters.bytes
        cache.setCapacity(bytes: full / 2)
        #expect(cache.counters.bytes > 0 && cache.counters.bytes <= full / 2)
    }
}
