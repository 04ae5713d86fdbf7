extension RenderSpec {
    /// The text size of a label, named as Dynamic Type names its sizes (SPEC §7).
    public enum TextSize: String, Sendable, CaseIterable {
        case xs, s, m, l, xl, xxl, xxxl, ax1, ax2, ax3, ax4, ax5

        /// The body text style's point size at this setting: 14 15 16 17 19 21 23, then the
        /// accessibility sizes 28 33 40 47 53.
        public var pointSize: Double {
            switch self {
            case .xs: 14
            case .s: 15
            case .m: 16
            case .l: 17
            case .xl: 19
            case .xxl: 21
            case .xxxl: 23
            case .ax1: 28
            case .ax2: 33
            case .ax3: 40
            case .ax4: 47
            case .ax5: 53
            }
        }

        /// Whether this is one of the accessibility sizes (ax1–ax5), at which a label that does not
        /// fit the requested width wraps instead of widening the control.
        public var isAccessibilitySize: Bool {
            pointSize >= TextSize.ax1.pointSize
        }
    }

    /// Whether a style is drawn as the articles draw it or with its accessible adjustments.
    public enum Contrast: String, Sendable, CaseIterable {
        case standard, high
    }

    /// How the finished image is shown: as drawn, or as a viewer with a vision impairment sees it.
    public enum Simulation: String, Sendable, CaseIterable {
        /// As drawn.
        case none
        /// Reduced acuity and contrast sensitivity: a blur and a contrast loss.
        case lowvision
        /// No long-wavelength (red) cones.
        case protanopia
        /// No medium-wavelength (green) cones.
        case deuteranopia
        /// No short-wavelength (blue) cones.
        case tritanopia
        /// No cones at all: luminance only.
        case achromatopsia

        /// The simulation in words, as the `simulate` parameter's value labels give them
        /// (`low vision`), else its value.
        public var words: String {
            RenderSpec.Parameter.simulate.entry.presentation.valueLabels.first { $0.value == rawValue }?.label ?? rawValue
        }
    }
}
