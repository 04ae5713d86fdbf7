import ReliefEscaping
import ReliefSpec

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
        guard !elements.isEmpty else {
            text += close
            return
        }
        let newline = indent > 0 ? "\n" : ""
        let inner = String(repeating: " ", count: indent * (depth + 1))
        for (index, element) in elements.enumerated() {
            text += (index == 0 ? "" : ",") + newline + inner
            writeElement(element, &text)
        }
        text += newline + String(repeating: " ", count: indent * depth) + close
    }

    /// Numbers in their shortest plain form (``DecimalText/format(_:)``: `80`, not `80.0`, and no
    /// exponent); JSON has no infinities or NaN, so those become `null`.
    private static func numberText(_ value: Double) -> String {
        value.isFinite ? DecimalText.format(value) : "null"
    }

    private static func writeString(_ value: String, to text: inout String) {
        text +=
            "\""
            + value.replacingScalars { scalar in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case _ where scalar.mustBeEscapedInReceivedText: "\\u" + HexDigits.padded(scalar.value, width: 4)
                default: nil
                }
            } + "\""
    }
}
