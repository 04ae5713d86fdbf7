/// Prometheus text exposition (format 0.0.4) being written: each family's `HELP` and `TYPE` lines,
/// then its samples.
struct MetricsText {
    private(set) var text = ""

    /// The `HELP` and `TYPE` lines of the family `name`.
    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// One sample, its label values escaped as the format requires.
    mutating func sample(_ name: String, labels: [(name: String, value: String)] = [], _ value: Int) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.name)=\"\(Self.escapedLabelValue($0.value))\"" }.joined(separator: ",") + "}"
        }
        text += " \(value)\n"
    }

    /// A counter family of one unlabelled sample.
    mutating func counter(_ name: String, _ help: String, _ value: Int) {
        family(name, "counter", help)
        sample(name, value)
    }

    /// A gauge family of one unlabelled sample.
    mutating func gauge(_ name: String, _ help: String, _ value: Int) {
        family(name, "gauge", help)
        sample(name, value)
    }

    /// A histogram family.
    mutating func histogram(_ name: String, _ help: String, _ histogram: DurationHistogram) {
        family(name, "histogram", help)
        histogram.write(name, to: &text)
    }

    /// Backslash, double quote and newline escaped, the only escapes the format knows.
    static func escapedLabelValue(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
