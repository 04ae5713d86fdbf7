extension RenderSpec {
    /// The bounds every request must stay within. Error messages quote these constants, so the
    /// limits and what users are told about them cannot drift apart.
    public enum Limits {
        /// Largest image side in pixels, after margin and scale.
        public static let maxSide = 4096
        /// Largest image area in pixels (16 MP), after margin and scale.
        public static let maxPixels = 16_777_216
        /// Most characters (grapheme clusters, Swift `Character`s, so a family emoji counts once) a
        /// `label`, `onlabel` or `offlabel` may hold.
        public static let maxLabelCharacters = 64
        /// Most Unicode scalars a `label` may hold, so that stacked combining marks cannot make a
        /// 64-character label arbitrarily long; 16 a character, more than any emoji sequence needs
        /// (a family with skin tones is 11).
        public static let maxLabelScalars = 1024
        /// Most characters a `lang` tag may have: what RFC 5646 asks every implementation to take.
        public static let maxLanguageTagCharacters = 35
        /// Most characters a number may be written with (`1024.5` is six).
        public static let maxNumberCharacters = 12

        /// `size`, `width` and `height`, in points.
        public static let side: ClosedRange<Double> = 16...1024
        /// `radius`, in points (clamped to half the smaller side when drawn).
        public static let radius: ClosedRange<Double> = 0...512
        /// `margin`, in points.
        public static let margin: ClosedRange<Double> = 0...256
        /// The least default margin (``RenderSpec/leastMargin(for:style:)``), and that of a soft control
        /// casting only a knob's small shadows.
        public static let leastMargin = 40.0
        public static let leastSmallShadowMargin = 16.0
        /// `scale`, in pixels per point; decimals such as 1.5 are allowed.
        public static let scale: ClosedRange<Double> = 1...4
        /// `knob`, the switch knob's extra width in points.
        public static let knob: ClosedRange<Double> = 0...1024
        /// `intensity`, in OKLab lightness (neumorphism.io's range).
        public static let intensity: ClosedRange<Double> = 0.01...0.6
        /// `distance` and `blur`, in points.
        public static let relief: ClosedRange<Double> = 0...50
        /// `padding`, the switch knob's inset in points.
        public static let padding: ClosedRange<Double> = 0...256
        /// `fps`, frames per second of an animation.
        public static let framesPerSecond: ClosedRange<Double> = 10...60
        /// Most pixels an animation may take, counting every frame (and the still a viewer without
        /// APNG support shows) at the image's full size: four times ``maxPixels``.
        public static let maxAnimationPixels = 4 * maxPixels
    }
}
