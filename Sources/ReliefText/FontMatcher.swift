import CFontconfig
import ReliefLock

/// Asks fontconfig which installed font covers some characters best.
///
/// The configuration and the font list are loaded on the first question, so a process that draws
/// only what its own faces cover never reads them. Fontconfig is called under one lock: answers are
/// cached by the caller, so the lock is only taken for characters no face seen before covers.
final class FontMatcher: Sendable {
    private let state = Locked<State>(State())

    private struct State: ~Copyable {
        /// Fontconfig's `FcConfig`, once loaded.
        var configuration: OpaquePointer?

        deinit {
            if let configuration { FcConfigDestroy(configuration) }
        }
    }

    /// The installed face that covers every one of `query.scalars`, preferring the query's families
    /// in order, then its language, weight and colour; nil when no installed font covers them all.
    func bestFace(for query: FallbackQuery) throws(TextError) -> FaceLocation? {
        try state.withLock { state throws(TextError) -> FaceLocation? in
            if state.configuration == nil {
                guard let loaded = FcInitLoadConfigAndFonts() else { throw TextError(.fontconfigUnavailable) }
                state.configuration = loaded
            }
            guard let configuration = state.configuration else { throw TextError(.fontconfigUnavailable) }
            // Fontconfig ranks colour above coverage: when no font of the wanted kind has the
            // characters, ask again without a wish, so a font of the other kind wins over a box.
            for color in [query.wantsColor, nil] {
                if let found = try Self.match(query, color: color, in: configuration) { return found }
            }
            return nil
        }
    }

    /// The best face for `query` that has all its characters, colour or not as `color` says (either
    /// when nil).
    private static func match(_ query: FallbackQuery, color: Bool?, in configuration: OpaquePointer) throws(TextError)
        -> FaceLocation?
    {
        guard let pattern = FcPatternCreate() else { throw TextError(.fontconfigUnavailable) }
        defer { FcPatternDestroy(pattern) }
        guard let charset = FcCharSetCreate() else { throw TextError(.fontconfigUnavailable) }
        defer { FcCharSetDestroy(charset) }
        var built = query.scalars.allSatisfy { FcCharSetAddChar(charset, $0.value) != 0 }
        for family in query.families { built = built && add(family, as: FC_FAMILY, to: pattern) }
        if let language = query.language { built = built && add(language, as: FC_LANG, to: pattern) }
        built =
            built && FcPatternAddInteger(pattern, FC_WEIGHT, query.weight.fontconfigWeight) != 0
            && FcPatternAddCharSet(pattern, FC_CHARSET, charset) != 0
        if let color { built = built && FcPatternAddBool(pattern, FC_COLOR, color ? FcTrue : FcFalse) != 0 }
        built = built && FcConfigSubstitute(configuration, pattern, FcMatchPattern) != 0
        guard built else { throw TextError(.fontconfigUnavailable) }
        FcDefaultSubstitute(pattern)

        var result = FcResultNoMatch
        guard let match = FcFontMatch(configuration, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(match) }
        var file: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        var coverage: OpaquePointer?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file,
            FcPatternGetInteger(match, FC_INDEX, 0, &index) == FcResultMatch,
            FcPatternGetCharSet(match, FC_CHARSET, 0, &coverage) == FcResultMatch, let coverage,
            query.scalars.allSatisfy({ FcCharSetHasChar(coverage, $0.value) != 0 })
        else { return nil }
        return FaceLocation(path: String(cString: file), index: Int(index))
    }

    /// Adds the string `value` to `pattern` under `object`; false when fontconfig runs out of memory.
    private static func add(_ value: String, as object: String, to pattern: OpaquePointer) -> Bool {
        Array(value.utf8CString).withUnsafeBufferPointer { chars in
            chars.withMemoryRebound(to: FcChar8.self) { FcPatternAddString(pattern, object, $0.baseAddress) != 0 }
        }
    }
}
