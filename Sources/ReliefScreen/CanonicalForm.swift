import ReliefEscaping
import ReliefSpec

/// The one spelling of a parsed layout: what the cache key and the ETag are made of, so that spaces,
/// comments, argument order and written-out defaults never split them. It parses back to the same layout.
///
/// One element a line, four spaces an indent; arguments in the catalogue's order, the defaults left out
/// (the parser has dropped them); a stack's modifiers on the lines after its `}`, a leaf's after it on
/// its line; `.padding()` for 16; numbers in decimal without trailing zeros; a light direction by name
/// where it has one.
public enum CanonicalForm {
    /// `root`'s canonical text, ending in a newline.
    public static func text(of root: ScreenElement) -> String {
        var text = ""
        write(root, indent: "", into: &text)
        return text
    }

    private static func write(_ element: ScreenElement, indent: String, into text: inout String) {
        text += indent + element.name
        let arguments = element.arguments.map { argument in
            (argument.label.map { "\($0): " } ?? "") + value(argument.value)
        }
        let modifiers = element.modifiers.map(modifier)
        let isStack = if case .stack = element.role { true } else { false }
        guard isStack || !element.children.isEmpty else {
            text += "(" + arguments.joined(separator: ", ") + ")" + modifiers.joined() + "\n"
            return
        }
        if !arguments.isEmpty { text += "(" + arguments.joined(separator: ", ") + ")" }
        text += " {\n"
        for child in element.children {
            write(child, indent: indent + "    ", into: &text)
        }
        text += indent + "}\n"
        for modifier in modifiers {
            text += indent + modifier + "\n"
        }
    }

    /// An argument's value as the layout writes it: `24`, `.leading`, `"Hi"`, `[.heart, .star]`.
    public static func value(_ value: ScreenValue) -> String {
        switch value {
        case .string(let text): stringLiteral(text)
        case .number(let number): self.number(number)
        case .bool(let flag): flag ? "true" : "false"
        case .member(let name): "." + name
        case .list(let items): "[" + items.map(self.value).joined(separator: ", ") + "]"
        }
    }

    /// A modifier as the layout writes it: `.padding(24)`, `.font(.headline)`, `.style(.dark)`, `.light(.topleft)`.
    public static func modifier(_ modifier: ScreenModifier) -> String {
        switch modifier.kind {
        case .padding(let edges, let length):
            ".padding("
                + [edges == .all ? nil : self.edges(edges), length == ScreenModifier.defaultPadding ? nil : number(length)]
                .compactMap { $0 }.joined(separator: ", ") + ")"
        case .frame(let frame):
            ".frame("
                + (frame.labelledLengths.compactMap { label, length in
                    length.map { "\(label): " + ($0 == .infinity ? ".infinity" : number($0)) }
                } + (frame.alignment == "center" ? [] : ["alignment: ." + frame.alignment]))
                .joined(separator: ", ") + ")"
        case .font(let style): ".font(.\(style.rawValue))"
        case .text(.bold): ".bold()"
        case .text(.foregroundStyle(let foreground)): ".foregroundStyle(.\(foreground.rawValue))"
        case .text(.multilineTextAlignment(let alignment)): ".multilineTextAlignment(.\(alignment.rawValue))"
        case .text(.lineLimit(let limit)): ".lineLimit(\(limit))"
        case .look(let setting):
            ".\(setting.modifier.name)(" + value(setting.modifier.value(of: setting)) + ")"
        }
    }

    /// Edges as SwiftUI writes them: `.horizontal`, `.top`, or a set `[.horizontal, .top]`, pairs by their
    /// set's name.
    static func edges(_ edges: ScreenEdges) -> String {
        var names: [String] = []
        for (pair, one, other) in [(ScreenEdges.horizontal, "leading", "trailing"), (.vertical, "top", "bottom")] {
            if edges.isSuperset(of: pair) {
                names.append(pair == .horizontal ? ".horizontal" : ".vertical")
            } else {
                names += [one, other].filter { name in ScreenEdges.named.contains { $0.name == name && edges.contains($0.edges) }
                }
                .map { "." + $0 }
            }
        }
        return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
    }

    /// `text` as a Swift string literal, every control and bidi control character as `\u{…}`.
    static func stringLiteral(_ text: some StringProtocol) -> String {
        "\"" + text.swiftLiteralEscaped() + "\""
    }

    /// A number as the lexer reads it back exactly: no exponent, at most ``ScreenLimits/fractionDigits``
    /// digits after the point (all a parsed number has), no trailing zeros.
    static func number(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
        var digits = String(Int((abs(value) * 1_000_000).rounded()))
        while digits.count < 7 { digits = "0" + digits }
        let point = digits.index(digits.endIndex, offsetBy: -6)
        var fraction = String(digits[point...])
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return (value < 0 ? "-" : "") + digits[..<point] + (fraction.isEmpty ? "" : "." + fraction)
    }
}
