import CReliefICU

/// Where text may be broken into lines, by the Unicode line-breaking algorithm (UAX #14) as ICU
/// implements it.
///
/// Besides spaces, a line may break between CJK ideographs and kana, after hyphens, before an
/// opening and after a closing bracket where the rules allow; Thai, Lao, Khmer and Burmese, written
/// without spaces, break between words found in ICU's dictionaries. Grapheme clusters are never split.
public enum LineBreaks {
    /// The indices in `text` where a new line may start, in order; neither the start nor the end of
    /// the text is among them. A break before spaces is not offered: spaces stay at the end of the
    /// line they follow, where a caller trims them.
    ///
    /// - Parameter language: a BCP 47 tag whose tailoring applies (`ja` keeps small kana with the
    ///   character before); nil for the root rules.
    public static func opportunities(in text: String, language: String?) throws(TextError) -> [String.Index] {
        let utf16 = Array(text.utf16)
        guard utf16.count > 1 else { return [] }
        guard utf16.count <= Int(Int32.max) else { throw TextError(.textTooLong(utf8Count: text.utf8.count)) }
        // ICU reads the text where it lies, so the iterator lives and dies inside this closure.
        return try utf16.withUnsafeBufferPointer { units throws(TextError) -> [String.Index] in
            var status: Int32 = 0
            // Warnings (negative codes) such as a fallback to the root locale are not failures.
            guard let iterator = relief_line_breaks_open(language ?? "", units.baseAddress, Int32(units.count), &status) else {
                throw TextError(.lineBreaksUnavailable(icuError: status))
            }
            defer { relief_line_breaks_close(iterator) }
            var breaks: [String.Index] = []
            while case let offset = relief_line_breaks_next(iterator), offset >= 0, offset < units.count {
                // ICU counts UTF-16 units; keep only offsets at a Character boundary of the Swift string.
                if let index = String.Index(utf16Offset: Int(offset), in: text).samePosition(in: text) {
                    breaks.append(index)
                }
            }
            return breaks
        }
    }
}
