import CReliefPNG

extension PNGEncoder {
    /// zlib's match-finding strategy.
    public enum Strategy: Sendable, Hashable, CaseIterable {
        /// Ordinary LZ77 plus Huffman coding (`Z_DEFAULT_STRATEGY`).
        case `default`
        /// Favours Huffman coding of the small values that filters produce (`Z_FILTERED`).
        case filtered
        /// Huffman coding only, no matches (`Z_HUFFMAN_ONLY`).
        case huffmanOnly
        /// Matches only of distance one, i.e. runs (`Z_RLE`); fast on flat areas.
        case rle
        /// Fixed Huffman codes, no dynamic tables (`Z_FIXED`).
        case fixed

        /// The zlib constant.
        var zlibValue: Int32 {
            switch self {
            case .default: RELIEF_PNG_STRATEGY_DEFAULT
            case .filtered: RELIEF_PNG_STRATEGY_FILTERED
            case .huffmanOnly: RELIEF_PNG_STRATEGY_HUFFMAN_ONLY
            case .rle: RELIEF_PNG_STRATEGY_RLE
            case .fixed: RELIEF_PNG_STRATEGY_FIXED
            }
        }
    }
}
