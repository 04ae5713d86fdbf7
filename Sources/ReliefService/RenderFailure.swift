import ReliefSpec

/// Why a render produced no image.
public enum RenderFailure: Error, Sendable, Hashable {
    /// The render would have waited longer than the service allows; it was not attempted (`503`,
    /// `Retry-After` the estimated wait in seconds).
    case overloaded(retryAfter: Int)
    /// Every client waiting for the render left before it was done, so it was dropped (`503`,
    /// though no one is left to read it).
    case cancelled
    /// The pipeline threw on a valid query (`500`); the text says why.
    case failed(String)
    /// The query parsed, but what it draws breaks a limit only drawing can reveal, such as a label
    /// that grows the image past the pixel limits (`400`, like a refused query).
    case refused(SpecError)
}
