// ReliefRender: the pipeline from a request's description, or any scene, to the bytes of a file.
// It builds the scene (ReliefScene), shapes its text (ReliefText), draws it (ReliefRaster), simulates
// other eyesight where asked (ReliefAccessibility) and encodes it (ReliefPNG), or writes it as SVG,
// CSS, HTML, SwiftUI or design tokens.
//
// `Renderer` is its face: what is drawn, at which encoding effort (fast for a first answer, smallest
// for a file), how much memory a render will hold before any pixel is drawn, and `Renderer.version`,
// part of every ETag, bumped whenever the same query would give other bytes. A render asks whoever
// runs it for memory and whether to go on (`RenderSupervisor`), and splits its work over cores only
// while other renders leave them idle (`CoreShare`). Animations are drawn over the pixels that can
// change and kept to those that did.
//
// It must never know HTTP, caches, queues or who asked: the service decides when a render runs; the
// renderer decides only how.
