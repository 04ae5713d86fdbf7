import ReliefLock
import ReliefRender
import ReliefScreen
import ReliefSpec

extension ReliefApplication {
    /// Encodes the cached PNG of `key` again at ``Renderer/EncodingEffort/smallest`` as background
    /// work, and puts it in the cache in the place of the fast encoding it was answered with first
    /// (``RenderCache/replace(_:with:)``): a query asked for again is worth its smallest bytes, one
    /// asked for once is not worth the CPU. The work runs only while no render waits
    /// (``RenderScheduler/Job/isBackground``), on one thread that runs only on idle cores, within the
    /// render memory budget; a key is shrunk once at a time, and when too many wait, or its render
    /// needs more memory than background work may hold (``RenderScheduler/Policy``), it keeps its
    /// fast encoding, the latter remembered (``keptFast``) so that its later hits cost no parse.
    func shrinkInBackground(_ key: String) {
        guard keptFast.withLock({ $0.peek(key) == nil }), shrinking.withLock({ $0.insert(key).inserted }) else { return }
        let forget: @Sendable () -> Void = { [shrinking] in _ = shrinking.withLock { $0.remove(key) } }
        let cost: RenderCost
        let smallest: @Sendable (RenderSupervisor) throws -> RenderCache.Entry
        let screenPrefix = Self.screenKey(canonicalQuery: "")
        if key.hasPrefix(screenPrefix) {
            guard let screen = try? ScreenRequest.parse(query: String(key.dropFirst(screenPrefix.count))) else {
                return forget()
            }
            (cost, smallest) = (
                RenderCost.screen(screen, effort: .smallest), { [self] in try renderScreen(screen, .smallest, $0) }
            )
        } else {
            guard let spec = try? RenderSpec.parse(query: key) else { return forget() }
            (cost, smallest) = (RenderCost.render(spec, effort: .smallest), { [self] in try render(spec, .smallest, $0) })
        }
        let job = RenderScheduler.Job(
            work: cost.work, memory: cost.memory, isBackground: true, isWanted: { true },
            withdrawIfUnwanted: { false }
        ) { [self] running in
            let supervisor = RenderSupervisor(reserve: { try running.reserve($0) }, isWanted: { true })
            // A failure leaves the fast encoding in place: it is a right answer, only a larger one.
            if let entry = try? CoreShare.process.alone({ try smallest(supervisor) }) {
                cache.replace(key, with: entry)
            }
            return forget
        }
        guard case .refused(let refusal) = scheduler.submit(job) else { return }
        // Too large stays too large under this budget; busy may pass.
        if case .tooLarge = refusal { _ = keptFast.withLock { $0.insert(true, for: key, cost: 1) } }
        forget()
    }
}
