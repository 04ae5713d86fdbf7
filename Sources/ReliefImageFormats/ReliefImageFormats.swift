// ReliefImageFormats: pixels to lossless WebP (stills and animations) and AVIF stills, and both back to
// pixels, through libwebp and libavif (with libaom).
//
// Main types: `WebPEncoder` and `AVIFEncoder` with their `Configuration` (the `fast` first-answer encode
// and the smallest), `WebPDecoder` and `AVIFDecoder`, which give ReliefPNG's `DecodedImage`, and
// `ImageFormatError`. Animations are ReliefPNG's `PNGEncoder.Animation`, the one description of frames
// the renderer makes (docs/FORMATS.md).
//
// Every library call happens inside a C function of `CReliefWebP` or `CReliefAVIF`. It must never know
// what the pixels show: not scenes, specs, renders, caches or HTTP.
