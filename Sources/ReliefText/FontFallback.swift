import ReliefLock

/// Chooses the face for characters a label's own face lacks, and remembers every choice.
///
/// The faces found for one script (in one style and language, emoji apart) are tried first for the
/// next character of that script, so fontconfig is asked about the first Arabic letter, not about
/// every one, and about no letter of a line shaped before.
final class FontFallback: Sendable {
    private let store: FaceStore
    private let matcher = FontMatcher()
    private let chosen = Locked<Chosen>(Chosen())

    private struct Chosen {
        /// Where the faces found so far for each kind of character are, in the order found: the
        /// store keeps the faces themselves open or closes them (``FaceStore/fallbackFacesKept``).
        var faces: [Kind: [FaceLocation]] = [:]
        /// Questions no installed font could answer, so they are not asked again.
        var unanswered = BoundedCache<FallbackQuery, Bool>(capacity: 256)
    }

    /// What a fallback face is remembered for.
    private struct Kind: Hashable {
        let script: ScriptTag
        let isEmoji: Bool
        let style: FaceStyle
        let language: LanguageTag?
    }

    init(store: FaceStore) {
        self.store = store
    }

    /// A face with every one of `scalars` (none default-ignorable) for text of `script` in `style`:
    /// in colour when `isEmoji`, in `language`'s regional forms when given; nil when no installed
    /// font has them all.
    func face(
        covering scalars: [Unicode.Scalar], script: ScriptTag, isEmoji: Bool, style: FaceStyle,
        language: LanguageTag?
    ) throws(TextError) -> FontFace? {
        let kind = Kind(script: script, isEmoji: isEmoji, style: style, language: language)
        for location in chosen.withLock({ $0.faces[kind] ?? [] }) {
            let face = try store.face(at: location)
            if face.covers(scalars) { return face }
        }

        let families =
            isEmoji
            ? ["Noto Color Emoji", "emoji"]
            : style.family.notoFamilies(forScript: script.isShared ? nil : script.name)
        let query = FallbackQuery(
            scalars: scalars, families: families + [style.family.genericName],
            language: language?.fontconfigName, weight: style.weight, wantsColor: isEmoji)
        guard chosen.withLock({ $0.unanswered.value(for: query) == nil }) else { return nil }
        // FreeType has the last word on coverage, as it is FreeType's cmap that gives the glyph.
        guard let location = try matcher.bestFace(for: query), case let face = try store.face(at: location),
            face.covers(scalars)
        else {
            chosen.withLock { $0.unanswered.insert(true, for: query) }
            return nil
        }
        chosen.withLock { chosen in
            if !(chosen.faces[kind] ?? []).contains(location) { chosen.faces[kind, default: []].append(location) }
        }
        return face
    }
}
