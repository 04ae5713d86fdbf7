/// The application behind the server: turns a request into a response.
///
/// The server calls `respond` on its event-loop thread and must never be blocked: answer at once
/// with `completion` when the answer is at hand (a cache hit, a static file, an error), or hand slow
/// work (a render) to other threads and call `completion` from there. `completion` must be called
/// exactly once; responses on one connection go out in request order whatever order they complete in.
public protocol HTTPHandler: Sendable {
    func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void)
}
