import Dispatch
import ReliefLock
import ReliefRender
import Synchronization

/// A problem drawn as a PNG by the one renderer, for clients that show whatever image body they get
/// (``Renderer/problemPNG(heading:detail:allowed:)``).
///
/// Pictures are drawn one at a time on a thread of their own, never on the render workers, and the
/// last ones are kept by the problem they state: a flood of invalid `<img>` requests repeats a few
/// problems, which are answered from memory, and new ones wait in a short line; beyond it they get
/// the problem's JSON instead, so they cannot crowd out valid renders.
final class ProblemImage: Sendable {
    /// Pictures kept, by their problem's JSON: 256 KiB, about fifty pictures of a few lines.
    static let cacheBytes = 256 << 10
    /// Pictures waiting to be drawn; one more gets the JSON. About a tenth of a second of drawing.
    static let mostWaiting = 16

    private let renderer = Renderer()
    private let drawn = Locked(LeastRecentlyUsed<[UInt8]>(capacity: ProblemImage.cacheBytes))
    private let waiting = Atomic<Int>(0)
    private let queue = DispatchQueue(label: "relief.problem-images", qos: .utility)

    /// Answers `completion` with the PNG of `problem`: at once when it was drawn lately, else once it
    /// is drawn; nil when the line is full or it cannot be drawn.
    func png(for problem: ProblemDetails, completion: @escaping @Sendable ([UInt8]?) -> Void) {
        let key = String(decoding: problem.jsonBody, as: UTF8.self)
        if let png = drawn.withLock({ $0.value(for: key) }) { return completion(png) }
        guard waiting.add(1, ordering: .relaxed).newValue <= Self.mostWaiting else {
            waiting.subtract(1, ordering: .relaxed)
            return completion(nil)
        }
        queue.async { [self] in
            let png = try? draw(problem)
            if let png {
                drawn.withLock { _ = $0.insert(png, for: key, cost: png.count + key.utf8.count) }
            }
            waiting.subtract(1, ordering: .relaxed)
            completion(png)
        }
    }

    /// The PNG bytes of `problem`.
    func draw(_ problem: ProblemDetails) throws -> [UInt8] {
        let heading = "\(problem.status) \(problem.title)" + (problem.parameter.map { ": \($0)" } ?? "")
        return try renderer.problemPNG(heading: heading, detail: problem.detail, allowed: problem.allowed).bytes
    }
}
