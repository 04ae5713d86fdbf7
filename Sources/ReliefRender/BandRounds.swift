import Dispatch
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
        draw: @escaping @Sendable (Part) -> Drawn, take: (Drawn) throws -> Void
    ) rethrows {
        for start in stride(from: 0, to: parts.count, by: Renderer.bandsAtOnce) {
            try beforeEachRound()
            let round = Array(parts[start..<min(start + Renderer.bandsAtOnce, parts.count)])
            guard round.count > 1 else {
                try take(draw(round[0]))
                continue
            }
            let drawn = Locked([Drawn?](repeating: nil, count: round.count))
            DispatchQueue.concurrentPerform(iterations: round.count) { member in
                let result = draw(round[member])
                drawn.withLock { $0[member] = result }
            }
            for result in drawn.withLock({ $0 }) {
                guard let result else { preconditionFailure("every band of a round is drawn") }
                try take(result)
            }
        }
    }
}
