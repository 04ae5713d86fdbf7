import ReliefEscaping
import ReliefGeometry
import ReliefSpec

/// How the text formats (SVG, CSS, HTML, SwiftUI, design tokens) write numbers, colours and
/// received text, so that every format spells a value the same way.
enum OutputText {
    /// `value` rounded to a ten-thousandth (far below a pixel at any scale) in its shortest plain
    /// form: `10`, `-5`, `7.0711`, never `10.0`, `-0` or an exponent.
    static func number(_ value: Double) -> String {
        DecimalText.format(rounded(value))
    }

    /// `value` rounded to a ten-thousandth, as ``number(_:)`` writes it (`-0` made `0`), for the
    /// numbers of a JSON document.
    static func rounded(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000 + 0
    }

    /// `#rrggbb` of `color`'s 8-bit sRGB channels; alpha is written apart.
    static func hex(_ color: Color) -> String {
        "#" + HexDigits.bytes(bytes(of: color))
    }

    /// `color`'s red, green and blue as whole numbers from 0 to 255.
    static func bytes(of color: Color) -> [Int] {
        [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    }

    /// `text` safe inside XML or HTML, as element content and in quoted attribute values alike:
    /// `&`, `<`, `>`, `"` and `'` become references, tabs and newlines too (attribute values would
    /// turn them into spaces), and other control characters, which XML 1.0 forbids even as
    /// references, become U+FFFD. (Labels cannot hold them; the parser refuses them.)
    static func markup(_ text: String) -> String {
        text.replacingScalars { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\t", "\n": "&#\(scalar.value);"
            case _ where scalar.isControlCharacter: "\u{FFFD}"
            default: nil
            }
        }
    }
}
