/// A request head the parser accepted, with what the connection needs to know about it.
package struct RequestHead {
    /// The request for the handler, its body still to be read when ``bodyLength`` is not 0.
    package var request: HTTPRequest
    /// Whether the client allows the connection to stay open after this response: HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    package var keepAlive: Bool
    /// The bytes of body behind the head (its `Content-Length`, within the configured limit); 0 for none.
    package var bodyLength = 0
    /// The client sends its body only once it is answered `100 Continue`, or once it tires of waiting.
    package var waitsForContinue = false
}
