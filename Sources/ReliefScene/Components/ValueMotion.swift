import ReliefMotion
import ReliefSpec

extension RenderSpec.ShowsValue {
    /// The component with its value `sample.progress` of the way from where its animation starts
    /// to `value`: each frame of a slider's or progress indicator's change is its still at that value.
    func standingValue(at sample: Timeline.Sample) -> RenderSpec.Component {
        var between = self
        let start = animationStart
        between.value = min(max(start + (value - start) * sample.progress, 0), 1)
        return between.component
    }
}
