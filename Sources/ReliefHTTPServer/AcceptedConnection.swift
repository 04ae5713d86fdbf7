/// A socket just accepted, on its way to the event loop that will own it (or be refused).
package struct AcceptedConnection<Socket: Sendable>: Sendable {
    /// The accepted socket, non-blocking.
    let socket: Socket
    /// The peer's numeric address for the logs; empty when no log asks for it.
    let remoteAddress: String
    /// The address counted in ``ConnectionsByAddress``, to release when the connection ends; nil
    /// when there is no per-address limit.
    let countedAddress: ClientAddress?

    package init(socket: Socket, remoteAddress: String, countedAddress: ClientAddress?) {
        self.socket = socket
        self.remoteAddress = remoteAddress
        self.countedAddress = countedAddress
    }
}
