// ReliefService: Relief as an HTTP service, the contract's routes on ReliefHTTPServer.
//
// Main types: `ReliefApplication` (the `HTTPHandler`: one route table, `ServiceRoute`, feeding
// dispatch, the metrics' labels and `/openapi.json`'s paths; one middleware chain for the headers
// every answer carries, draining and signed URLs; conditional requests), `RenderCache`
// (single-flight, bounded in bytes; a PNG asked for again swapped for its smallest encoding),
// `RenderScheduler` (lanes, the memory budget and shedding by estimated wait; its decisions the value
// `RenderScheduler.Policy`, costed by `RenderCost`), `ServiceMetrics` (`/metrics`), `AccessLog`,
// `LogWriter` and `ConsoleLog` (bounded, batched writers that never block an event loop),
// `URLSigner`, the OpenAPI document and the playground's files.
//
// It decides when and whether work runs and how answers are spoken; what a query means is ReliefSpec's,
// what is drawn and how it is encoded is ReliefRender's, and the audit is ReliefAudit's. It must never
// draw or encode pixels itself, nor touch sockets or HTTP framing (ReliefHTTPServer's).
