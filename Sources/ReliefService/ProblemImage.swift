import ReliefRender
import ReliefScene

/// A problem drawn as a PNG by the one renderer, for clients that show whatever image body they get
/// (see ``ProblemCard``), at 1 pixel per point so the text is sharp at 1x.
struct ProblemImage: Sendable {
    var renderer = Renderer()

    /// The PNG bytes of `problem`.
    func png(for problem: ProblemDetails) throws -> [UInt8] {
        let heading = "\(problem.status) \(problem.title)" + (problem.parameter.map { ": \($0)" } ?? "")
        let scene = try ProblemCard.scene(heading: heading, detail: problem.detail, allowed: problem.allowed,
                                          shaper: renderer.textShaper)
        return try renderer.png(for: scene, scale: 1).bytes
    }
}
