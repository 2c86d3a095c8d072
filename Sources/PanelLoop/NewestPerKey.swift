/// Work waiting for a worker thread, at most one item per key (an image widget): a newer item
/// replaces the one waiting, which is dropped, never done (a camera that sends a picture a
/// second while the last still decodes costs one decode, not a queue). Keys are served in the
/// order they first waited. Bounded by the number of keys; pure, so tests drive it directly.
public struct NewestPerKey<Key: Hashable, Item> {
    private var order: [Key] = []
    private var items: [Key: Item] = [:]

    public init() {}

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }
    public func contains(_ key: Key) -> Bool { items[key] != nil }

    /// Queues `item` for `key`; returns the item it replaced, if one waited.
    @discardableResult
    public mutating func put(_ item: Item, for key: Key) -> Item? {
        let replaced = items.updateValue(item, forKey: key)
        if replaced == nil { order.append(key) }
        return replaced
    }

    /// The item of the key that waited longest.
    public mutating func take() -> (key: Key, item: Item)? {
        guard !order.isEmpty else { return nil }
        // At most one entry per key (a panel's picture widgets): removing from the front is bounded.
        let key = order.removeFirst()
        return (key, items.removeValue(forKey: key)!)
    }

    /// Everything waiting, oldest key first; empties the queue.
    public mutating func takeAll() -> [(key: Key, item: Item)] {
        defer { order.removeAll(); items.removeAll() }
        return order.map { ($0, items[$0]!) }
    }
}
