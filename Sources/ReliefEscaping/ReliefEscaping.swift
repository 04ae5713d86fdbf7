// ReliefEscaping: the spelling rules every writer of text shares, so that JSON, log lines, error
// messages, markup and Swift literals agree on what received text may show as it is.
//
// Main types: `Unicode.Scalar.mustBeEscapedInReceivedText` and `isControlCharacter` (which scalars
// are never written raw: controls and bidi formatting characters), `replacingScalars` (the one
// escaping loop, each writer passing its own spelling of an escaped scalar), `swiftLiteralEscaped`,
// and `HexDigits` (fixed-width hexadecimal, for colours, digests and escapes).
//
// It sits at the bottom with ReliefGeometry and ReliefLock: it must never know HTTP, queries,
// styles or any other Relief module, so that the HTTP server can use it and stay Relief-free.
