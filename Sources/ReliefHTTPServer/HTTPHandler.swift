/// The application behind the server: turns a request into a response.
///
/// The server calls `respond` on its event-loop thread and must never be blocked: answer at once
/// with `completion` when the answer is at hand (a cache hit, a static file, an error), or hand slow
/// work (a render) to other threads and call `completion` from there. `completion` must be called
/// exactly once. Requests of one connection come one at a time: the next only after the previous
/// response has been handed to the kernel.
public protocol HTTPHandler: Sendable {
    func respond(to request: HTTPRequest, completion: @escaping @Sendable (HTTPResponse) -> Void)
}
