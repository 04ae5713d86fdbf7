import ReliefSpec

/// The media ranges of an `Accept` field (RFC 9110 §12.5.1), for choosing between two answers.
struct AcceptHeader: Sendable {
    /// One `type/subtype;q=…` member, with its place in the list.
    struct MediaRange: Sendable, Hashable {
        var type: String
        var subtype: String
        var quality: Double
        var position: Int

        /// 3 for `type/subtype`, 2 for `type/*`, 1 for `*/*`: the most specific match decides.
        var specificity: Int {
            type == "*" ? 1 : subtype == "*" ? 2 : 3
        }

        func matches(type: String, subtype: String) -> Bool {
            (self.type == "*" || self.type == type) && (self.subtype == "*" || self.subtype == subtype)
        }
    }

    /// How much a client wants one media type: the quality of the range that decides for it, and that
    /// range's place in the list (earlier wins a tie, as browsers list what they prefer first).
    struct Preference: Sendable, Hashable, Comparable {
        var quality: Double
        var position: Int

        static func < (a: Preference, b: Preference) -> Bool {
            a.quality != b.quality ? a.quality < b.quality : a.position > b.position
        }
    }

    /// The well-formed ranges, in order; members that are not `type/subtype` are ignored.
    let ranges: [MediaRange]

    /// Reads a field value; `nil` (no `Accept` field) accepts everything equally.
    init(_ field: String?) {
        var ranges: [MediaRange] = []
        for (position, member) in (field ?? "").split(separator: ",").enumerated() {
            let parts = member.split(separator: ";")
            guard let name = parts.first?.trimmingSpaces.lowercased() else { continue }
            let halves = name.split(separator: "/", omittingEmptySubsequences: false)
            guard halves.count == 2, !halves[0].isEmpty, !halves[1].isEmpty,
                halves[0] != "*" || halves[1] == "*"
            else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces.lowercased() }
                guard pair.count == 2, pair[0] == "q" else { continue }
                // An unreadable weight counts as "not acceptable" rather than guessing.
                quality = Double(pair[1]).flatMap { $0.isNaN ? nil : min(max($0, 0), 1) } ?? 0
            }
            ranges.append(
                MediaRange(
                    type: String(halves[0]), subtype: String(halves[1]),
                    quality: quality, position: position))
        }
        self.ranges = ranges
    }

    /// How much the client wants `mediaType` (`type/subtype`): decided by the most specific range
    /// matching it, the first of those when several are equally specific. `nil` when no range matches.
    func preference(for mediaType: String) -> Preference? {
        let halves = mediaType.lowercased().split(separator: "/", maxSplits: 1).map(String.init)
        guard halves.count == 2 else { return nil }
        let deciding =
            ranges
            .filter { $0.matches(type: halves[0], subtype: halves[1]) }
            .max { $0.specificity != $1.specificity ? $0.specificity < $1.specificity : $0.position > $1.position }
        return deciding.map { Preference(quality: $0.quality, position: $0.position) }
    }

    /// The best of the preferences for several equivalent media types.
    func preference(forAnyOf mediaTypes: [String]) -> Preference? {
        mediaTypes.compactMap(preference(for:)).max()
    }

    /// The format `format=auto` answers in: of `choices` (the most preferred first, PNG last), the one
    /// whose media type the client weighs highest (its q-value; `image/*` and `*/*` count), the earlier
    /// of `choices` on a tie; the last when none is acceptable or no `Accept` was sent, since every
    /// client takes a PNG.
    func chosenFormat(among choices: [RenderSpec.Format]) -> RenderSpec.Format {
        var best: (format: RenderSpec.Format, quality: Double)? = nil
        for format in choices {
            guard let preference = preference(for: format.mediaType), preference.quality > 0 else { continue }
            if best.map({ preference.quality > $0.quality }) ?? true { best = (format, preference.quality) }
        }
        return best?.format ?? choices[choices.count - 1]
    }

    /// The format `output` is answered in for this request when it leaves the choice to `Accept`
    /// (`format=auto`): of the formats it chooses among, those that hold its animation, the one
    /// ``chosenFormat(among:)`` picks. `nil` when `output` names its format, so the URL alone names
    /// the answer. `/render` and `/screen` both choose by it.
    func negotiatedFormat(for output: RenderSpec.Output) -> RenderSpec.Format? {
        let choices = Self.choices(for: output)
        return choices.isEmpty ? nil : chosenFormat(among: choices)
    }

    /// The formats `Accept` chooses among for `output`: none when it names its format.
    static func choices(for output: RenderSpec.Output) -> [RenderSpec.Format] {
        output.format.keys.negotiatedFormats.filter { output.animation == nil || $0.keys.animates }
    }

    /// Whether a PNG is wanted more than a JSON document: true when the range deciding for
    /// `image/png` (`image/png` or `image/*`) has a higher weight than the one deciding for JSON
    /// (typically `*/*`), or the same weight and an earlier place. A browser's `<img>` asks
    /// `image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8`, which is true; curl's
    /// `*/*` and no field at all are false, since one range then decides for both.
    var prefersImageToJSON: Bool {
        guard let image = preference(for: "image/png"), image.quality > 0 else { return false }
        guard let json = preference(forAnyOf: ["application/problem+json", "application/json"]) else { return true }
        return json < image
    }
}
