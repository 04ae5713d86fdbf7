import CReliefPNG
import Foundation

extension PNGEncoder {
    /// How an encoder reduces, filters and compresses.
    ///
    /// The encoder writes each image in the smallest lossless colour type its pixels allow (see
    /// ``Reductions``), and each colour type is an image class with its own filters and zlib
    /// settings. The defaults are the smallest files measured (``Compression/smallest`` for every
    /// class of still); ``fast`` is the quick first encode a service answers with. The grid and
    /// the reasoning are in `docs/PNG-ENCODING.md`. Out-of-range values make `encode` throw.
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
        /// zlib `memLevel`, 1 ... 9: memory for the match state (a hash of 2^(memoryLevel + 7)
        /// heads), and the length of a deflate block (2^(memoryLevel + 6) symbols). Default 8,
        /// zlib's own: with ``Compression/smallest`` it was as small as 5 at the median and smaller
        /// at the worst (1.035 × optipng against 1.041 ×) in the same time.
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
            palette: Compression = .smallest,
            grey: Compression = .smallest,
            greyAlpha: Compression = .smallest,
            rgb: Compression = .smallest,
            rgba: Compression = .smallest,
            reductions: Reductions = .all,
            memoryLevel: Int = 8,
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
        public static let availableThreads = min(
            max(ProcessInfo.processInfo.activeProcessorCount, 1), Int(RELIEF_PNG_MAX_THREADS))

        /// A fast encode, for an answer wanted now: unfiltered rows, the up filter for images with
        /// alpha, one thread and one stream, deflated by libdeflate's level 1
        /// (``Compression/fastLibdeflateLevel``); a picture of more than 4 MiB of rows by zlib's
        /// level 2 at memory level 5. Of zlib's levels, 1 and 3 cost about the same as 2 for 4 %
        /// more and 3 % fewer bytes, level 4 is lazy matching and 1.6 × the time, memory level 8
        /// 3 % more time (docs/PNG-ENCODING.md).
        public static let fast = Configuration(
            palette: .fastUnfiltered, grey: .fastUnfiltered, greyAlpha: .fastTranslucent, rgb: .fastUnfiltered,
            rgba: .fastTranslucent,
            memoryLevel: 5, threads: 1, strips: false
        )

        /// The frames of an animation, encoded fast: as ``fast``, with the filters of
        /// ``Compression/animatedRGB`` for RGB, whose patches of soft edges they suit.
        public static let fastAnimation = Configuration(
            palette: .fastUnfiltered, grey: .fastUnfiltered, greyAlpha: .fastTranslucent,
            rgb: Compression(level: Compression.fastLevel, filters: [.sub, .up], strategy: .default),
            rgba: .fastTranslucent, memoryLevel: 8, threads: 1, strips: false
        )

        /// The same compression for every image class, the other settings as given: what a
        /// measurement of one setting across all images needs.
        public static func uniform(_ compression: Compression, reductions: Reductions = .all) -> Configuration {
            Configuration(
                palette: compression, grey: compression, greyAlpha: compression, rgb: compression,
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
        /// How ``alternativeFilters`` are weighed against ``filters``: false, by the sample
        /// described there; true, by compressing the whole picture with each and keeping the
        /// smaller, twice the work and never the wrong choice.
        public var triesWholePicture: Bool
        /// 0 for zlib, or libdeflate's level, 1 ... 12: with a level, libdeflate deflates a picture
        /// of at most 4 MiB of filtered rows (`RELIEF_PNG_LIBDEFLATE_MAX_BYTES`, which it holds
        /// whole) in one stream, ignoring ``strategy`` and ``matchSearch``; a larger one is
        /// deflated by zlib at ``level``.
        public var libdeflateLevel: Int

        /// Creates a compression setting.
        public init(
            level: Int, filters: FilterSet, strategy: Strategy, alternativeFilters: FilterSet? = nil,
            alternativeStrategy: Strategy? = nil, matchSearch: MatchSearch? = nil, triesWholePicture: Bool = false,
            libdeflateLevel: Int = 0
        ) {
            self.libdeflateLevel = libdeflateLevel
            self.level = level
            self.filters = filters
            self.strategy = strategy
            self.alternativeFilters = alternativeFilters
            self.alternativeStrategy = alternativeStrategy
            self.matchSearch = matchSearch
            self.triesWholePicture = triesWholePicture
        }

        /// The smallest files, for every class of still: the picture compressed whole twice, its
        /// rows unfiltered and each row with whichever filter leaves the smallest residuals, at
        /// level 9's chain of 4096 (cut to a quarter once a match of 8 is found), and the smaller
        /// kept. Unfiltered rows repeat the row above shifted, which deflate finds in the raw
        /// bytes; shadows, alpha ramps and gradients on a colour compress only once filtered; no
        /// sample at a low level told the two apart reliably (the old trial chose wrongly for the
        /// cards on a colour, 1.36 × optipng). Over 530 renders (every gallery picture at scales 1
        /// to 3, on its ground, transparent and a colour, and the bench's cases) 1.002 × optipng
        /// -o2 at the median and 1.035 × at worst, in 1.8 × the CPU time of the settings before,
        /// which reached 1.36 × (docs/PNG-ENCODING.md). It is background work in the service and a
        /// file's on the command line: what a request waits for is ``Configuration/fast``.
        public static let smallest = Compression(
            level: 9, filters: .none, strategy: .default, alternativeFilters: .all,
            matchSearch: MatchSearch(goodLength: 8, lazyLength: 258, niceLength: 258, chainLength: 4096), triesWholePicture: true
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
        /// Palette and grey pictures of an animation: unfiltered, level 9 with a chain of 64, their
        /// runs of equal bytes make long chains that a longer search walks for almost nothing.
        public static let animatedPalette = Compression(
            level: 9, filters: .none, strategy: .default,
            matchSearch: MatchSearch(goodLength: 32, lazyLength: 258, niceLength: 258, chainLength: 64)
        )
        /// Pictures with alpha of an animation: the up filter at level 6; an animation's many
        /// pictures would take ``smallest``'s two long searches many times over.
        public static let animatedTranslucent = Compression(level: 6, filters: .up, strategy: .default)

        /// The zlib level of the fast encodes of pictures too large for libdeflate: 2, the fastest
        /// match search with a chain of 8.
        public static let fastLevel = 2
        /// libdeflate's level in the fast encodes: 1. On truecolour and alpha it made 14–32 % fewer
        /// bytes than zlib's level 2 in 28–50 % fewer instructions; on the palette pictures of the
        /// service benchmark's mixed recipe 8 % fewer bytes in 31 % fewer instructions, on light
        /// and soft cards 23–31 % fewer bytes, and on a dark card 21 % more (docs/PNG-ENCODING.md).
        public static let fastLibdeflateLevel = 1
        /// A fast encode of palette, grey and opaque truecolour images: unfiltered rows, whose repeats
        /// of the row above libdeflate finds as one match.
        public static let fastUnfiltered = Compression(
            level: fastLevel, filters: .none, strategy: .default, libdeflateLevel: fastLibdeflateLevel)
        /// A fast encode of images with alpha: the up filter, whose residuals alpha ramps need,
        /// deflated by libdeflate.
        public static let fastTranslucent = Compression(
            level: fastLevel, filters: .up, strategy: .default, libdeflateLevel: fastLibdeflateLevel)

        var cValue: relief_png_compression {
            relief_png_compression(
                level: Int32(clamping: level), filters: UInt32(filters.rawValue), strategy: strategy.zlibValue,
                alternative_filters: UInt32(alternativeFilters?.rawValue ?? 0),
                alternative_strategy: (alternativeStrategy ?? strategy).zlibValue,
                good_length: Int32(clamping: matchSearch?.goodLength ?? 0),
                lazy_length: Int32(clamping: matchSearch?.lazyLength ?? 0),
                nice_length: Int32(clamping: matchSearch?.niceLength ?? 0),
                chain_length: Int32(clamping: matchSearch?.chainLength ?? 0),
                whole_trial: triesWholePicture ? 1 : 0,
                libdeflate_level: Int32(clamping: libdeflateLevel)
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
