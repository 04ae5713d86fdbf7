import ReliefSpec

/// Why a render produced no image.
public enum RenderFailure: Error, Sendable, Hashable {
    /// Every worker was busy and the waiting line full; the request was not attempted (`503`).
    case overloaded
    /// The pipeline threw on a valid query (`500`); the text says why.
    case failed(String)
    /// The query parsed, but what it draws breaks a limit only drawing can reveal, such as a label
    /// that grows the image past the pixel limits (`400`, like a refused query).
    case refused(SpecError)
}
