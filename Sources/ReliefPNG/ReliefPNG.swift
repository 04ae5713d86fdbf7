// ReliefPNG: pixels to PNG and APNG bytes, and PNG bytes back to pixels, through libpng and zlib.
//
// Main types: `PNGEncoder` with its `Configuration` (a `Compression` per colour class, the reductions,
// zlib's memory level and window, threads; the `fast` first-answer encode and the smallest) and
// `Animation` (APNG frames), `PNGDecoder` and `DecodedImage`, and `PNGError`, whose message says what
// was given and what is allowed (docs/PNG-ENCODING.md).
//
// Every libpng call happens inside one C function of `CReliefPNG` behind one `setjmp`; no Swift frame
// ever lies between a `setjmp` and its `longjmp`, and no Swift closure is handed to libpng. The same
// pixels always give the same bytes, on any number of threads. It must never know what the pixels
// show: not scenes, specs, renders, caches or HTTP.
