/// What the panel has to tell the broker and libmosquitto may not take yet. libmosquitto
/// queues every publish in memory until the broker acknowledges it, without a limit: a
/// broker that accepts the connection and then stops reading grew that queue by 100 MB in
/// 40 s. So the client hands libmosquitto only a few messages at a time (those in flight)
/// and keeps the rest here, where a retained message replaces the pending one of its topic
/// (only the latest state of a widget matters) and events beyond `maxEvents` drop the
/// oldest. The box is emptied, and its memory freed, when the connection goes.
package struct MQTTOutbox {
    package struct Message: Equatable {
        package var topic: String
        package var payload: [UInt8]
        package var retain: Bool
    }

    /// Events (not retained) waiting at most; older ones are dropped first.
    package let maxEvents: Int
    /// Slots in the order messages were first queued; consumed by index (`head`).
    private var slots: [Message?] = []
    private var head = 0
    /// The slot of the pending retained message of each topic (superseded in place).
    private var retainedSlot: [String: Int] = [:]
    /// Slots holding events, oldest first, consumed by index.
    private var eventSlots: [Int] = []
    private var eventHead = 0
    private(set) var count = 0
    /// Topic and payload bytes waiting.
    private(set) var bytes = 0
    /// Retained messages replaced by a newer one of their topic, and events dropped.
    private(set) var superseded = 0
    private(set) var droppedEvents = 0

    package init(maxEvents: Int = 256) {
        precondition(maxEvents > 0)
        self.maxEvents = maxEvents
    }

    package var isEmpty: Bool { count == 0 }

    package mutating func add(_ message: Message) {
        if message.retain, let i = retainedSlot[message.topic], let old = slots[i] {
            bytes += message.payload.count - old.payload.count
            slots[i] = message
            superseded += 1
            return
        }
        if !message.retain && eventSlots.count - eventHead >= maxEvents { dropOldestEvent() }
        let i = slots.count
        slots.append(message)
        if message.retain { retainedSlot[message.topic] = i } else { eventSlots.append(i) }
        count += 1
        bytes += message.topic.utf8.count + message.payload.count
    }

    /// The oldest message waiting, removed from the box.
    package mutating func next() -> Message? {
        while head < slots.count {
            let i = head
            head += 1
            guard let m = slots[i] else { continue }
            slots[i] = nil
            if m.retain { retainedSlot[m.topic] = nil } else { eventHead += 1 }
            count -= 1
            bytes -= m.topic.utf8.count + m.payload.count
            compact()
            return m
        }
        compact()
        return nil
    }

    /// Empties the box and gives its storage back.
    package mutating func removeAll() {
        slots = []; head = 0
        retainedSlot = [:]
        eventSlots = []; eventHead = 0
        count = 0; bytes = 0
    }

    private mutating func dropOldestEvent() {
        while eventHead < eventSlots.count {
            let i = eventSlots[eventHead]
            eventHead += 1
            if let m = slots[i] {
                slots[i] = nil
                count -= 1
                bytes -= m.topic.utf8.count + m.payload.count
                droppedEvents += 1
                return
            }
        }
    }

    /// Reclaims consumed slots once they are most of the storage (amortised linear).
    private mutating func compact() {
        if head == slots.count {
            slots.removeAll(keepingCapacity: slots.capacity <= 4096); head = 0
            eventSlots.removeAll(keepingCapacity: eventSlots.capacity <= 4096); eventHead = 0
            return
        }
        guard head > 1024, head * 2 > slots.count else { return }
        slots.removeSubrange(0..<head)
        for (topic, i) in retainedSlot { retainedSlot[topic] = i - head }
        eventSlots = eventSlots[eventHead...].map { $0 - head }
        eventHead = 0
        head = 0
    }
}
