import Glibc
import ReliefHTTPServer
import ReliefLock
import ReliefRender

/// The service's counters, written as Prometheus text (exposition format 0.0.4) by `/metrics`.
///
/// Every response the server hands to the kernel is counted by route and status (the server's own
/// refusals included); every request or connection the server let go of is counted by its reason.
/// Renders and audits add their durations to histograms. Cache, scheduler, connection and log figures
/// are read when exposed (``Readings``).
final class ServiceMetrics: Sendable {
    /// The media type of ``exposition(_:)``.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// The `route` label of a response the server refused before it could read a target; the other
    /// labels are the routes' (``ServiceRoute/metricsLabel``).
    static let unreadRouteLabel = "-"

    /// Why a `/render` or `/audit` request was refused `403` when signed URLs are required.
    enum SignatureRefusal: String, Sendable, CaseIterable {
        /// No `sig` parameter.
        case missing
        /// A `sig` that is not the last parameter, or given more than once.
        case misplaced
        /// A `sig` no key of the key file produces for this path and query.
        case invalid
    }

    /// Figures read from elsewhere when the metrics are exposed.
    struct Readings: Sendable {
        var cache: RenderCache.Statistics
        /// The wide shadows kept from one render for the next.
        var shadows: ShadowCache.Counters
        var renders: RenderScheduler.Statistics
        var openConnections: Int
        var accessLogDroppedLines: Int
        var isDraining: Bool
        var memory: ProcessMemory
    }

    /// What the process holds: resident pages, and the heap's blocks in use and free.
    struct ProcessMemory: Sendable {
        var residentBytes: Int
        var heapInUseBytes: Int
        var heapFreeBytes: Int

        /// The readings now: VmRSS from `/proc/self/statm`, the heap's from the allocator.
        static var now: ProcessMemory {
            let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
            let residentPages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            let heap = AllocatorTuning.heap
            return ProcessMemory(
                residentBytes: residentPages * Int(sysconf(Int32(_SC_PAGESIZE))), heapInUseBytes: heap.inUse,
                heapFreeBytes: heap.free)
        }
    }

    private struct State {
        var drops: [DropLogEntry.Reason: Int] = [:]
        var signatureRefusals: [SignatureRefusal: Int] = [:]
        var renderFailures = 0
        var rendersRefusedOverloaded = 0
        var renderDurations = DurationHistogram()
        var encodeDurations = DurationHistogram()
        var auditDurations = DurationHistogram()
    }

    private let state = Locked(State())
    /// Responses by route and status, counted without the lock.
    private let responses = ResponseCounts()

    /// Counts one response handed to the kernel.
    func recordResponse(_ entry: AccessLogEntry) {
        responses.add(
            ResponseCounts.Key(
                route: entry.target.isEmpty ? nil : ReliefApplication.routeIndex(forTarget: entry.target), status: entry.status))
    }

    /// The `route` label of the route at `index` in ``ReliefApplication/routes``; nil: ``unreadRouteLabel``.
    private static func routeLabel(_ index: Int?) -> String {
        index.map { "\(ReliefApplication.routes[$0].metricsLabel)" } ?? unreadRouteLabel
    }

    /// Counts one request the server never answered whole, or one connection it refused or closed.
    func recordDrop(_ reason: DropLogEntry.Reason) {
        state.withLock { $0.drops[reason, default: 0] += 1 }
    }

    func recordRender(_ entry: RenderCache.Entry) {
        state.withLock { state in
            state.renderDurations.observe(entry.renderDuration)
            state.encodeDurations.observe(entry.encodeDuration)
        }
    }

    func recordAudit(_ entry: RenderCache.Entry) {
        state.withLock { $0.auditDurations.observe(entry.renderDuration) }
    }

    func recordRenderFailure() {
        state.withLock { $0.renderFailures += 1 }
    }

    /// Counts one `/render` or `/audit` request answered `503` because its render would have waited
    /// too long.
    func recordRenderRefusedOverloaded() {
        state.withLock { $0.rendersRefusedOverloaded += 1 }
    }

    func recordSignatureRefusal(_ refusal: SignatureRefusal) {
        state.withLock { $0.signatureRefusals[refusal, default: 0] += 1 }
    }

    /// Every metric as exposition text.
    func exposition(_ readings: Readings) -> String {
        var text = MetricsText()
        text.family(
            "relief_build_info", "gauge", "Always 1; the labels name the release and the renderer version (part of every ETag).")
        text.sample(
            "relief_build_info", labels: [("version", ReliefRelease.version), ("renderer", ReliefRelease.rendererVersion)], 1)
        state.withLock { state in
            text.family(
                "relief_http_requests_total", "counter",
                "Responses handed to the kernel, by route and status; route \"-\": refused before a target was read.")
            let counts = responses.nonZero.map { (route: Self.routeLabel($0.key.route), status: $0.key.status, count: $0.count) }
            for (route, status, count) in counts.sorted(by: { ($0.route, $0.status) < ($1.route, $1.status) }) {
                text.sample("relief_http_requests_total", labels: [("route", route), ("status", String(status))], count)
            }
            for (family, help, reasons) in Self.dropFamilies {
                text.family(family, "counter", help)
                for reason in reasons {
                    text.sample(family, labels: [("reason", reason.rawValue)], state.drops[reason] ?? 0)
                }
            }
            text.family(
                "relief_signature_refusals_total", "counter",
                "Render and audit requests refused 403 for their signature, by reason (only with signed URLs).")
            for refusal in SignatureRefusal.allCases {
                text.sample(
                    "relief_signature_refusals_total", labels: [("reason", refusal.rawValue)],
                    state.signatureRefusals[refusal] ?? 0)
            }
            text.histogram("relief_render_duration_seconds", "Time to lay out and rasterize one image.", state.renderDurations)
            text.histogram("relief_encode_duration_seconds", "Time to encode one image as PNG.", state.encodeDurations)
            text.histogram("relief_audit_duration_seconds", "Time to render and measure one audit.", state.auditDurations)
            text.family("relief_render_failures_total", "counter", "Renders and audits of valid queries that failed (500).")
            text.sample("relief_render_failures_total", state.renderFailures)
            text.family(
                "relief_renders_refused_overloaded_total", "counter",
                "Render and audit requests answered 503 because their render would have waited too long.")
            text.sample("relief_renders_refused_overloaded_total", state.rendersRefusedOverloaded)
        }
        let cache = readings.cache
        text.counter("relief_cache_hits_total", "Render requests answered from the cache.", cache.hits)
        text.counter("relief_cache_misses_total", "Render requests that started or joined a render.", cache.misses)
        text.counter("relief_cache_evictions_total", "Cache entries dropped to make room.", cache.evictions)
        text.counter(
            "relief_cache_shrunk_total", "Cached PNGs asked for again and replaced by their smallest encoding.",
            cache.shrunk)
        text.gauge("relief_cache_bytes", "Estimated bytes held by the cache.", cache.bytes)
        text.gauge("relief_cache_capacity_bytes", "The cache's byte budget.", cache.capacityBytes)
        text.gauge("relief_cache_entries", "Images held by the cache.", cache.entries)
        let shadows = readings.shadows
        text.counter("relief_shadow_cache_hits_total", "Wide shadows found blurred by an earlier render.", shadows.hits)
        text.counter("relief_shadow_cache_misses_total", "Wide shadows gathered and blurred afresh.", shadows.misses)
        text.gauge("relief_shadow_cache_bytes", "Bytes of the blurred shadows kept for later renders.", shadows.bytes)
        text.gauge(
            "relief_shadow_cache_capacity_bytes", "The most the kept shadows may hold: a 32nd of the render budget.",
            shadows.capacityBytes)
        text.gauge("relief_http_open_connections", "Client connections open now.", readings.openConnections)
        let renders = readings.renders
        text.byLane(
            "relief_renders_in_flight", "Renders and audits running on a worker now, in all and by lane.", renders.running)
        text.byLane(
            "relief_renders_queued", "Renders and audits waiting for a worker or memory, in all and by lane.", renders.queued)
        text.counter(
            "relief_renders_dropped_total", "Renders dropped because every client waiting for them had left.", renders.dropped)
        text.counter(
            "relief_renders_refused_too_large_total",
            "Render and audit requests answered 400 because they needed more memory than one render may hold.",
            renders.refusedTooLarge)
        text.gauge(
            "relief_render_memory_largest_job_bytes",
            "The most memory one render may hold: the budget less the small lane's eighth.", renders.largestJobMemory)
        text.gauge("relief_render_memory_bytes", "Estimated working memory of the renders running now.", renders.memoryInUse)
        text.gauge(
            "relief_render_memory_budget_bytes", "The budget the running renders' memory stays within.", renders.memoryBytes)
        text.counter(
            "relief_access_log_dropped_total",
            "Access-log lines dropped because the log's destination was not taking them or failed.",
            readings.accessLogDroppedLines)
        text.gauge(
            "relief_draining", "1 while the service drains before shutting down (/healthz answers 503).",
            readings.isDraining ? 1 : 0)
        text.gauge("relief_process_resident_bytes", "Resident memory of the process now (VmRSS).", readings.memory.residentBytes)
        text.gauge(
            "relief_heap_in_use_bytes", "Bytes of the C heap in blocks in use: the cache's entries, renders, fonts.",
            readings.memory.heapInUseBytes)
        text.gauge(
            "relief_heap_free_bytes",
            "Bytes of the C heap freed and kept for reuse; given back to the system once renders have stopped for a second.",
            readings.memory.heapFreeBytes)
        return text.text
    }

    /// The families fed by the server's drop log, each with every reason it counts.
    private static let dropFamilies: [(name: String, help: String, reasons: [DropLogEntry.Reason])] = [
        (
            "relief_requests_unanswered_total", "Requests read but never answered whole, by reason.",
            [.clientGone, .writeTimeout, .shutdown]
        ),
        (
            "relief_connections_refused_total", "New connections refused with a bare 503, by reason.",
            [.overCapacity, .perAddressLimit]
        ),
        (
            "relief_connections_evicted_total", "Idle or incomplete connections closed to make room, by reason.",
            [.evictedIdle, .evictedIncompleteHead]
        ),
    ]
}

extension MetricsText {
    /// A gauge family with the total over every lane, then one sample per lane.
    fileprivate mutating func byLane(_ name: String, _ help: String, _ values: [RenderScheduler.Lane: Int]) {
        family(name, "gauge", help)
        sample(name, values.values.reduce(0, +))
        for lane in RenderScheduler.Lane.allCases {
            sample(name, labels: [("lane", lane.rawValue)], values[lane, default: 0])
        }
    }
}
