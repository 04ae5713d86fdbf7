import CReliefPNG
import Foundation

extension PNGEncoder {
    /// How an encoder reduces, filters and compresses.
    ///
    /// The encoder writes each image in the smallest lossless colour type its pixels allow (see
    /// ``Reductions``), and each colour type is an image class with its own filters and zlib
    /// settings, because they want different ones. The defaults are the measured choice on the
    /// bench set; the grid and the reasoning are in `docs/PNG-ENCODING.md`. Out-of-range values
    /// make `encode` throw.
    public struct Configuration: Sendable, Hashable {
        /// Palette images (at most 256 colours, 1–8 bits a pixel).
        public var palette: Compression
        /// Opaque grey images (1–8 bits a pixel).
        public var grey: Compression
        /// Grey images with alpha.
        public var greyAlpha: Compression
        /// Opaque truecolour images (RGB).
        public var rgb: Compression
        /// Truecolour images with alpha (RGBA).
        public var rgba: Compression
        /// The colour-type reductions the encoder may make. Default: all.
        public var reductions: Reductions
        /// zlib `memLevel`, 1 ... 9: memory for the match state, and the length of a deflate block
        /// (2^(memoryLevel + 6) symbols). Default 5: its shorter blocks, each with its own Huffman
        /// codes, follow a render's changing content (flat ground, gradient, shadow) and made the
        /// bench's stills 0.5–1 % smaller than 8 in the same time; 4 and below were larger again.
        public var memoryLevel: Int
        /// zlib `windowBits`, 8 ... 15: log₂ of the match window. Default 15 (32 KiB), which is
        /// also the fastest: a smaller window slides, and rehashes, more often.
        public var windowBits: Int
        /// Threads that may deflate one picture, 1 ... 16: with ``strips``, the strips deflate at the
        /// same time, and the filter trial deflates its two samples at the same time. Default: the
        /// processors this process may use, at most 16. (A render asks for fewer when other renders
        /// use the cores: ReliefRender's `CoreShare`.)
        public var threads: Int
        /// Whether a picture of 256 KiB of filtered rows or more is cut into strips of whole rows
        /// (one a 128 KiB, up to 8, by its size alone, so the bytes never depend on ``threads``) that
        /// deflate on their own and join into one zlib stream, as pigz does. Default true; each join
        /// hashes a window of 32 KiB again, which only threads side by side repay.
        public var strips: Bool

        /// Creates a configuration; every parameter defaults to the measured choice.
        public init(
            palette: Compression = .paletteDefault,
            grey: Compression = .paletteDefault,
            greyAlpha: Compression = .translucentDefault,
            rgb: Compression = .rgbDefault,
            rgba: Compression = .translucentDefault,
            reductions: Reductions = .all,
            memoryLevel: Int = 5,
            windowBits: Int = 15,
            threads: Int = Configuration.availableThreads,
            strips: Bool = true
        ) {
            self.palette = palette
            self.grey = grey
            self.greyAlpha = greyAlpha
            self.rgb = rgb
            self.rgba = rgba
            self.reductions = reductions
            self.memoryLevel = memoryLevel
            self.windowBits = windowBits
            self.threads = threads
            self.strips = strips
        }

        /// The processors this process may use (its CPU affinity), at most 16: the default ``threads``.
        public static let availableThreads = min(max(ProcessInfo.processInfo.activeProcessorCount, 1), Int(RELIEF_PNG_MAX_THREADS))

        /// A fast encode, for an answer wanted now: zlib level 2 on unfiltered rows, the up filter
        /// for images with alpha, no filter trial, one thread and one stream. The bench's stills take 0.29 × the
        /// CPU time of the defaults (0.57 × that of level 5) in 1.5 × their bytes
        /// (docs/PNG-ENCODING.md); levels 1 and 3 cost about the same for 4 % more and 3 % fewer
        /// bytes, level 4 is lazy matching and 1.6 × the time.
        public static let fast = Configuration(
            palette: .fastOpaque, grey: .fastOpaque, greyAlpha: .fastTranslucent, rgb: .fastOpaque, rgba: .fastTranslucent,
            threads: 1, strips: false
        )

        /// The frames of an animation, encoded fast: as ``fast``, with the filters of
        /// ``Compression/animatedRGB`` for RGB, whose patches of soft edges they suit.
        public static let fastAnimation = Configuration(
            palette: .fastOpaque, grey: .fastOpaque, greyAlpha: .fastTranslucent,
            rgb: Compression(level: Compression.fastLevel, filters: [.sub, .up], strategy: .default),
            rgba: .fastTranslucent, memoryLevel: 8, threads: 1, strips: false
        )

        /// The same compression for every image class, the other settings as given: what a
        /// measurement of one setting across all images needs.
        public static func uniform(_ compression: Compression, reductions: Reductions = .all) -> Configuration {
            Configuration(palette: compression, grey: compression, greyAlpha: compression, rgb: compression,
                          rgba: compression, reductions: reductions)
        }

        /// The C settings; numbers that do not fit C's types are clamped, which keeps them out of
        /// range, so the C side refuses them with a message naming the allowed range.
        var settings: relief_png_settings {
            let classes = [palette, grey, greyAlpha, rgb, rgba].map(\.cValue)
            return relief_png_settings(
                classes: (classes[0], classes[1], classes[2], classes[3], classes[4]),
                reductions: UInt32(reductions.rawValue),
                memory_level: Int32(clamping: memoryLevel),
                window_bits: Int32(clamping: windowBits),
                threads: UInt32(clamping: threads),
                strips: strips ? 1 : 0
            )
        }
    }

    /// How one class of image is filtered and compressed.
    public struct Compression: Sendable, Hashable {
        /// zlib compression level, 0 (store only) ... 9 (smallest, slowest).
        public var level: Int
        /// The row filters; with several the encoder picks one per row.
        public var filters: FilterSet
        /// How zlib searches for matches.
        public var strategy: Strategy
        /// A second filter set, or nil: when given, bands of the picture's rows (32 of every 64 for
        /// palette and grey, 16 for the others) are filtered with each set and deflated at zlib
        /// level 1, and when the alternative's sample is at least 2 % smaller it filters the whole
        /// picture, compressed with ``alternativeStrategy``.
        /// Images of one class still differ in which filters suit them.
        public var alternativeFilters: FilterSet?
        /// The strategy that goes with ``alternativeFilters`` when they win; nil for ``strategy``.
        public var alternativeStrategy: Strategy?
        /// zlib's match search in place of the level's own, or nil for the level's.
        public var matchSearch: MatchSearch?

        /// Creates a compression setting.
        public init(level: Int, filters: FilterSet, strategy: Strategy, alternativeFilters: FilterSet? = nil,
                    alternativeStrategy: Strategy? = nil, matchSearch: MatchSearch? = nil) {
            self.level = level
            self.filters = filters
            self.strategy = strategy
            self.alternativeFilters = alternativeFilters
            self.alternativeStrategy = alternativeStrategy
            self.matchSearch = matchSearch
        }

        /// RGB images: unfiltered, with level 9's match lengths and a chain of 160. A render's rows
        /// repeat the row above shifted, which deflate finds in the raw bytes; filtering turns them
        /// into residuals whose matches cost far more to find. (With memory level 5, chain 160 is as
        /// small as chain 256 was with 8, in 0.9 × the time.) The Paeth filter instead where the
        /// trial finds it smaller: the light switches and wells and the soft toggle, soft shadows on
        /// flat ground (1.14–1.26 × optipng unfiltered, 1.05–1.07 × with Paeth).
        public static let rgbDefault = Compression(
            level: 9, filters: .none, strategy: .default, alternativeFilters: .paeth,
            matchSearch: MatchSearch(goodLength: 32, lazyLength: 258, niceLength: 258, chainLength: 160)
        )
        /// RGB pictures of an animation: each row filtered with sub or up, whichever leaves the
        /// smaller residuals, with level 6's lazy matching but a chain of 64 that a match of 8 bytes
        /// cuts to 16, every match looked past for a longer one. Its frames after the first are
        /// patches of soft edges and shadows around what moved, which sub shrinks by a fifth where
        /// no filter leaves them, and whose rows above and below the knob repeat the row above,
        /// which up turns into zeros (switch animations 5–9 % smaller than with sub alone, buttons
        /// and toggles within 1 %; the other filters in the choice made them larger). Their filtered
        /// gradients make long chains of short matches, which level 6's chain of 128 walks for
        /// little: this search encodes the default switch's animation in four fifths of level 6's
        /// time with 0.2 % fewer bytes; other animations measured 1 % fewer to 7 % more bytes than
        /// at level 6 (docs/PERFORMANCE.md).
        public static let animatedRGB = Compression(
            level: 6, filters: [.sub, .up], strategy: .default,
            matchSearch: MatchSearch(goodLength: 8, lazyLength: 258, niceLength: 258, chainLength: 64)
        )
        /// Palette and grey images (a byte a pixel or less): as RGB, with a chain of 64, because
        /// their runs of equal bytes make long chains that a longer search walks for almost nothing
        /// (chain 256: 1.030 × optipng at the median in 1.6 × the time of chain 64's 1.034 ×); and
        /// the adaptive filter with `Z_FILTERED` instead where the trial finds it smaller: the soft
        /// wells and cards and the light toggles, whose soft shadows on flat ground do not repeat
        /// (1.11–1.26 × optipng unfiltered, 1.05–1.09 × filtered).
        public static let paletteDefault = Compression(
            level: 9, filters: .none, strategy: .default, alternativeFilters: .all, alternativeStrategy: .filtered,
            matchSearch: MatchSearch(goodLength: 32, lazyLength: 258, niceLength: 258, chainLength: 64)
        )
        /// Palette and grey pictures of an animation: ``paletteDefault`` without the filter trial,
        /// as stills were before it.
        public static let animatedPalette = Compression(
            level: 9, filters: .none, strategy: .default,
            matchSearch: MatchSearch(goodLength: 32, lazyLength: 258, niceLength: 258, chainLength: 64)
        )
        /// Images with alpha: the up filter at level 6. Their alpha ramps compress only once filtered.
        public static let translucentDefault = Compression(level: 6, filters: .up, strategy: .default)

        /// The zlib level of the fast encodes: 2, the fastest match search with a chain of 8.
        public static let fastLevel = 2
        /// A fast encode of opaque images: unfiltered rows, whose repeats of the row above deflate
        /// finds with its shortest search.
        public static let fastOpaque = Compression(level: fastLevel, filters: .none, strategy: .default)
        /// A fast encode of images with alpha: the up filter, as ``translucentDefault``.
        public static let fastTranslucent = Compression(level: fastLevel, filters: .up, strategy: .default)

        var cValue: relief_png_compression {
            relief_png_compression(
                level: Int32(clamping: level), filters: UInt32(filters.rawValue), strategy: strategy.zlibValue,
                alternative_filters: UInt32(alternativeFilters?.rawValue ?? 0),
                alternative_strategy: (alternativeStrategy ?? strategy).zlibValue,
                good_length: Int32(clamping: matchSearch?.goodLength ?? 0), lazy_length: Int32(clamping: matchSearch?.lazyLength ?? 0),
                nice_length: Int32(clamping: matchSearch?.niceLength ?? 0), chain_length: Int32(clamping: matchSearch?.chainLength ?? 0)
            )
        }
    }

    /// zlib's match search (`deflateTune`): how hard deflate looks for a longer match. The levels
    /// fix these four together; the encoder's defaults take level 9's lengths with a shorter chain,
    /// because renders repeat rows whole (long matches pay) while the chain's length is most of
    /// level 9's time.
    public struct MatchSearch: Sendable, Hashable {
        /// Once a match is this long, the chain is searched only a quarter as far (1 ... 258).
        public var goodLength: Int
        /// A match this long is kept without looking one byte further for a longer one (1 ... 258).
        public var lazyLength: Int
        /// A match this long ends the search (1 ... 258).
        public var niceLength: Int
        /// How many earlier places with the same three bytes are tried (1 ... 65535).
        public var chainLength: Int

        /// Creates a match search.
        public init(goodLength: Int, lazyLength: Int, niceLength: Int, chainLength: Int) {
            self.goodLength = goodLength
            self.lazyLength = lazyLength
            self.niceLength = niceLength
            self.chainLength = chainLength
        }
    }

    /// The lossless colour-type reductions: each drops what the pixels do not use.
    public struct Reductions: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        /// Creates a set from the `RELIEF_PNG_REDUCE_*` bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// At most 256 distinct RGBA values: a palette of 1, 2, 4 or 8 bits a pixel, with `tRNS`
        /// for the translucent entries.
        public static let palette = Reductions(rawValue: UInt8(RELIEF_PNG_REDUCE_PALETTE))
        /// Red, green and blue equal everywhere: one grey channel (with alpha where it varies), at
        /// fewer than 8 bits when every level is exact there.
        public static let grey = Reductions(rawValue: UInt8(RELIEF_PNG_REDUCE_GREY))
        /// Alpha 255 everywhere: no alpha channel.
        public static let alpha = Reductions(rawValue: UInt8(RELIEF_PNG_REDUCE_ALPHA))
        /// Every reduction.
        public static let all: Reductions = [.palette, .grey, .alpha]
    }
}
