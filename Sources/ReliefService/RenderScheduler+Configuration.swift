import Foundation

extension RenderScheduler {
    /// How many renders run at once, in how much memory, and how long one may wait.
    public struct Configuration: Sendable {
        /// Workers in each lane: this many small and this many large renders may run at once.
        /// Default: the active cores, at least 2. Small renders keep a set of workers to
        /// themselves, so large ones never hold every worker.
        public var workers = max(2, ProcessInfo.processInfo.activeProcessorCount)
        /// The most work, in pixels of a plain render (``RenderCost``), of a small render, which
        /// must also fit the small lane's eighth of ``memoryBytes``. Default 1 Mi: a 1024 × 1024
        /// image, about 25 ms on one core.
        public var smallWork: Double = Double(1 << 20)
        /// The estimated peak working memory of the renders running at once, in bytes, beside the
        /// cache's budget; one render may hold at most seven eighths of it
        /// (``Policy/largestJobMemory``), and the small lane keeps the rest. Default 256 MiB: one
        /// of the largest stills (4096 × 4096 pixels, estimated at 132 MiB) with room for renders of
        /// up to 92 MiB beside it in the large lane, and the small lane's eighth; the largest
        /// animation the pixel limits allow (estimated at 373 MiB) runs under 426 MiB or more.
        /// `relief serve --render-mb` sets it.
        public var memoryBytes = 256 << 20
        /// The longest estimated wait a render is queued for; a render that would wait longer is
        /// answered `503` with `Retry-After`. Default 10 s, a patient browser's wait for an image.
        /// `relief serve --max-queue-seconds` sets it.
        public var maxQueueWait: Duration = .seconds(10)
        /// Seconds a pixel of work takes before any render has been timed. Default 25 ns: the
        /// largest card, 16.8 million pixels, renders and encodes in about 0.4 s on one core of a
        /// release build. Timed renders take over from it at once.
        public var initialSecondsPerWork = 25e-9
        /// Background jobs (the smallest encodings of cached images asked for again) waiting at
        /// most; more are refused. Default 256. One background job runs at a time, at the
        /// scheduler's lowest priority (``Policy``) and the operating system's (`SCHED_IDLE`).
        public var maxBackgroundJobs = 256

        public init() {}
    }
}
