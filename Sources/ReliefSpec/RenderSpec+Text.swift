extension RenderSpec {
    /// The family of a label's letters (SPEC §11); each has its own fonts and fallbacks (docs/RENDERING.md).
    public enum Font: String, Sendable, CaseIterable {
        case sans, serif, rounded, mono
    }

    /// The switch's words when `onlabel` and `offlabel` are not given: seed 004's.
    public static let defaultOnLabel = "ON"
    public static let defaultOffLabel = "OFF"
}
