extension RenderSpec {
    /// What a render answers with, and the canvas the component is drawn on.
    public struct Output: Sendable, Hashable {
        /// What the answer is: `format`.
        public var format: Format
        /// Whether the answer follows the viewer's appearance: `scheme` (see ``RenderSpec/appearances()``).
        public var scheme: Scheme
        /// Pixels per point: `scale`.
        public var scale: Double
        /// Points of canvas around the frame on every side: `margin`; nil where the query gives none,
        /// and the scene holds every shadow it casts, at least ``RenderSpec/leastMargin`` (the scene's
        /// frame says where the component is drawn).
        public var margin: Double?
        /// What covers the image behind the component: `background`.
        public var background: Background
        /// The vision the finished image is shown through: `simulate`.
        public var simulation: Simulation
        /// The change into the component's state as an animated PNG (`animate`, `fps`, `loop`); `nil`
        /// for a still, and for a well or card.
        public var animation: Animation?
    }
}

extension RenderSpec.Output {
    init(resolved values: QueryValues) {
        typealias Parameter = RenderSpec.Parameter
        format = values.resolved(Parameter.format)
        scheme = values.resolved(Parameter.scheme)
        scale = values.resolved(Parameter.scale)
        margin = values[Parameter.margin]
        background = values.resolved(Parameter.background)
        simulation = values.resolved(Parameter.simulate)
        // fps and loop apply exactly where animate is true.
        animation = values[Parameter.fps].map {
            RenderSpec.Animation(framesPerSecond: $0, loops: values[Parameter.loop] ?? false)
        }
    }
}
