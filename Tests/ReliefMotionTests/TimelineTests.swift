import Testing

@testable import ReliefMotion

@Suite("SPEC §8's timelines")
struct TimelineTests {
    @Test func aStateChangeEasesInAndOutOverAQuarterSecond() {
        let timeline = Timeline.stateChange
        #expect(timeline.duration == 0.25)
        #expect(timeline.sample(at: 0) == .start)
        #expect(abs(timeline.sample(at: 0.125).progress - 0.5) < 1e-12)
        #expect(timeline.sample(at: 0.125).stretch == 0)
        #expect(timeline.sample(at: 0.25) == .end)
    }

    /// f(t) − (height + knob) = (width − height)·(E(t/0.2) − E(t/0.4)): the knob is widest a little
    /// before 0.2 s, where the first animation eases into its end, at 59 % of the way to the track's width.
    @Test func theKnobWidensMostNearAFifthOfASecond() {
        let timeline = Timeline.knobSlide(travel: 180)
        let samples = (1..<400).map { (time: Double($0) / 1000, stretch: timeline.sample(at: Double($0) / 1000).stretch) }
        let peak = samples.max { $0.stretch < $1.stretch }!
        #expect((0.15...0.2).contains(peak.time))
        #expect(abs(peak.stretch - 0.5866) < 1e-3)
        // At 0.2 s the first animation has arrived and the second is half way.
        #expect(abs(timeline.sample(at: 0.2).stretch - 0.5) < 1e-12)
        #expect(timeline.sample(at: 0.4).stretch == 0 || abs(timeline.sample(at: 0.4).stretch) < 1e-12)
    }

    @Test func theSwitchEndsWhenTheSpringIsWithinHalfAPixel() {
        #expect(abs(Timeline.knobSlide(travel: 180).duration - 0.61888) < 1e-4)
        // A knob that hardly travels still waits for the width animations.
        #expect(Timeline.knobSlide(travel: 0).duration == 0.4)
        let slide = Timeline.knobSlide(travel: 180)
        #expect(abs(slide.sample(at: 0.3).progress - (1 - 0.03148922839907378)) < 1e-12)
        #expect(slide.sample(at: slide.duration) == .end)
    }

    @Test func framesRunFromTheTapToTheFirstTimeAtOrAfterTheEnd() {
        let times = Timeline.knobSlide(travel: 180).frameTimes(framesPerSecond: 30)
        #expect(times.count == 20)
        #expect(times.first == 0)
        #expect(times.last! >= 0.61888 && times.last! - 1.0 / 30 < 0.61888)
        // A quarter second at 20 frames a second ends on a frame, at 30 half a frame after it.
        #expect(Timeline.stateChange.frameTimes(framesPerSecond: 20).count == 6)
        #expect(Timeline.stateChange.frameTimes(framesPerSecond: 30).count == 9)
    }
}
