/// The values a query states explicitly, each checked on its own but not yet combined:
/// `nil` means "not given", so defaults can depend on the component, shape and style chosen.
struct QueryValues: Sendable {
    var component: RenderSpec.Component?
    var style: RenderSpec.Style?
    var pressed: Bool?
    var on: Bool?
    var shape: RenderSpec.ShapeKind?
    var size: Double?
    var width: Double?
    var height: Double?
    var radius: Double?
    var depth: RenderSpec.Depth?
    var knob: Double?
    var padding: Double?
    var icon: RenderSpec.Icon?
    var label: String?
    var scale: Double?
    var margin: Double?
    var background: RenderSpec.Background?
    var format: RenderSpec.Format?
    var textsize: RenderSpec.TextSize?
    var contrast: RenderSpec.Contrast?
    var simulate: RenderSpec.Simulation?
}
