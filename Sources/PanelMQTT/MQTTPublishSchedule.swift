/// When the bridge's retained messages go out, on the panel's clock (seconds), so a
/// Home Assistant recorder and logbook see what a person would:
/// - While a finger moves a widget (between its `trackingBegan` and `trackingEnded`), at
///   most one state message per `trackingInterval` per topic: a change inside the interval
///   is held, a later change replaces it, and it goes out when the interval is over. The
///   bridge sends the state at once when the finger lifts, so the final value never waits.
///   Changes with no finger on the widget (a `set`, a tap) go out at once, as before.
/// - A state topic whose widget is gone is cleared `clearDelay` after its entity's config:
///   Home Assistant removes the entity when the empty config arrives, and an empty state
///   arriving while the entity still listens is a template error in its log.
/// Pure bookkeeping (no client, no clock of its own): MQTTBridge asks and publishes.
package struct MQTTPublishSchedule {
    /// 10 state messages a second per widget at most while it is dragged.
    package static let trackingInterval = 0.1
    /// Home Assistant removes an entity within milliseconds of its empty config; two seconds
    /// leave room for a busy instance and are still short enough to see the state go.
    package static let clearDelay = 2.0

    private var lastSent: [String: Double] = [:]
    private var held: [String: (payload: String, due: Double)] = [:]
    private var clears: [String: Double] = [:]

    /// Whether the state `payload` for `topic` may go out now (then the caller publishes it
    /// and calls `sent`); when not, it is held until `deadline`.
    package mutating func offer(_ topic: String, _ payload: String, at time: Double, tracking: Bool) -> Bool {
        if tracking, let last = lastSent[topic], time - last < Self.trackingInterval {
            held[topic] = (payload, last + Self.trackingInterval)
            return false
        }
        held[topic] = nil
        return true
    }

    package mutating func sent(_ topic: String, at time: Double) { lastSent[topic] = time }

    /// Nothing is held for `topic` any more (the broker has its state already).
    package mutating func drop(_ topic: String) { held[topic] = nil }

    /// Clear `topic` (an empty retained message) `clearDelay` from `time`, unless
    /// `cancelClear` comes first (the widget came back).
    package mutating func clearLater(_ topic: String, at time: Double) {
        if clears[topic] == nil { clears[topic] = time + Self.clearDelay }
    }

    package mutating func cancelClear(_ topic: String) { clears[topic] = nil }

    /// The earliest time something held or a clear is due; nil for nothing.
    package var deadline: Double? {
        let a = held.values.map(\.due).min(), b = clears.values.min()
        switch (a, b) {
        case let (x?, y?): return Swift.min(x, y)
        default: return a ?? b
        }
    }

    /// What is due at `time`, taken off the schedule: held states to publish (topic order)
    /// and topics to clear.
    package mutating func due(at time: Double) -> (states: [(topic: String, payload: String)], clears: [String]) {
        let states = held.filter { $0.value.due <= time }.map { (topic: $0.key, payload: $0.value.payload) }.sorted { $0.topic < $1.topic }
        for s in states { held[s.topic] = nil }
        let cleared = clears.filter { $0.value <= time }.map(\.key).sorted()
        for t in cleared { clears[t] = nil }
        return (states, cleared)
    }
}
