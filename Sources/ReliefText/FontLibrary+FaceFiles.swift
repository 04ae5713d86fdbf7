extension FontLibrary {
    /// Where one family's font files are: for each weight, candidate paths tried in order.
    public struct FaceFiles: Sendable, Hashable {
        /// Candidate files for `FontWeight.regular`, the first that opens is used.
        public var regular: [String]
        /// Candidate files for `FontWeight.semibold`, the first that opens is used.
        public var semibold: [String]
        /// Candidate files for `FontWeight.bold`, the first that opens is used.
        public var bold: [String]
        /// Advice appended to a missing-font error, such as which package provides the files.
        public var installHint: String?

        /// Files trying the given paths for each weight, in order.
        public init(regular: [String], semibold: [String], bold: [String], installHint: String? = nil) {
            self.regular = regular
            self.semibold = semibold
            self.bold = bold
            self.installHint = installHint
        }

        /// The candidate files for `weight`, in the order they are tried.
        public func fontFiles(for weight: FontWeight) -> [String] {
            switch weight {
            case .regular: regular
            case .semibold: semibold
            case .bold: bold
            }
        }
    }
}
