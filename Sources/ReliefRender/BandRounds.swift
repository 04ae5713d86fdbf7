import ReliefLock

/// Work on the bands of an image in rounds of up to ``Renderer/bandsAtOnce``, as many as the cores
/// other renders leave idle (``CoreShare``): each band of a round on a thread of its own, the
/// results taken in the bands' order once the round is done. A round's results are all the memory
/// it holds beyond a band's drawing, so the image is never held twice.
enum BandRounds {
    /// Runs `draw` on every part, up to ``Renderer/bandsAtOnce`` at a time, and hands the results to
    /// `take` in order; `beforeEachRound` runs on the calling thread first and may stop the work by
    /// throwing.
    static func forEach<Part: Sendable, Drawn: Sendable>(
        _ parts: [Part], beforeEachRound: () throws -> Void,
        draw: @Sendable (Part) -> Drawn, take: (Drawn) throws -> Void
    ) rethrows {
        let bandsAtOnce = CoreShare.process.threads(atMost: Renderer.bandsAtOnce)
        for start in stride(from: 0, to: parts.count, by: bandsAtOnce) {
            try beforeEachRound()
            let round = Array(parts[start..<min(start + bandsAtOnce, parts.count)])
            for result in SideBySide.map(round.count, { draw(round[$0]) }) { try take(result) }
        }
    }
}
