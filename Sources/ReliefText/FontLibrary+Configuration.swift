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
        public init(sans: FaceFiles = Configuration.standard.sans, serif: FaceFiles = Configuration.standard.serif,
                    rounded: FaceFiles = Configuration.standard.rounded, mono: FaceFiles = Configuration.standard.mono) {
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
            sans: FaceFiles(
                regular: [inter + "Inter-Regular.otf", dejaVu + "DejaVuSans.ttf"],
                semibold: [inter + "Inter-SemiBold.otf", dejaVu + "DejaVuSans-Bold.ttf"],
                bold: [inter + "Inter-Bold.otf", dejaVu + "DejaVuSans-Bold.ttf"],
                installHint: "install fonts-inter, or fonts-dejavu-core"),
            serif: FaceFiles(
                regular: [noto + "NotoSerif-Regular.ttf", dejaVu + "DejaVuSerif.ttf"],
                semibold: [noto + "NotoSerif-SemiBold.ttf", dejaVu + "DejaVuSerif-Bold.ttf"],
                bold: [noto + "NotoSerif-Bold.ttf", dejaVu + "DejaVuSerif-Bold.ttf"],
                installHint: "install fonts-noto-core, or fonts-dejavu-core"),
            rounded: FaceFiles(
                regular: [comfortaa + "Comfortaa-Regular.ttf", dejaVu + "DejaVuSans.ttf"],
                semibold: [comfortaa + "Comfortaa-Bold.ttf", dejaVu + "DejaVuSans-Bold.ttf"],
                bold: [comfortaa + "Comfortaa-Bold.ttf", dejaVu + "DejaVuSans-Bold.ttf"],
                installHint: "install fonts-comfortaa, or fonts-dejavu-core"),
            mono: FaceFiles(
                regular: [dejaVu + "DejaVuSansMono.ttf"],
                semibold: [dejaVu + "DejaVuSansMono-Bold.ttf"],
                bold: [dejaVu + "DejaVuSansMono-Bold.ttf"],
                installHint: "install fonts-dejavu-core")
        )

        private static let inter = "/usr/share/fonts/opentype/inter/"
        private static let dejaVu = "/usr/share/fonts/truetype/dejavu/"
        private static let noto = "/usr/share/fonts/truetype/noto/"
        private static let comfortaa = "/usr/share/fonts/truetype/comfortaa/"
    }
}
