/// Why a PNG could not be encoded or decoded.
///
/// `message` names the problem and, where it helps, what is allowed; libpng's own messages keep
/// their `libpng:` prefix so their source is plain.
public struct PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence naming the problem.
    public let message: String

    /// Creates an error with the given message.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
