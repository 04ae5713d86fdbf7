// ReliefRaster: pixels. Coverage of paths, paints, blur, masks, layers and compositing, in premultiplied
// sRGB floats until the last step writes 8-bit bytes.
//
// Main types: `PathRasterizer` (a path's coverage, anti-aliased), `Paint` (solid colours and
// gradients), `Layer` (a rectangle of pixels, held as one colour and a coverage where it can be),
// `LayerStack` (layers kept apart until composited, so a shadow can read their alpha), `CastShadow`
// and `GaussianBlur` (shadows and blurs, wide ones on a block-averaged copy, a whole image's in bands,
// several at once through ReliefLock) and `PixelRect` (integer rectangles whose ends are ordered).
//
// It draws what it is told, where it is told: it must never know styles, components, scenes, text
// shaping, PNG or HTTP. Geometry comes in as ReliefGeometry's values; which shapes to draw and in
// what order is ReliefRender's decision.
