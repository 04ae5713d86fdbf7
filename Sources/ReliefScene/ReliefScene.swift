// ReliefScene: what a picture looks like, as values. A request's description becomes a scene, a tree
// of views that reads like the seed articles' SwiftUI (shapes, fills, shadows, blurs, stacks, frames,
// text and icons), built by the styles and components from their palettes and the light, and laid
// out into placed nodes in points.
//
// Every output format starts from these values, so a look is written once: the pixels, SVG, CSS,
// HTML, SwiftUI and design tokens all read the same scene. An animation is two states' scenes and the
// scene at any time between them, interpolated here on ReliefMotion's timing, exactly the stills at
// its ends.
//
// It must never know pixels, fonts' files, encodings or HTTP: text is measured through the
// `TextShaper` it is handed, and drawing is ReliefRender's.
