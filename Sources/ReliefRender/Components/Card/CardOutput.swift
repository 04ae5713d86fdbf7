import ReliefSpec

/// A card: a `<div>`, and in SwiftUI a view of its own.
extension RenderSpec.CardOptions: ComponentOutput {}
