import CReliefPNG

extension PNGEncoder {
    /// How an encoder filters rows and drives zlib.
    ///
    /// The defaults are the smallest output measured on smooth renders (gradients, soft shadows,
    /// anti-aliased edges) that keeps a 320×320 render and its encode within 5 ms together; the
    /// tables and the commands that produced them are in `docs/PNG-ENCODING.md` and
    /// `docs/PERFORMANCE.md`. Opaque and translucent images
    /// have their own filter sets because they want different ones: an opaque render's rows
    /// repeat, shifted, which zlib finds best in unfiltered bytes, while the alpha ramps of
    /// shadows on a clear background only compress well once filtered. Out-of-range values make
    /// `encode` throw.
    public struct Configuration: Sendable, Hashable {
        /// zlib compression level, 0 (store only) ... 9 (smallest, slowest). Default 5: the first
        /// level within 1.15 × of `optipng -o2` on opaque renders (1.12 ×), at about twice the
        /// time of level 3 (1.5 ×), whose greedy matching misses the rows' shifted repeats.
        public var compressionLevel: Int
        /// The row filters for an opaque image (written as RGB); with several libpng picks one
        /// per row. Default `.none`.
        public var opaqueFilters: FilterSet
        /// The row filters for an image with any alpha below 255 (written as RGBA). Default `.up`.
        public var translucentFilters: FilterSet
        /// How zlib searches for matches. Default `.default`.
        public var strategy: Strategy
        /// zlib `memLevel`, 1 ... 9: memory for the match state. Default 8; 9 measured no better.
        public var memoryLevel: Int
        /// zlib `windowBits`, 8 ... 15: log₂ of the match window. Default 15 (32 KiB), which is
        /// also the fastest: a smaller window slides, and rehashes, more often.
        public var windowBits: Int

        /// Creates a configuration; every parameter defaults to the measured choice.
        public init(
            compressionLevel: Int = 5,
            opaqueFilters: FilterSet = .none,
            translucentFilters: FilterSet = .up,
            strategy: Strategy = .default,
            memoryLevel: Int = 8,
            windowBits: Int = 15
        ) {
            self.compressionLevel = compressionLevel
            self.opaqueFilters = opaqueFilters
            self.translucentFilters = translucentFilters
            self.strategy = strategy
            self.memoryLevel = memoryLevel
            self.windowBits = windowBits
        }

        /// The C settings; numbers that do not fit C's `int` are clamped, which keeps them out of
        /// range, so the C side refuses them with a message naming the allowed range.
        var settings: relief_png_settings {
            relief_png_settings(
                compression_level: Int32(clamping: compressionLevel),
                opaque_filters: UInt32(opaqueFilters.rawValue),
                translucent_filters: UInt32(translucentFilters.rawValue),
                strategy: strategy.zlibValue,
                memory_level: Int32(clamping: memoryLevel),
                window_bits: Int32(clamping: windowBits)
            )
        }
    }
}
