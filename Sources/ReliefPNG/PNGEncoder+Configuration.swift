import CReliefPNG

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
        /// zlib `memLevel`, 1 ... 9: memory for the match state. Default 8; 9 measured no better.
        public var memoryLevel: Int
        /// zlib `windowBits`, 9 ... 15: log₂ of the match window. Default 15 (32 KiB), which is
        /// also the fastest: a smaller window slides, and rehashes, more often.
        public var windowBits: Int
        /// An image whose filtered bytes exceed this many deflates as ``parallelStrips`` strips on
        /// as many threads, joined into one zlib stream; 0 never splits.
        public var parallelMinimumBytes: Int
        /// How many strips (and threads) a large image deflates as, 2 ... 16.
        public var parallelStrips: Int

        /// Creates a configuration; every parameter defaults to the measured choice.
        public init(
            palette: Compression = .init(level: 9, filters: .none, strategy: .default),
            grey: Compression = .init(level: 9, filters: .none, strategy: .default),
            greyAlpha: Compression = .init(level: 6, filters: .up, strategy: .default),
            rgb: Compression = .init(level: 6, filters: .none, strategy: .default),
            rgba: Compression = .init(level: 6, filters: .up, strategy: .default),
            reductions: Reductions = .all,
            memoryLevel: Int = 8,
            windowBits: Int = 15,
            parallelMinimumBytes: Int = 0,
            parallelStrips: Int = 2
        ) {
            self.palette = palette
            self.grey = grey
            self.greyAlpha = greyAlpha
            self.rgb = rgb
            self.rgba = rgba
            self.reductions = reductions
            self.memoryLevel = memoryLevel
            self.windowBits = windowBits
            self.parallelMinimumBytes = parallelMinimumBytes
            self.parallelStrips = parallelStrips
        }

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
                parallel_minimum_bytes: max(0, parallelMinimumBytes),
                parallel_strips: UInt32(clamping: parallelStrips)
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

        /// Creates a compression setting.
        public init(level: Int, filters: FilterSet, strategy: Strategy) {
            self.level = level
            self.filters = filters
            self.strategy = strategy
        }

        var cValue: relief_png_compression {
            relief_png_compression(level: Int32(clamping: level), filters: UInt32(filters.rawValue), strategy: strategy.zlibValue)
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
