/// Values by key, bounded by the sum of their costs, forgetting the least recently used first.
///
/// Entries live in one array linked into a recency list by index, so a lookup, an insertion and an
/// eviction are O(1) and allocate nothing once the array has grown. Not thread-safe: its owner locks.
struct LeastRecentlyUsed<Value> {
    private struct Slot {
        var key: String
        var value: Value?
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    /// The most the costs of the entries may add up to.
    let capacity: Int
    /// The sum of the costs of the entries held.
    private(set) var totalCost = 0
    private var slots: [Slot] = []
    private var freeSlots: [Int] = []
    private var slotByKey: [String: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The number of entries held.
    var count: Int { slotByKey.count }

    /// The keys from the most to the least recently used.
    var keysByRecency: [String] {
        var keys: [String] = []
        var next = newest
        while let index = next {
            keys.append(slots[index].key)
            next = slots[index].older
        }
        return keys
    }

    /// The value for `key`, leaving its recency as it is.
    func peek(_ key: String) -> Value? {
        slotByKey[key].flatMap { slots[$0].value }
    }

    /// The value for `key`, which becomes the most recently used.
    mutating func value(for key: String) -> Value? {
        guard let index = slotByKey[key] else { return nil }
        unlink(index)
        linkAsNewest(index)
        return slots[index].value
    }

    /// Stores `value` as the most recently used, first evicting the least recently used entries
    /// until its `cost` fits. A value that costs more than the whole capacity is not stored.
    /// Returns whether it was stored and how many entries were evicted.
    mutating func insert(_ value: Value, for key: String, cost: Int) -> (stored: Bool, evicted: Int) {
        if let index = slotByKey[key] { remove(index) }
        guard cost <= capacity else { return (false, 0) }
        var evicted = 0
        while totalCost + cost > capacity, let index = oldest {
            remove(index)
            evicted += 1
        }
        let slot = Slot(key: key, value: value, cost: cost, newer: nil, older: nil)
        let index: Int
        if let free = freeSlots.popLast() {
            slots[free] = slot
            index = free
        } else {
            slots.append(slot)
            index = slots.count - 1
        }
        slotByKey[key] = index
        totalCost += cost
        linkAsNewest(index)
        return (true, evicted)
    }

    private mutating func remove(_ index: Int) {
        unlink(index)
        slotByKey[slots[index].key] = nil
        totalCost -= slots[index].cost
        slots[index].value = nil
        slots[index].key = ""
        freeSlots.append(index)
    }

    private mutating func unlink(_ index: Int) {
        let (newer, older) = (slots[index].newer, slots[index].older)
        if let newer { slots[newer].older = older } else { newest = older }
        if let older { slots[older].newer = newer } else { oldest = newer }
        slots[index].newer = nil
        slots[index].older = nil
    }

    private mutating func linkAsNewest(_ index: Int) {
        slots[index].older = newest
        if let newest { slots[newest].newer = index } else { oldest = index }
        newest = index
    }
}
