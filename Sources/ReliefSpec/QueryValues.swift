/// One value per query parameter, each checked on its own: first those the query states (`nil`
/// for "not given"), then, after resolution, those in effect (`nil` where a parameter does not apply).
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
    var onlabel: String?
    var offlabel: String?
    var font: RenderSpec.Font?
    var lang: String?
    var scale: Double?
    var color: RenderSpec.ColorChoice?
    var accent: RenderSpec.ColorChoice?
    var light: RenderSpec.Light?
    var intensity: Double?
    var distance: Double?
    var blur: Double?
    var surface: RenderSpec.Surface?
    var margin: Double?
    var background: RenderSpec.Background?
    var format: RenderSpec.Format?
    var textsize: RenderSpec.TextSize?
    var contrast: RenderSpec.Contrast?
    var simulate: RenderSpec.Simulation?
    var animate: Bool?
    var fps: Double?
    var loop: Bool?
}
