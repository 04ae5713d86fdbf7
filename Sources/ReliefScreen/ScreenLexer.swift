/// A token of the layout language, with where it starts.
struct Token: Sendable {
    enum Kind: Equatable, Sendable {
        case identifier(String)
        case string(String)
        case number(Double)
        /// One of `( ) { } [ ] , : . -`.
        case symbol(Unicode.Scalar)
        case end
    }

    let kind: Kind
    let location: SourceLocation
    /// The token as written, for errors.
    let spelling: String

    /// How an error names it.
    var described: String {
        switch kind {
        case .identifier, .symbol, .number: "`\(spelling)`"
        case .string(let value): "the string " + CanonicalForm.stringLiteral(value.prefix(40))
        case .end: "the end of the layout"
        }
    }
}

/// Splits layout text into tokens: identifiers, string literals with Swift's escapes, numbers,
/// punctuation; spaces, newlines and `//` comments between them.
struct ScreenLexer {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    private var location: SourceLocation { SourceLocation(line: line, column: index - lineStart + 1) }

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        index + offset < scalars.count ? scalars[index + offset] : nil
    }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// Every token, the last one `.end`.
    mutating func tokens() throws(ScreenError) -> [Token] {
        var tokens: [Token] = []
        while true {
            skipSpaceAndComments()
            let token = try next()
            tokens.append(token)
            if token.kind == .end { return tokens }
        }
    }

    private mutating func skipSpaceAndComments() {
        while let scalar = peek() {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                advance()
            } else if scalar == "/" && peek(1) == "/" {
                while let inComment = peek(), inComment != "\n" { advance() }
            } else {
                return
            }
        }
    }

    private mutating func next() throws(ScreenError) -> Token {
        let start = location
        let startIndex = index
        guard let scalar = peek() else { return Token(kind: .end, location: start, spelling: "") }
        if scalar.isIdentifierStart {
            while let part = peek(), part.isIdentifierStart || ("0"..."9").contains(part) { advance() }
            let name = spelling(from: startIndex)
            return Token(kind: .identifier(name), location: start, spelling: name)
        }
        if ("0"..."9").contains(scalar) {
            return try number(start: start, startIndex: startIndex)
        }
        if scalar == "\"" {
            return try string(start: start, startIndex: startIndex)
        }
        if "(){}[],:.-".unicodeScalars.contains(scalar) {
            advance()
            return Token(kind: .symbol(scalar), location: start, spelling: String(scalar))
        }
        throw ScreenError(
            .syntax, at: start, found: describe(scalar),
            expected:
                "an element, a modifier, an argument or a value (letters, digits, a string in \"…\", or one of ( ) { } [ ] , : . -)"
        )
    }

    private func spelling(from start: Int) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<index])
        return text
    }

    private mutating func number(start: SourceLocation, startIndex: Int) throws(ScreenError) -> Token {
        let digits: ClosedRange<Unicode.Scalar> = "0"..."9"
        while let digit = peek(), digits.contains(digit) { advance() }
        let integerDigits = index - startIndex
        var fractionDigits = 0
        if peek() == ".", let after = peek(1), digits.contains(after) {
            advance()
            while let digit = peek(), digits.contains(digit) {
                advance()
                fractionDigits += 1
            }
        }
        let text = spelling(from: startIndex)
        if integerDigits > ScreenLimits.integerDigits {
            throw ScreenError(
                .limit(.integerDigits), at: start, found: "the number \(text.prefix(20))…",
                expected: "a number of at most \(ScreenLimits.integerDigits) digits before its point")
        }
        if fractionDigits > ScreenLimits.fractionDigits {
            throw ScreenError(
                .limit(.fractionDigits), at: start, found: "the number \(text)",
                expected: "a number of at most \(ScreenLimits.fractionDigits) digits after its point")
        }
        return Token(kind: .number(Double(text)!), location: start, spelling: text)
    }

    private mutating func string(start: SourceLocation, startIndex: Int) throws(ScreenError) -> Token {
        advance()
        var value = ""
        while true {
            guard let scalar = peek(), scalar != "\n", scalar != "\r" else {
                throw ScreenError(
                    .syntax, at: location, found: peek() == nil ? "the end of the layout" : "the end of the line",
                    expected: "the closing \" of the string that starts at \(start)")
            }
            if scalar == "\"" {
                advance()
                return Token(kind: .string(value), location: start, spelling: spelling(from: startIndex))
            }
            if scalar == "\\" {
                value.unicodeScalars.append(try escape())
            } else {
                value.unicodeScalars.append(scalar)
                advance()
            }
        }
    }

    /// One escape after its backslash: Swift's `\0 \\ \t \n \r \" \'` and `\u{1 to 8 hex digits}`.
    private mutating func escape() throws(ScreenError) -> Unicode.Scalar {
        let start = location
        advance()
        let expected = "one of Swift's escapes: \\0, \\\\, \\t, \\n, \\r, \\\", \\' or \\u{hex}"
        guard let letter = peek() else {
            throw ScreenError(.syntax, at: start, found: "the end of the layout", expected: expected)
        }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\0", "\\": "\\", "t": "\t", "n": "\n", "r": "\r", "\"": "\"", "'": "'",
        ]
        if let scalar = simple[letter] {
            advance()
            return scalar
        }
        guard letter == "u", peek(1) == "{" else {
            throw ScreenError(.syntax, at: start, found: "\\" + describe(letter), expected: expected)
        }
        advance()
        advance()
        var hex = ""
        while let digit = peek(), digit.properties.isASCIIHexDigit, hex.unicodeScalars.count < 8 {
            hex.unicodeScalars.append(digit)
            advance()
        }
        guard peek() == "}", !hex.isEmpty, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw ScreenError(
                .syntax, at: start, found: "\\u{\(hex)" + (peek() == "}" ? "}" : ""),
                expected: "\\u{…} holding 1 to 8 hex digits of a Unicode scalar (not a surrogate, at most 10FFFF)")
        }
        advance()
        return scalar
    }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        scalar.properties.generalCategory == .control || scalar.properties.isWhitespace
            ? "U+" + String(scalar.value, radix: 16, uppercase: true) : "`\(scalar)`"
    }
}

extension Unicode.Scalar {
    /// An ASCII letter or `_`: identifiers are ASCII, as every name of the language is.
    fileprivate var isIdentifierStart: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || self == "_"
    }
}
