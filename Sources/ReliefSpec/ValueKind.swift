import ReliefEscaping

/// How one kind of parameter value is read from the query and written back in canonical form.
struct ValueKind<Value: Sendable>: Sendable {
    /// Why a value was refused, beyond not being in ``allowed``: a hint such as
    /// `values are lowercase`, or `nil` when "must be <allowed>" says it all.
    struct Rejection: Error {
        var hint: String?
    }

    /// What the kind accepts, in words, for error messages.
    var allowed: String
    /// What the kind accepts, as data.
    var schema: ValueSchema
    /// The value written in the query, or a rejection.
    var parse: @Sendable (String) throws(Rejection) -> Value
    /// The value's canonical spelling, before percent-encoding.
    var canonicalText: @Sendable (Value) -> String
}

extension ValueKind where Value: CaseIterable & RawRepresentable<String> {
    /// One of the enum's cases, spelled exactly as its raw value.
    static var choice: ValueKind {
        choice(among: Array(Value.allCases))
    }

    /// One of `cases`, spelled exactly as its raw value.
    static func choice(among cases: [Value]) -> ValueKind {
        let names = cases.map(\.rawValue)
        return ValueKind(
            allowed: "one of " + names.joined(separator: ", "),
            schema: .choice(names),
            parse: { (text) throws(Rejection) in
                if names.contains(text), let value = Value(rawValue: text) { return value }
                throw Rejection(hint: names.contains(text.lowercased()) ? "values are lowercase" : nil)
            },
            canonicalText: { $0.rawValue }
        )
    }
}

extension ValueKind where Value == Bool {
    /// `true` or `false`, also written `1` or `0` (``ValueSchema/booleanSpellings``).
    static var boolean: ValueKind {
        let spellings = ValueSchema.booleanSpellings
        return ValueKind(
            allowed: "one of " + spellings.map(\.text).joined(separator: ", "),
            schema: .boolean,
            parse: { (text) throws(Rejection) in
                if let spelling = spellings.first(where: { $0.text == text }) { return spelling.value }
                let lowercased = text.lowercased()
                throw Rejection(hint: spellings.contains { $0.text == lowercased } ? "values are lowercase" : nil)
            },
            canonicalText: { value in spellings.first { $0.value == value }?.text ?? String(value) }
        )
    }
}

extension ValueKind where Value == Double {
    /// A plain decimal number (see ``DecimalText/parse(_:)``) within `range`.
    static func number(in range: ClosedRange<Double>) -> ValueKind {
        ValueKind(
            allowed: "a number from \(DecimalText.format(range.lowerBound)) to \(DecimalText.format(range.upperBound))",
            schema: .number(range),
            parse: { (text) throws(Rejection) in
                guard let value = DecimalText.parse(text) else {
                    throw Rejection(
                        hint: "write digits with an optional decimal point, at most "
                            + "\(RenderSpec.Limits.maxNumberCharacters) characters")
                }
                guard range.contains(value) else { throw Rejection(hint: nil) }
                return value
            },
            canonicalText: DecimalText.format
        )
    }
}

extension ValueKind where Value == Int {
    /// A whole number within `range`, written with digits only.
    static func wholeNumber(in range: ClosedRange<Int>) -> ValueKind {
        ValueKind(
            allowed: "a whole number from \(range.lowerBound) to \(range.upperBound)",
            schema: .wholeNumber(range),
            parse: { (text) throws(Rejection) in
                guard text.utf8.count <= 2, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }),
                    let value = Int(text)
                else {
                    throw Rejection(hint: DecimalText.parse(text) != nil ? "it is not a whole number" : nil)
                }
                guard range.contains(value) else { throw Rejection(hint: nil) }
                return value
            },
            canonicalText: { String($0) }
        )
    }
}

extension ValueKind {
    /// `count` values of `element`, separated by commas (``ListText``: `\,` is a comma inside a
    /// value), each read as `element` reads it; written back as their canonical spellings joined so.
    static func list<Element>(of element: ValueKind<Element>, count: ClosedRange<Int>) -> ValueKind
    where Value == [Element] {
        ValueKind(
            allowed:
                "\(count.lowerBound) to \(count.upperBound) comma-separated values (\\, for a comma in one), each \(element.allowed)",
            schema: .list(of: element.schema, count: count),
            parse: { (text) throws(Rejection) in
                let items = ListText.items(text)
                guard count.contains(items.count) else {
                    throw Rejection(hint: "it has \(items.count) value\(items.count == 1 ? "" : "s")")
                }
                var values: [Element] = []
                for (index, item) in items.enumerated() {
                    do throws(ValueKind<Element>.Rejection) {
                        values.append(try element.parse(item))
                    } catch {
                        let reason = error.hint.map { ": \($0)" } ?? ""
                        throw Rejection(hint: "value \(index + 1), \(MessageText.quoted(item)), is refused\(reason)")
                    }
                }
                return values
            },
            canonicalText: { ListText.joined($0.map(element.canonicalText)) }
        )
    }
}

extension ValueKind where Value == String {
    /// Text to draw: 1 to ``RenderSpec/Limits/maxLabelCharacters`` characters (grapheme clusters)
    /// of which at least one shows, without control characters or the bidi controls that can
    /// disguise text, kept exactly as given.
    static var label: ValueKind {
        words(maxCharacters: RenderSpec.Limits.maxLabelCharacters)
    }

    /// Text to draw as ``label`` reads it (``DrawnText``), of 1 to `maxCharacters` characters.
    static func words(maxCharacters: Int) -> ValueKind {
        ValueKind(
            allowed: DrawnText.allowed(maxCharacters: maxCharacters),
            schema: .text(maxLength: maxCharacters),
            parse: { (text) throws(Rejection) in
                if let hint = DrawnText.refusal(of: text, maxCharacters: maxCharacters) { throw Rejection(hint: hint) }
                return text
            },
            canonicalText: { $0 }
        )
    }

    /// A BCP 47 language tag as ``LanguageTagSyntax`` reads it, written back in the registry's
    /// case conventions (`zh-hant-tw` becomes `zh-Hant-TW`), so spellings of one tag share a key.
    static var languageTag: ValueKind {
        ValueKind(
            allowed: LanguageTagSyntax.allowed,
            schema: .languageTag,
            parse: { (text) throws(Rejection) in
                do throws(LanguageTagSyntax.Problem) {
                    return try LanguageTagSyntax.canonical(text)
                } catch {
                    throw Rejection(hint: error.hint)
                }
            },
            canonicalText: { $0 }
        )
    }
}

extension ValueKind where Value == RenderSpec.Background {
    /// `style`, `transparent`, or six hex digits `rrggbb` (either case, optionally after `#`).
    static var background: ValueKind {
        keywordOrColour(
            ["style": .style, "transparent": .transparent], rgb: { .color(red: $0.red, green: $0.green, blue: $0.blue) },
            canonicalText: { background in
                switch background {
                case .style: "style"
                case .transparent: "transparent"
                case let .color(red, green, blue): RenderSpec.RGB(red: red, green: green, blue: blue).hex
                }
            })
    }
}

extension ValueKind where Value == RenderSpec.ColorChoice {
    /// `style` (the style's own colour) or six hex digits `rrggbb`.
    static var colorChoice: ValueKind {
        keywordOrColour(
            ["style": .style], rgb: { .rgb($0) },
            canonicalText: { choice in
                switch choice {
                case .style: "style"
                case .rgb(let rgb): rgb.hex
                }
            })
    }
}

extension ValueKind {
    /// One of `keywords` (exactly), or six hex digits `rrggbb` (either case, optionally after `#`),
    /// written back as lowercase `rrggbb`.
    static func keywordOrColour(
        _ keywords: KeyValuePairs<String, Value>,
        rgb: @escaping @Sendable (RenderSpec.RGB) -> Value,
        canonicalText: @escaping @Sendable (Value) -> String
    ) -> ValueKind {
        let names = keywords.map(\.key)
        let values = keywords.map(\.value)
        return ValueKind(
            allowed: (names.count == 1 ? names[0] : "one of " + names.joined(separator: ", ") + ",") + " or a hex colour rrggbb",
            schema: .colour(keywords: names),
            parse: { (text) throws(Rejection) in
                if let index = names.firstIndex(of: text) { return values[index] }
                let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
                guard hex.utf8.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else {
                    throw Rejection(hint: names.contains(text.lowercased()) ? "values are lowercase" : nil)
                }
                return rgb(
                    RenderSpec.RGB(
                        red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF),
                        blue: UInt8(value & 0xFF)))
            },
            canonicalText: canonicalText
        )
    }
}

extension ValueKind where Value == RenderSpec.Light {
    /// A compass name (`topleft`, `bottomright`, …) or whole degrees 0–359, clockwise from up;
    /// written back in degrees, so a name and its number are one value.
    static var light: ValueKind {
        let points = RenderSpec.Light.compassPoints
        let range = RenderSpec.Light.degreeRange
        return ValueKind(
            allowed: "one of " + points.map(\.name).joined(separator: ", ")
                + ", or whole degrees from \(range.lowerBound) to \(range.upperBound) clockwise from up",
            schema: .direction(points, degrees: range),
            parse: { (text) throws(Rejection) in
                if let point = points.first(where: { $0.name == text }) { return RenderSpec.Light(degrees: point.degrees) }
                guard text.utf8.count <= 3, !text.isEmpty, text.utf8.allSatisfy({ (48...57).contains($0) }),
                    let degrees = Int(text)
                else {
                    let hint =
                        points.contains { $0.name == text.lowercased() }
                        ? "values are lowercase"
                        : DecimalText.parse(text) != nil ? "degrees are whole numbers" : nil
                    throw Rejection(hint: hint)
                }
                guard range.contains(degrees) else { throw Rejection(hint: nil) }
                return RenderSpec.Light(degrees: degrees)
            },
            canonicalText: { String($0.degrees) }
        )
    }
}
