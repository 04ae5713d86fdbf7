/// The known name an unknown one most likely meant, for the "did you mean `on`?" of errors: the
/// parameter of a query, the element, argument or modifier of a layout, the command or option of the
/// command line.
///
/// Names are compared without regard to case. A synonym (what SwiftUI or CSS calls the same thing,
/// `checked` for `on`) wins; then the name fewest edits away, counting an insertion, a deletion, a
/// substitution or a swap of two neighbouring characters as one edit (the optimal string alignment
/// distance), within ``maxEdits(forLength:)`` and fewer than the written name's characters; on a tie,
/// the name listed first.
public enum NameSuggestion {
    /// The name of `names` that `written` most likely meant, or `nil` when none is near. `synonyms`
    /// maps other spellings (lowercase) to the name they stand for; one whose name is not among
    /// `names` is ignored.
    public static func nearest(
        to written: String, among names: [String], synonyms: [String: String] = [:]
    ) -> String? {
        let target = Array(written.lowercased())
        guard !target.isEmpty else { return nil }
        if let meant = synonyms[String(target)], names.contains(meant) { return meant }
        let limit = maxEdits(forLength: target.count)
        var best: (name: String, edits: Int)?
        for name in names {
            let candidate = Array(name.lowercased())
            // The distance is at least the difference of lengths: a name that far off is skipped unread,
            // which also keeps a long written name from costing more than a glance.
            guard abs(candidate.count - target.count) <= limit else { continue }
            let edits = distance(target, candidate)
            // A name every character of which must change is no suggestion (`o` for `x`).
            if edits <= limit, edits < target.count, edits < best?.edits ?? .max { best = (name, edits) }
        }
        return best?.name
    }

    /// The most edits a suggestion may be from a written name of `length` characters: one per three
    /// characters, at least one, so `on` is suggested for `no` and `pressed` for `presed`, but a
    /// three-letter word is not turned into an unrelated one.
    public static func maxEdits(forLength length: Int) -> Int {
        max(1, length / 3)
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows of the edit table: two back (for swaps), one back, and the one being filled.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], twoBack[j - 2] + 1)
                }
            }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count]
    }

    /// The sentence that ends a message with a suggestion: `; did you mean `on`?`, empty without one.
    public static func sentence(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean `\($0)`?" } ?? ""
    }
}
