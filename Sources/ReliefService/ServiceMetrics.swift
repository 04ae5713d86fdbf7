import Synchronization

/// The service's counters, written as Prometheus text (exposition format 0.0.4) by `/metrics`.
///
/// Requests are counted by route and status when they are answered; renders add their render and
/// encode times to two histograms. Cache, queue and connection figures are read when exposed.
final class ServiceMetrics: Sendable {
    /// The media type of ``exposition(cache:renders:openConnections:)``.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    /// Which handler answered, the `route` label.
    enum Route: String, Sendable, CaseIterable {
        case render, audit, healthz, metrics, openapi
        /// Files of the public directory, and unknown paths.
        case files
    }

    private struct RequestKey: Hashable {
        var route: Route
        var status: Int
    }

    private struct State {
        var requests: [RequestKey: Int] = [:]
        var renderFailures = 0
        var renderDurations = DurationHistogram()
        var encodeDurations = DurationHistogram()
    }

    private let state = Mutex(State())

    func recordRequest(route: Route, status: Int) {
        state.withLock { $0.requests[RequestKey(route: route, status: status), default: 0] += 1 }
    }

    func recordRender(_ entry: RenderCache.Entry) {
        state.withLock { state in
            state.renderDurations.observe(entry.renderDuration)
            state.encodeDurations.observe(entry.encodeDuration)
        }
    }

    func recordRenderFailure() {
        state.withLock { $0.renderFailures += 1 }
    }

    /// Every metric as exposition text.
    func exposition(cache: RenderCache.Statistics, renders: RenderScheduler.Statistics, openConnections: Int) -> String {
        var text = ""
        func family(_ name: String, _ type: String, _ help: String) {
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
        }
        func sample(_ name: String, _ value: Int) {
            text += "\(name) \(value)\n"
        }
        state.withLock { state in
            family("relief_http_requests_total", "counter", "HTTP requests answered, by route and status.")
            let keys = state.requests.keys.sorted { ($0.route.rawValue, $0.status) < ($1.route.rawValue, $1.status) }
            for key in keys {
                text += "relief_http_requests_total{route=\"\(key.route.rawValue)\",status=\"\(key.status)\"} "
                    + "\(state.requests[key] ?? 0)\n"
            }
            family("relief_render_duration_seconds", "histogram", "Time to lay out and rasterize one image.")
            state.renderDurations.write("relief_render_duration_seconds", to: &text)
            family("relief_encode_duration_seconds", "histogram", "Time to encode one image as PNG.")
            state.encodeDurations.write("relief_encode_duration_seconds", to: &text)
            family("relief_render_failures_total", "counter", "Renders of valid queries that failed.")
            sample("relief_render_failures_total", state.renderFailures)
        }
        family("relief_cache_hits_total", "counter", "Render requests answered from the cache.")
        sample("relief_cache_hits_total", cache.hits)
        family("relief_cache_misses_total", "counter", "Render requests that started or joined a render.")
        sample("relief_cache_misses_total", cache.misses)
        family("relief_cache_evictions_total", "counter", "Cache entries dropped to make room.")
        sample("relief_cache_evictions_total", cache.evictions)
        family("relief_cache_bytes", "gauge", "Estimated bytes held by the cache.")
        sample("relief_cache_bytes", cache.bytes)
        family("relief_cache_capacity_bytes", "gauge", "The cache's byte budget.")
        sample("relief_cache_capacity_bytes", cache.capacityBytes)
        family("relief_cache_entries", "gauge", "Images held by the cache.")
        sample("relief_cache_entries", cache.entries)
        family("relief_http_open_connections", "gauge", "Client connections open now.")
        sample("relief_http_open_connections", openConnections)
        func byLane(_ name: String, _ values: [RenderScheduler.Lane: Int]) {
            sample(name, values.values.reduce(0, +))
            for lane in RenderScheduler.Lane.allCases {
                text += "\(name){lane=\"\(lane.rawValue)\"} \(values[lane, default: 0])\n"
            }
        }
        family("relief_renders_in_flight", "gauge", "Renders and audits running on a worker now, in all and by lane.")
        byLane("relief_renders_in_flight", renders.running)
        family("relief_renders_queued", "gauge", "Renders and audits waiting for a worker or memory, in all and by lane.")
        byLane("relief_renders_queued", renders.queued)
        family("relief_render_rejections_total", "counter", "Renders refused with 503 because they would have waited too long.")
        sample("relief_render_rejections_total", renders.refused)
        family("relief_renders_dropped_total", "counter", "Renders dropped because every client waiting for them had left.")
        sample("relief_renders_dropped_total", renders.dropped)
        family("relief_render_memory_bytes", "gauge", "Estimated working memory of the renders running now.")
        sample("relief_render_memory_bytes", renders.memoryInUse)
        family("relief_render_memory_budget_bytes", "gauge", "The budget the running renders' memory stays within.")
        sample("relief_render_memory_budget_bytes", renders.memoryBytes)
        return text
    }
}
