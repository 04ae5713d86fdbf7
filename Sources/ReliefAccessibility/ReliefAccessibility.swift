// ReliefAccessibility: the measurements of accessibility on pixels, and the simulations of how
// people with other eyesight see them.
//
// Main types: `ContrastRatio` and `SRGB` (WCAG's relative luminance and contrast), `PixelImage` and
// `PixelColor` (straight-alpha 8-bit pixels), `ColorVisionDeficiency` and `Achromatopsia` (colour
// vision simulated), `LowVisionModel` (blur and lost contrast, on ReliefRaster's blur),
// `ControlOutline` (where a control's edge lies) and `PixelMeasurements` (contrast read across edges,
// between states, around labels).
//
// It measures and simulates; it must never judge. Which checks an audit runs, their thresholds, their
// WCAG criteria and the words of a result or a fix are ReliefAudit's, and it knows no spec, scene,
// style or HTTP.
