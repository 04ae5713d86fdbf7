/// Why a query was refused: which parameter, what it accepts, and what went wrong.
///
/// The HTTP service turns one into a `400` problem document (its `parameter`, `allowed`, `detail`
/// and `suggestion` fields) and the command line prints ``description`` on the standard error stream.
/// Every text is safe to show: control characters received in the query appear escaped
/// (as `\u{7}`), and long received values are shortened.
public struct SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The offending parameter's name, or `"query"` when the query itself is malformed
    /// (a bad percent escape, bytes that are not UTF-8).
    public var parameter: String
    /// What the parameter accepts, e.g. `one of button, toggle, switch, well, card` or
    /// `a number from 16 to 1024`.
    public var allowed: String
    /// One sentence naming the problem and the value received, e.g.
    /// `size must be a number from 16 to 1024; got "2000"`.
    public var detail: String
    /// The known name an unknown one most likely meant (``NameSuggestion``), e.g. `on` for `checked`;
    /// `detail` ends with it as `; did you mean `on`?`.
    public var suggestion: String?

    /// An error about `parameter`; `detail` should quote the received value with its control
    /// characters escaped, and end with `suggestion` when there is one.
    public init(parameter: String, allowed: String, detail: String, suggestion: String? = nil) {
        self.parameter = parameter
        self.allowed = allowed
        self.detail = detail
        self.suggestion = suggestion
    }

    /// One line: `<parameter>: <detail>`.
    public var description: String {
        "\(parameter): \(detail)"
    }
}
