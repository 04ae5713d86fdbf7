/// The connections of one standing (idle, or with an incomplete head) on one event loop, oldest
/// first: a doubly linked list threaded through the connections themselves, so a connection joins
/// and leaves without allocating. Used only on its loop's thread.
///
/// Neighbours hold each other strongly both ways, so a queue's connections keep one another alive
/// until they leave it: a loop dropped with connections still queued empties its queues first
/// (``removeAll()``).
struct EvictionQueue<Transport: EventLoopTransport> {
    /// The connection that has been in this standing longest.
    private(set) var first: Connection<Transport>?
    private var last: Connection<Transport>?

    /// Adds `connection`, which entered this standing now, at the end.
    mutating func append(_ connection: Connection<Transport>) {
        connection.evictionLinks = (previous: last, next: nil)
        if let last { last.evictionLinks.next = connection } else { first = connection }
        last = connection
    }

    /// Takes `connection`, which is in this queue, out of it.
    mutating func remove(_ connection: Connection<Transport>) {
        let (previous, next) = connection.evictionLinks
        if let previous { previous.evictionLinks.next = next } else { first = next }
        if let next { next.evictionLinks.previous = previous } else { last = previous }
        connection.evictionLinks = (nil, nil)
    }

    /// Takes every connection out, oldest first.
    mutating func removeAll() {
        while let first { remove(first) }
    }
}
