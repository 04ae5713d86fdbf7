import CFriBidi

/// The embedding levels of one line of text by the Unicode bidirectional algorithm (UAX #9),
/// resolved by FriBiDi.
///
/// The paragraph direction is that of the first strong character, as in a browser's `dir=auto`,
/// but invisible characters do not count: a stray U+061C ARABIC LETTER MARK or U+200F RIGHT-TO-LEFT
/// MARK before Latin text does not lay the Latin out right to left.
struct BidiParagraph {
    /// Whether the paragraph reads right to left.
    let isRightToLeft: Bool
    /// Each scalar's level: even reads left to right, odd right to left.
    let levels: [UInt8]

    init(_ scalars: [Unicode.Scalar]) throws(TextError) {
        guard scalars.count <= Int(Int32.max) else {
            throw TextError(.textTooLong(utf8Count: scalars.reduce(0) { $0 + UTF8.width($1) }))
        }
        let count = FriBidiStrIndex(scalars.count)
        let characters = scalars.map { FriBidiChar($0.value) }
        var types = [FriBidiCharType](repeating: FRIBIDI_TYPE_ON, count: scalars.count)
        fribidi_get_bidi_types(characters, count, &types)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        fribidi_get_bracket_types(characters, count, types, &brackets)
        isRightToLeft = Self.firstVisibleStrongIsRightToLeft(scalars, types)

        var direction = isRightToLeft ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR
        var resolved = [FriBidiLevel](repeating: 0, count: scalars.count)
        guard scalars.isEmpty || fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &resolved) > 0 else {
            throw TextError(.bidiFailed(scalarCount: scalars.count))
        }
        var levels = resolved.map { UInt8(bitPattern: $0) }
        // Rule L1: spaces and isolate or embedding controls that end the line take the paragraph's level.
        for index in types.indices.reversed() {
            guard Self.endOfLineTypes.contains(types[index].rawValue) else { break }
            levels[index] = isRightToLeft ? 1 : 0
        }
        self.levels = levels
    }

    /// The order, left to right, in which to show runs of the given levels (rule L2): from the highest
    /// level down to the lowest odd one, every stretch at that level or above is reversed.
    static func visualOrder(of levels: [UInt8]) -> [Int] {
        var order = Array(levels.indices)
        guard let highest = levels.max(), let lowest = levels.min() else { return order }
        var level = highest
        while level >= (lowest | 1) {
            var start = 0
            while start < order.count {
                guard levels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, levels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }

    /// Rule P2 without the invisible: the first letter outside isolates that is not default-ignorable.
    private static func firstVisibleStrongIsRightToLeft(_ scalars: [Unicode.Scalar], _ types: [FriBidiCharType]) -> Bool {
        var isolates = 0
        for (scalar, type) in zip(scalars, types) {
            switch type {
            case FRIBIDI_TYPE_LRI, FRIBIDI_TYPE_RLI, FRIBIDI_TYPE_FSI:
                isolates += 1
            case FRIBIDI_TYPE_PDI:
                isolates = max(isolates - 1, 0)
            case FRIBIDI_TYPE_LTR, FRIBIDI_TYPE_RTL, FRIBIDI_TYPE_AL:
                guard isolates == 0, !scalar.properties.isDefaultIgnorableCodePoint else { continue }
                return type != FRIBIDI_TYPE_LTR
            default:
                continue
            }
        }
        return false
    }

    /// Whitespace, boundary neutrals and the explicit controls: what rule L1 resets at a line's end.
    private static let endOfLineTypes: Set<UInt32> = Set(
        [
            FRIBIDI_TYPE_WS, FRIBIDI_TYPE_BN, FRIBIDI_TYPE_LRI, FRIBIDI_TYPE_RLI, FRIBIDI_TYPE_FSI, FRIBIDI_TYPE_PDI,
            FRIBIDI_TYPE_LRE, FRIBIDI_TYPE_RLE, FRIBIDI_TYPE_LRO, FRIBIDI_TYPE_RLO, FRIBIDI_TYPE_PDF,
        ].map(\.rawValue))
}
