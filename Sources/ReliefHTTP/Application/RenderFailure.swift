/// Why a render produced no image.
public enum RenderFailure: Error, Sendable, Hashable {
    /// Every worker was busy and the waiting line full; the request was not attempted (`503`).
    case overloaded
    /// The pipeline threw on a valid query (`500`); the text says why.
    case failed(String)
}
