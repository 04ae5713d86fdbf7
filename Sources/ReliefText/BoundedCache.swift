/// A key–value cache that holds at most twice `capacity` entries, dropping the least recently used
/// generation when full.
///
/// Two generations approximate LRU without bookkeeping per access: entries found in the older
/// generation are promoted, and when the recent one fills up the older one is discarded.
struct BoundedCache<Key: Hashable, Value> {
    let capacity: Int
    private var recent: [Key: Value] = [:]
    private var older: [Key: Value] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The number of entries held now.
    var count: Int { recent.count + older.count }

    /// The cached value for `key`, marked as recently used.
    mutating func value(for key: Key) -> Value? {
        if let value = recent[key] { return value }
        guard let value = older.removeValue(forKey: key) else { return nil }
        insert(value, for: key)
        return value
    }

    mutating func insert(_ value: Value, for key: Key) {
        if recent.count >= capacity {
            older = recent
            recent = [:]
        }
        recent[key] = value
    }
}
