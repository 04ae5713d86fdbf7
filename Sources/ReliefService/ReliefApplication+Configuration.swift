import ReliefSpec

extension ReliefApplication {
    /// Settings of the application; every default suits a small server.
    public struct Configuration: Sendable {
        /// The directory whose files are served at `/` (`/` is its `index.html`). Default `Public`,
        /// relative to the working directory; empty serves no files.
        public var publicDirectory = "Public"
        /// The render cache's budget in bytes (PNG sizes plus a per-entry estimate). Default 64 MiB;
        /// `relief serve --cache-mb` sets it.
        public var cacheBytes = 64 << 20
        /// How renders and audits share the workers and the memory beside the cache: workers per
        /// lane, the render memory budget (`--render-mb`, default 256 MiB) and the longest wait
        /// (`--max-queue-seconds`, default 10 s). See ``RenderScheduler/Configuration``.
        public var renders = RenderScheduler.Configuration()
        /// How long, in seconds, clients may keep a `400` answer (the PNG stating the problem, or its
        /// JSON); 0 sends `no-store`. Default 60, so a fixed mockup shows the fix within a minute.
        public var errorMaxAge = 60
        /// How long, in seconds, caches may keep a provisional answer: a PNG encoded fast, which a
        /// smaller encoding of the same pixels replaces once the query is asked for again
        /// (``RenderCache/Entry/canShrink``); 0 to 300 (SPEC §12), `relief serve
        /// --provisional-max-age` sets it. Default 60: a cache revalidates within a minute, and
        /// gets the smaller bytes at the first revalidation after they are made.
        public var provisionalMaxAge = 60
        /// The longest ``provisionalMaxAge``: SPEC §12's bound on how long bytes that may still be
        /// replaced are kept.
        public static let provisionalMaxAgeRange = 0...300
        /// When set, `/render` and `/audit` answer only URLs it signed (`relief serve
        /// --signing-key-file`). Default `nil`: no signature needed, and a trailing `sig` is ignored.
        public var urlSigner: URLSigner? = nil
        /// The format of a `/render` or `/screen` query that names none: `png` (default), one object per URL for
        /// caches that ignore `Vary`, or `auto`, AVIF, WebP or PNG by the request's `Accept`, with
        /// `Vary: Accept` (docs/HTTP.md). `relief serve --default-format` sets it.
        public var defaultFormat = RenderSpec.Format.png
        /// The formats ``defaultFormat`` may be.
        public static let defaultFormats: [RenderSpec.Format] = [.png, .auto]

        public init() {}
    }
}
