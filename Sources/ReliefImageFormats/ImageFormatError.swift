import CReliefAVIF
import CReliefWebP

/// Why a WebP or an AVIF could not be encoded or decoded: `message` names the problem and, where it
/// helps, what is allowed; the libraries' own messages keep their `libwebp:` or `libavif:` prefix.
public struct ImageFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A sentence naming the problem.
    public let message: String

    /// Creates an error with the given message.
    public init(message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// Room for the libraries' messages, which are short.
    private static let messageCapacity = 512

    /// Runs a C call that reports failure as a nonzero status plus a message written into the buffer
    /// it is given, and turns a failure into an `ImageFormatError`.
    static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(ImageFormatError) {
        let failure: ImageFormatError? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: messageCapacity) {
            let buffer = $0.baseAddress!
            buffer.initialize(to: 0)
            guard call(buffer, messageCapacity) != 0 else { return nil }
            let text = String(cString: buffer)
            return ImageFormatError(message: text.isEmpty ? "the encoder failed without a message" : text)
        }
        if let failure { throw failure }
    }

    /// Checks a size and its pixel buffer before any C code sees them.
    static func checkPixels(byteCount: Int, width: Int, height: Int) throws(ImageFormatError) -> (UInt32, UInt32) {
        guard width > 0, height > 0, let cWidth = UInt32(exactly: width), let cHeight = UInt32(exactly: height) else {
            throw ImageFormatError(
                message: "image size \(width) × \(height) is invalid; width and height must be at least 1 pixel")
        }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Int.max / 4, byteCount == 4 * pixels else {
            throw ImageFormatError(
                message: "the RGBA buffer holds \(byteCount) bytes; a \(width) × \(height) image needs width × height × 4 bytes")
        }
        return (cWidth, cHeight)
    }
}
