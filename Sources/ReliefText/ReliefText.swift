// ReliefText: a label's text turned into glyph outlines and colour glyph bitmaps, in any script.
//
// Main types: `FontLibrary` (the installed fonts, found through fontconfig, with per-character
// fallback), `ShapedText` (lines of positioned glyphs, with their outlines as ReliefGeometry paths and
// colour glyphs as bitmaps), `LineBreaks` (where a line may end: UAX #14 through ICU, with
// dictionaries for Thai and its neighbours), and behind them the bidi order (FriBiDi), itemizing by
// script and font, and shaping (HarfBuzz over FreeType), each cached in bounded caches.
//
// The C libraries are reached only here (ICU through `CReliefICU`'s plain C types). It must never know
// styles, scenes, pixels or HTTP: it is asked for text in a font at a size and answers with shapes;
// placing them and colouring them is the scene's and the renderer's.
