import ReliefLock

/// Work on the bands of an image in rounds of ``Renderer/bandsAtOnce``: each band of a round on a
/// thread of its own, the results taken in the bands' order once the round is done. A round's
/// results are all the memory it holds beyond a band's drawing, so the image is never held twice.
enum BandRounds {
    /// Runs `draw` on every part, ``Renderer/bandsAtOnce`` at a time, and hands the results to
    /// `take` in order; `beforeEachRound` runs on the calling thread first and may stop the work by
    /// throwing.
    static func forEach<Part: Sendable, Drawn: Sendable>(
        _ parts: [Part], beforeEachRound: () throws -> Void,
        draw: @Sendable (Part) -> Drawn, take: (Drawn) throws -> Void
    ) rethrows {
        for start in stride(from: 0, to: parts.count, by: Renderer.bandsAtOnce) {
            try beforeEachRound()
            let round = Array(parts[start..<min(start + Renderer.bandsAtOnce, parts.count)])
            for result in SideBySide.map(round.count, { draw(round[$0]) }) { try take(result) }
        }
    }
}
