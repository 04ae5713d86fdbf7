import CReliefPNG

extension PNGError {
    /// Room for libpng's messages, which are short (the simplified API caps them at 64 bytes).
    private static let messageCapacity = 512

    /// Runs a C call that reports failure as a nonzero status plus a message written into the
    /// buffer it is given, and turns a failure into a `PNGError`.
    static func check(_ call: (UnsafeMutablePointer<CChar>, Int) -> Int32) throws(PNGError) {
        let failure: PNGError? = withUnsafeTemporaryAllocation(of: CChar.self, capacity: messageCapacity) { message in
            let buffer = message.baseAddress!
            buffer.initialize(to: 0)
            guard call(buffer, messageCapacity) != RELIEF_PNG_OK else { return nil }
            let text = String(cString: buffer)
            return PNGError(message: text.isEmpty ? "libpng failed without a message" : text)
        }
        if let failure { throw failure }
    }
}
