import ControlWidgets
import PanelLayout

/// The timing rules of bound values, pure (no clock, no widgets): when a value goes stale,
/// which user change waits for its echo and until when. The controller asks `deadline` for
/// the loop's next wake-up, so a bound panel at rest sleeps until a value goes stale or a
/// confirmation runs out, never polling.
package final class BoundValues {
    package struct Entry {
        package let spec: BindSpec
        package let format: ValueFormat?
        /// When the last value arrived (nil: none yet; staleness then counts from `start`).
        package var refreshedAt: Double?
        /// Without a value yet, when staleness counts from (kept through a reload); nil: `start`.
        package var since: Double?
        package var stale = false
        /// The device's value as the bound topic last said it.
        package var device: BoundPayload.Value?
        /// A user's change sent and not yet echoed: what was sent, and until when to wait.
        package var pending: (value: BoundPayload.Value, until: Double)?
    }

    /// How a bound widget is drawn now.
    package enum Look: Equatable { case normal, stale, pending }

    /// What to do with a value that arrived.
    package enum Arrival: Equatable {
        /// Show it (nothing pending, or it confirms what was sent).
        case apply(confirmed: Bool)
        /// A user's change is in flight and this is not its echo: kept as the device's value,
        /// shown if the change is never confirmed.
        case hold
    }

    /// What time did to the bound values (`advance`).
    package struct Expiry: Equatable {
        package var stale: [String] = []
        /// Widgets whose change was not confirmed in time, with the device's value to show again.
        package var unconfirmed: [(id: String, sent: BoundPayload.Value, device: BoundPayload.Value?)] = []
        package static func == (a: Expiry, b: Expiry) -> Bool {
            a.stale == b.stale && a.unconfirmed.map(\.id) == b.unconfirmed.map(\.id)
        }
    }

    package private(set) var entries: [String: Entry] = [:]
    /// Widget ids in the file's order (events and subscriptions come out in a stable order).
    package private(set) var ids: [String] = []
    /// The panel's clock when the bindings began counting (the first `advance`).
    package private(set) var start: Double?

    package init(_ bindings: [(id: String, spec: BindSpec)]) {
        for (id, spec) in bindings where entries[id] == nil {
            entries[id] = Entry(spec: spec, format: spec.format.flatMap { ValueFormat($0) })
            ids.append(id)
        }
    }

    package var isEmpty: Bool { ids.isEmpty }

    /// After a reload: bindings unchanged (same widget, same spec) keep what `old` knew (when
    /// the last value came, stale, the device's value, a change waiting for its echo), so a
    /// reload neither freshens a silent sensor nor makes a fresh one stale later. Returns the
    /// ids kept (in the file's order) and, of those, the stale ones (shown stale again).
    package func keep(_ old: BoundValues) -> (kept: [String], stale: [String]) {
        var stale: [String] = [], kept: [String] = []
        for id in ids {
            guard let before = old.entries[id], var e = entries[id], before.spec == e.spec else { continue }
            e.refreshedAt = before.refreshedAt
            e.since = before.refreshedAt == nil ? (before.since ?? old.start) : nil
            e.stale = before.stale
            e.device = before.device
            e.pending = before.pending
            entries[id] = e
            kept.append(id)
            if e.stale { stale.append(id) }
        }
        return (kept, stale)
    }

    /// Every bound topic once, in the file's order.
    package var topics: [String] {
        var seen: Set<String> = []
        return ids.compactMap { entries[$0]?.spec.topic }.filter { seen.insert($0).inserted }
    }

    package func widgets(on topic: String) -> [String] { ids.filter { entries[$0]?.spec.topic == topic } }

    package func look(_ id: String) -> Look {
        guard let e = entries[id] else { return .normal }
        if e.pending != nil { return .pending }
        return e.stale ? .stale : .normal
    }

    /// When a value next goes stale or a wait for confirmation ends; nil when nothing will.
    package var deadline: Double? {
        var soonest: Double?
        func consider(_ t: Double) { soonest = Swift.min(soonest ?? t, t) }
        for e in entries.values {
            if !e.stale, let after = e.spec.staleAfter, let since = e.refreshedAt ?? e.since ?? start { consider(since + after) }
            if let p = e.pending { consider(p.until) }
        }
        return soonest
    }

    /// A value arrived for `id` at `time`: it is fresh again; whether to show it.
    package func received(_ value: BoundPayload.Value, for id: String, at time: Double) -> Arrival {
        guard var e = entries[id] else { return .hold }
        defer { entries[id] = e }
        e.refreshedAt = time
        e.stale = false
        e.device = value
        guard let p = e.pending else { return .apply(confirmed: false) }
        guard BoundPayload.confirms(value, p.value) else { return .hold }
        e.pending = nil
        return .apply(confirmed: true)
    }

    /// Data arrived for `id` that is not a value (an image's picture): fresh again, nothing held.
    package func refreshed(_ id: String, at time: Double) {
        guard var e = entries[id] else { return }
        e.refreshedAt = time
        e.stale = false
        entries[id] = e
    }

    /// The user moved a bound control to `value`: it waits for its echo until `confirmAfter`.
    package func userChanged(_ id: String, to value: BoundPayload.Value, at time: Double) {
        guard var e = entries[id] else { return }
        e.pending = (value, time + e.spec.confirmAfter)
        entries[id] = e
    }

    /// Stale values and confirmations that ran out by `time`, each reported once.
    package func advance(to time: Double) -> Expiry {
        if start == nil { start = time }
        var out = Expiry()
        for id in ids {
            guard var e = entries[id] else { continue }
            if let p = e.pending, time >= p.until {
                out.unconfirmed.append((id, p.value, e.device))
                e.pending = nil
            }
            if !e.stale, let after = e.spec.staleAfter, let since = e.refreshedAt ?? e.since ?? start, time >= since + after {
                e.stale = true
                out.stale.append(id)
            }
            entries[id] = e
        }
        return out
    }
}
