/// A JSON document built in code, written with its object members in the order given, so that
/// `/openapi.json`, problem documents and design tokens read the same on every run.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in order; names should be unique.
    case object([Member])

    /// One name–value pair of an object.
    public struct Member: Sendable, Hashable {
        public var name: String
        public var value: JSONValue

        public init(name: String, value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// An object from name–value pairs; pairs whose value is `nil` are left out.
    public static func object(_ members: KeyValuePairs<String, JSONValue?>) -> JSONValue {
        .object(members.compactMap { name, value in value.map { Member(name: name, value: $0) } })
    }

    /// The UTF-8 text of the document; `indent` spaces per level with newlines, or compact when 0.
    public func serialized(indent: Int = 0) -> [UInt8] {
        var text = ""
        write(to: &text, indent: indent, depth: 0)
        if indent > 0 { text += "\n" }
        return Array(text.utf8)
    }

    private func write(to text: inout String, indent: Int, depth: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .number(let value): text += Self.numberText(value)
        case .string(let value): Self.writeString(value, to: &text)
        case .array(let elements):
            writeContainer("[", "]", elements, to: &text, indent: indent, depth: depth) { element, text in
                element.write(to: &text, indent: indent, depth: depth + 1)
            }
        case .object(let members):
            writeContainer("{", "}", members, to: &text, indent: indent, depth: depth) { member, text in
                Self.writeString(member.name, to: &text)
                text += indent > 0 ? ": " : ":"
                member.value.write(to: &text, indent: indent, depth: depth + 1)
            }
        }
    }

    private func writeContainer<Element>(
        _ open: String, _ close: String, _ elements: [Element], to text: inout String, indent: Int, depth: Int,
        writeElement: (Element, inout String) -> Void
    ) {
        text += open
        guard !elements.isEmpty else { return text += close }
        let newline = indent > 0 ? "\n" : ""
        let inner = String(repeating: " ", count: indent * (depth + 1))
        for (index, element) in elements.enumerated() {
            text += (index == 0 ? "" : ",") + newline + inner
            writeElement(element, &text)
        }
        text += newline + String(repeating: " ", count: indent * depth) + close
    }

    /// Whole numbers without a fraction (`80`, not `80.0`); JSON has no infinities or NaN, so those
    /// become `null`.
    private static func numberText(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if let whole = Int(exactly: value), whole.magnitude < 1 << 53 {
            return String(whole)
        }
        return value.description
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            // Control characters, and bidi format characters (Bidi_Control), which would make the
            // rest of a received value read backwards wherever the document is shown.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isBidiControl:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
