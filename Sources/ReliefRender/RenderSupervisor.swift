/// Whoever runs a render, as the render sees it: asked for memory before any pixel is drawn, and
/// whether to go on before each band of pixels.
public struct RenderSupervisor {
    /// Called once the image's size is known and before it is drawn, with the most working memory
    /// the render will need (``Renderer/estimatedPeakBytes(width:height:simulation:)``); returns once
    /// that memory may be used, or throws to stop the render.
    public var reserve: (_ bytes: Int) throws -> Void
    /// Whether the render's result is still wanted; asked before each band, and when it is not, the
    /// render stops with ``RenderAbandoned``.
    public var isWanted: () -> Bool

    public init(reserve: @escaping (_ bytes: Int) throws -> Void, isWanted: @escaping () -> Bool) {
        self.reserve = reserve
        self.isWanted = isWanted
    }

    /// Reserves nothing and never stops: for the command line and the benchmark.
    public static var unsupervised: RenderSupervisor {
        RenderSupervisor(reserve: { _ in }, isWanted: { true })
    }

    /// Throws ``RenderAbandoned`` when the result is no longer wanted.
    func checkWanted() throws(RenderAbandoned) {
        guard isWanted() else { throw RenderAbandoned() }
    }
}

/// A render that stopped half-way because nobody wanted its result any more.
public struct RenderAbandoned: Error, Sendable, Hashable {
    public init() {}
}
