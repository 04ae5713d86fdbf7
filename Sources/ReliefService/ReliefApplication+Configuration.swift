import Foundation

extension ReliefApplication {
    /// Settings of the application; every default suits a small server.
    public struct Configuration: Sendable {
        /// The directory whose files are served at `/` (`/` is its `index.html`). Default `Public`,
        /// relative to the working directory; empty serves no files.
        public var publicDirectory = "Public"
        /// The render cache's budget in bytes (PNG sizes plus a per-entry estimate). Default 64 MiB;
        /// `relief serve --cache-mb` sets it.
        public var cacheBytes = 64 << 20
        /// Renders running at once. Default: the number of active cores, at least 2.
        public var maxConcurrentRenders = Configuration.defaultConcurrency
        /// Renders waiting for a worker; one more gets `503` with `Retry-After: 1`. Default: eight per
        /// worker, so a waiting render waits at most about eight render times (tens of milliseconds),
        /// while a page of images from several browsers at once still fits.
        public var maxQueuedRenders = 8 * Configuration.defaultConcurrency
        /// How long, in seconds, clients may keep a `400` answer (the PNG stating the problem, or its
        /// JSON); 0 sends `no-store`. Default 60, so a fixed mockup shows the fix within a minute.
        public var errorMaxAge = 60
        /// When set, `/render` and `/audit` answer only URLs it signed (`relief serve
        /// --signing-key-file`). Default `nil`: no signature needed, and a trailing `sig` is ignored.
        public var urlSigner: URLSigner? = nil

        public init() {}

        private static var defaultConcurrency: Int {
            max(2, ProcessInfo.processInfo.activeProcessorCount)
        }
    }
}
