import ReliefLock

/// How many connections each client address has open, for
/// ``HTTPServer/Configuration/maxConnectionsPerAddress``. Touched when a connection is accepted and
/// when it closes, on whichever loop owns it, hence the lock; never per read or write.
package final class ConnectionsByAddress: Sendable {
    private let counts = Locked<[ClientAddress: Int]>([:])
    private let limit: Int

    /// Counts for a limit of `limit` connections per address.
    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more connection from `address`; false, counting nothing, when it is at the limit.
    func admit(_ address: ClientAddress) -> Bool {
        counts.withLock { counts in
            let open = counts[address, default: 0]
            guard open < limit else { return false }
            counts[address] = open + 1
            return true
        }
    }

    /// A connection counted by ``admit(_:)`` has closed.
    func release(_ address: ClientAddress) {
        counts.withLock { counts in
            let open = counts[address, default: 1] - 1
            counts[address] = open > 0 ? open : nil
        }
    }
}
