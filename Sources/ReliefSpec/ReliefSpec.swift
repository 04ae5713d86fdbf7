// ReliefSpec: what a request asks for. A query string in, a validated, typed, canonical description
// of the picture out, or a `SpecError` naming the parameter, what was wrong and what is allowed.
//
// The parameter table lives here and only here: every parameter's kind and range, its default and
// the conditions of other defaults, where it applies, its description and how the playground shows
// it. The parser, the canonical query (the cache key), `/openapi.json` and the playground's form all
// read it, so a parameter is added in one place (docs/ARCHITECTURE.md, Adding a parameter). So do the
// pixel size and its limits, the gallery's list of every component × state, and the text helpers for
// numbers and quoted input that errors share.
//
// Shared by the HTTP service and the command line alike, it must never know how a picture is drawn,
// encoded or served: no scene, pixels, files or HTTP. It imports nothing of Relief.
