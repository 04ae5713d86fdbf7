extension FontLibrary {
    /// The font files of each family. Characters a family's file lacks are found among the installed
    /// fonts through fontconfig, so only the first choice of each family is configured here.
    public struct Configuration: Sendable, Hashable {
        /// The files of `FontFamily.sans`.
        public var sans: FaceFiles
        /// The files of `FontFamily.serif`.
        public var serif: FaceFiles
        /// The files of `FontFamily.rounded`.
        public var rounded: FaceFiles
        /// The files of `FontFamily.mono`.
        public var mono: FaceFiles

        /// A configuration with the given files per family; families left out use the standard files.
        public init(
            sans: FaceFiles = Configuration.standard.sans, serif: FaceFiles = Configuration.standard.serif,
            rounded: FaceFiles = Configuration.standard.rounded, mono: FaceFiles = Configuration.standard.mono
        ) {
            self.sans = sans
            self.serif = serif
            self.rounded = rounded
            self.mono = mono
        }

        /// The files of `family`.
        public func files(for family: FontFamily) -> FaceFiles {
            switch family {
            case .sans: sans
            case .serif: serif
            case .rounded: rounded
            case .mono: mono
            }
        }

        /// Debian's fonts: Inter (fonts-inter), Noto Serif (fonts-noto-core), Comfortaa
        /// (fonts-comfortaa) and DejaVu Sans Mono (fonts-dejavu-core), each falling back to a DejaVu
        /// file when missing. Families without a semibold file use their bold.
        public static let standard = Configuration(
            sans: family(
                inter, "Inter-Regular.otf", "Inter-SemiBold.otf", "Inter-Bold.otf",
                orDejaVu: "DejaVuSans", package: "fonts-inter"),
            serif: family(
                noto, "NotoSerif-Regular.ttf", "NotoSerif-SemiBold.ttf", "NotoSerif-Bold.ttf",
                orDejaVu: "DejaVuSerif", package: "fonts-noto-core"),
            rounded: family(
                comfortaa, "Comfortaa-Regular.ttf", "Comfortaa-Bold.ttf", "Comfortaa-Bold.ttf",
                orDejaVu: "DejaVuSans", package: "fonts-comfortaa"),
            mono: family(
                dejaVu, "DejaVuSansMono.ttf", "DejaVuSansMono-Bold.ttf", "DejaVuSansMono-Bold.ttf",
                orDejaVu: nil, package: "fonts-dejavu-core")
        )

        /// A family's regular, semibold and bold files in `directory`, each followed by the DejaVu
        /// family `dejaVuFamily`'s regular or bold file when given.
        private static func family(
            _ directory: String, _ regular: String, _ semibold: String, _ bold: String,
            orDejaVu dejaVuFamily: String?, package: String
        ) -> FaceFiles {
            func files(_ name: String, dejaVuStyle: String) -> [String] {
                [directory + name] + (dejaVuFamily.map { [dejaVu + $0 + dejaVuStyle + ".ttf"] } ?? [])
            }
            return FaceFiles(
                regular: files(regular, dejaVuStyle: ""), semibold: files(semibold, dejaVuStyle: "-Bold"),
                bold: files(bold, dejaVuStyle: "-Bold"),
                installHint: "install \(package)" + (dejaVuFamily == nil ? "" : ", or fonts-dejavu-core"))
        }

        private static let inter = "/usr/share/fonts/opentype/inter/"
        private static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        private static let noto = "/usr/share/fonts/truetype/noto/"
        private static let comfortaa = "/usr/share/fonts/truetype/comfortaa/"
    }
}
