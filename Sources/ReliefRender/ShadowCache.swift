import ReliefGeometry
import ReliefLock
import ReliefRaster
import ReliefScene

/// Wide shadows' blurred alpha kept from one render for the next, least recently used first out,
/// within a byte bound.
///
/// A shadow's blurred alpha depends on what casts it (its content, drawn for its alpha), where
/// (its translation and the region read), the blur, the offset and the scale, not on the colours of
/// the background around it nor on the shadow's own colour: a mockup's hundred backgrounds behind
/// one control blur its shadows once. Only the wide shadows are kept (``PixelRenderer``): their
/// cells are a 16th of the pixels or less, while gathering and blurring them is a fifth of a card's
/// render. An entry is the shadow the render would make, to the bit, so pixels are those of a render
/// without the cache.
public final class ShadowCache: Sendable {
    /// What a wide shadow's alpha depends on.
    struct Key: Hashable {
        /// What casts the shadow, as laid out.
        var content: PlacedNode
        /// The sum of the offsets around the content, in points.
        var translation: Point
        /// The region the shadow is cast over, in pixels.
        var region: PixelRect
        var sigma: Double
        var offset: Point
        var scale: Double
        /// Rows in each band the content is drawn in.
        var bandRows: Int
    }

    /// How often a shadow was found and made, and what the kept ones hold.
    public struct Counters: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        /// Bytes of the shadows kept now.
        public var bytes = 0
        /// The most their bytes may add up to.
        public var capacityBytes = 0
    }

    private struct State {
        var entries: [Key: (shadow: CastShadow, bytes: Int, lastUse: Int)] = [:]
        var clock = 0
        var counters: Counters
    }

    private let state: Locked<State>

    /// The cache every render of this process shares, at the default render budget's bound until
    /// ``setCapacity(bytes:)`` says otherwise.
    public static let shared = ShadowCache(capacityBytes: capacityBytes(renderBudget: 256 << 20))

    /// The bound within a render budget (`relief serve --render-mb`) of `renderBudget` bytes: a
    /// 32nd of it, 8 MiB of the default 256 MiB, where a light card's two shadows at scale 2 take
    /// 0.5 MiB.
    public static func capacityBytes(renderBudget: Int) -> Int { renderBudget / 32 }

    /// A cache that keeps at most `capacityBytes` of shadows; 0 keeps none.
    public init(capacityBytes: Int) {
        state = Locked(State(counters: Counters(capacityBytes: max(0, capacityBytes))))
    }

    /// Keeps at most `bytes` from now on, forgetting the least recently used shadows beyond them.
    public func setCapacity(bytes: Int) {
        state.withLock { state in
            state.counters.capacityBytes = max(0, bytes)
            Self.evict(&state, toFit: 0)
        }
    }

    /// The counters now.
    public var counters: Counters { state.withLock { $0.counters } }

    /// The shadow of `key`, made by `make` (outside the lock) when none is kept, and kept if it fits.
    /// An entry counts its shadow's cells and what its key holds (outlines, colour glyphs' pixels).
    func shadow(for key: Key, make: () -> CastShadow) -> CastShadow {
        let kept = state.withLock { state -> CastShadow? in
            state.clock += 1
            guard let entry = state.entries[key] else {
                state.counters.misses += 1
                return nil
            }
            state.counters.hits += 1
            state.entries[key]!.lastUse = state.clock
            return entry.shadow
        }
        if let kept { return kept }
        let made = make()
        let bytes = made.bytes + key.content.heldBytes
        state.withLock { state in
            guard bytes <= state.counters.capacityBytes, state.entries[key] == nil else { return }
            Self.evict(&state, toFit: bytes)
            var kept = key
            kept.content = key.content.rebuiltForCache()
            state.entries[kept] = (made, bytes, state.clock)
            state.counters.bytes += bytes
        }
        return made
    }

    /// Forgets the least recently used shadows until `bytes` more fit.
    private static func evict(_ state: inout State, toFit bytes: Int) {
        while state.counters.bytes + bytes > state.counters.capacityBytes,
            let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
        {
            state.entries[oldest.key] = nil
            state.counters.bytes -= oldest.value.bytes
        }
    }
}

extension PlacedNode {
    /// About the bytes the node holds: its nodes, its outlines' elements and its bitmaps' pixels.
    fileprivate var heldBytes: Int {
        let node = MemoryLayout<PlacedNode>.stride
        switch self {
        case .fill, .stroke: return node
        case .path(let path, _, _): return node + path.elements.count * MemoryLayout<Path.Element>.stride
        case .bitmap(let bitmap): return node + bitmap.rgba.count
        case .group(let children): return children.reduce(node) { $0 + $1.heldBytes }
        case .shadow(let child, _), .blur(let child, _), .offset(let child, _), .opacity(let child, _):
            return node + child.heldBytes
        case .mask(let child, let mask): return node + child.heldBytes + mask.heldBytes
        }
    }
}

extension PlacedNode {
    /// The node rebuilt in boxes allocated here, for the key the cache keeps. Swift keeps an indirect
    /// enum's case in the spare bits of the pointer to its box, so LeakSanitizer cannot see that a
    /// kept key holds its boxes and reports them as leaked when the process exits; made by this
    /// function, they match one suppression that names nothing else (Fuzz/lsan-suppressions.txt).
    fileprivate func rebuiltForCache() -> PlacedNode {
        switch self {
        case .fill(let shape, let fill, let frame): .fill(shape, fill, frame: frame)
        case .stroke(let shape, let fill, let lineWidth, let frame): .stroke(shape, fill, lineWidth: lineWidth, frame: frame)
        case .path(let path, let fill, let frame): .path(path, fill, frame: frame)
        case .bitmap(let bitmap): .bitmap(bitmap)
        case .group(let children): .group(children.map { $0.rebuiltForCache() })
        case .shadow(let child, let shadow): .shadow(child.rebuiltForCache(), shadow)
        case .blur(let child, let radius): .blur(child.rebuiltForCache(), radius: radius)
        case .offset(let child, let delta): .offset(child.rebuiltForCache(), delta)
        case .mask(let child, let mask): .mask(child.rebuiltForCache(), mask.rebuiltForCache())
        case .opacity(let child, let amount): .opacity(child.rebuiltForCache(), amount)
        }
    }
}
