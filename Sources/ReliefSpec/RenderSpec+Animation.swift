extension RenderSpec {
    /// How a change of state is shown in motion (SPEC §8): the change into the spec's state, from
    /// the other state at rest.
    public struct Animation: Sendable, Hashable {
        /// Frames per second: `fps`.
        public var framesPerSecond: Double
        /// `loop`: there and back for ever, each end held 1 s; otherwise once, stopping on the
        /// state asked for.
        public var loops: Bool

        public init(framesPerSecond: Double, loops: Bool) {
            self.framesPerSecond = framesPerSecond
            self.loops = loops
        }
    }

    /// The same spec in the other state: pressed for a button at rest, off for a switch that is on.
    public var otherState: RenderSpec {
        var other = self
        other.component = component.inOtherState
        return other
    }
}

extension RenderSpec.ComponentKind {
    /// Whether the component has two states to change between, so that it can be animated: those
    /// that read `animate`.
    public var changesState: Bool {
        uses(.animation)
    }
}
