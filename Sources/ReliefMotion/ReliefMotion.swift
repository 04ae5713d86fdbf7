// ReliefMotion: time, as SPEC §8 defines it for animations, as pure arithmetic.
//
// Main types: `TimingCurve` (easeInOut as the cubic Bézier CSS and SwiftUI use), `Spring` (seed 004's
// spring: its position at a time, the share of its travel left, when it settles) and `Timeline` (a
// button's or toggle's change of state, the switch's stretch and spring, sampled at frame times).
//
// A timeline answers "how far along is each moving part at time t"; what moves and how it looks is
// ReliefScene's, and drawing is ReliefRender's. It must never know views, specs, pixels or files,
// and imports nothing but the C library's maths, so every timing is the same in every output format.
