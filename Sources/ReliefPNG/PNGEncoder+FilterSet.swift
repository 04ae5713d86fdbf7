import CReliefPNG

extension PNGEncoder {
    /// PNG row filters. Each row is stored as its difference from a prediction; with more than
    /// one filter in the set libpng chooses per row the one whose output looks most compressible.
    public struct FilterSet: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8

        /// Creates a set from libpng's `PNG_FILTER_*` bits.
        public init(rawValue: UInt8) {
            self.rawValue = rawValue
        }

        /// Store the row as it is.
        public static let none = FilterSet(rawValue: UInt8(RELIEF_PNG_FILTER_NONE))
        /// Predict from the pixel to the left.
        public static let sub = FilterSet(rawValue: UInt8(RELIEF_PNG_FILTER_SUB))
        /// Predict from the pixel above.
        public static let up = FilterSet(rawValue: UInt8(RELIEF_PNG_FILTER_UP))
        /// Predict from the mean of left and above.
        public static let average = FilterSet(rawValue: UInt8(RELIEF_PNG_FILTER_AVERAGE))
        /// Predict from whichever of left, above and above-left is nearest their gradient.
        public static let paeth = FilterSet(rawValue: UInt8(RELIEF_PNG_FILTER_PAETH))
        /// All five filters.
        public static let all: FilterSet = [.none, .sub, .up, .average, .paeth]
    }
}
