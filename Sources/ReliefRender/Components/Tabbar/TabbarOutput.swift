import ReliefSpec

/// A tab bar: a `<div>`, and in SwiftUI a view of its own drawing its bar, pressed tab and icons.
extension RenderSpec.TabbarOptions: ComponentOutput {}
