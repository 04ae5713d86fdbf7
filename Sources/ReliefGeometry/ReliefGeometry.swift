// ReliefGeometry: the numbers every stage shares, in points and sRGB.
//
// Main types: `Point`, `Size`, `Rect` and `RoundedRect`, `Path` (moves, lines, quadratic and cubic
// curves), `Color` (straight-alpha sRGB components, with `OKLab`, where highlights and shadows are
// derived and colours interpolated) and `Bitmap` (pixels stretched over a rectangle: a colour glyph).
//
// Values only, equal when their numbers are: no rendering, no state, no threads. It must never know
// what the numbers are for: not styles or components, not pixels' storage or coverage (ReliefRaster),
// not fonts, queries or HTTP. It imports nothing but the C library's maths.
