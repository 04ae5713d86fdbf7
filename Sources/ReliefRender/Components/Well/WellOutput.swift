import ReliefSpec

/// A well: named by its depth; a `<div>`, and in SwiftUI a view of its own.
extension RenderSpec.WellOptions: ComponentOutput {
    var summaryWords: [String] { [depth.rawValue] }
}
