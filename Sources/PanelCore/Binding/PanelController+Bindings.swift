import ControlWidgets
import PanelLayout
import PanelLoop
import PanelProtocol

/// Bound data (`"bind": {"topic": …}`): payloads on bound topics become the widget's bare
/// value through its descriptor (the same `set` its own MQTT topic takes), with the client's
/// source (`mqtt`); a user's change of a bound control waits for its echo (pending), and
/// values not refreshed in time go stale. The MQTT bridge subscribes and hands payloads in.
extension PanelController {
    /// The topics the bindings of this panel and the other screens' panels read, each once.
    public var boundTopics: [String] {
        var seen: Set<String> = []
        return (scene.bindings.topics + peers.flatMap(\.boundTopics)).filter { seen.insert($0).inserted }
    }

    /// A payload arrived on `topic`: every widget bound to it takes it. Returns, per widget
    /// that could not, why (the bridge logs one line each).
    @discardableResult
    public func receiveBound(topic: String, payload: [UInt8], at time: Double, from client: any CommandClient) -> [(widget: String, reason: String)] {
        var refused: [(widget: String, reason: String)] = []
        for id in scene.bindings.widgets(on: topic) {
            guard let widget = scene.widget(id: id), let entry = scene.bindings.entries[id] else { continue }
            if let limit = widget.rawPayloadLimit {
                if let why = receiveRaw(payload, topic: topic, limit: limit, by: widget, at: time) { refused.append((id, why)) }
                continue
            }
            let value: BoundPayload.Value
            switch BoundPayload.value(payload, path: entry.spec.path) {
            case .failure(let why): refused.append((id, why.reason)); continue
            case .success(let v): value = v
            }
            let wasStale = entry.stale
            let arrival = scene.bindings.received(value, for: id, at: time)
            if wasStale { widget.showStale(false); widget.needsDisplay = true }
            guard case .apply(let confirmed) = arrival else { continue }
            if confirmed { widget.needsDisplay = true }
            if let why = applyBound(value, to: widget, format: entry.format, at: time, from: client) { refused.append((id, why)) }
            // The same panel on other screens takes the command from `execute` (mirrored);
            // its bindings learn that the value is fresh here.
            for m in mirrors {
                if m.scene.bindings.entries[id]?.stale == true { m.scene.widget(id: id)?.showStale(false); m.scene.widget(id: id)?.needsDisplay = true }
                _ = m.scene.bindings.received(value, for: id, at: time)
            }
        }
        // Other screens' panels have bindings of their own.
        for peer in peers { refused += peer.receiveBound(topic: topic, payload: payload, at: time, from: client) }
        return refused
    }

    /// A payload that is the widget's data itself (an image's picture): bounded in size, handed
    /// to the widget whole. A picture is decoded on `pictureWorker` when there is one (`run`),
    /// else now (render, tests: deterministic); it counts as fresh for staleness, and its
    /// events go out like a command's, when it is shown. Mirrors on other screens take the same
    /// bytes (they have their own views, maybe at another scale) and send no events.
    private func receiveRaw(_ payload: [UInt8], topic: String, limit: Int, by widget: any WidgetView, at time: Double) -> String? {
        guard payload.count <= limit else { return "payload of \(payload.count) bytes is over \(limit)" }
        var note: String?
        for (index, s) in ([scene] + mirrors.map(\.scene)).enumerated() {
            guard let w = s.widget(id: widget.id) else { continue }
            switch w.takeRawPayload(payload, at: time) {
            case let .done(events, n):
                rawShown(w, in: s, events, primary: index == 0, at: time)
                if index == 0 { note = n }
            case .decode(let job):
                guard let worker = pictureWorker else {
                    let outcome = w.finishRawPayload(job, job.run(), at: time)
                    rawShown(w, in: s, outcome.events, primary: index == 0, at: time)
                    if index == 0 { note = outcome.note }
                    continue
                }
                worker.submit(job, for: ObjectIdentifier(w), at: time) { [weak self] decoded, now in
                    // The scene the widget is in now: a reload since replaced it, and its picture is for nobody.
                    guard let self, let s = index == 0 ? self.scene : self.mirrors.dropFirst(index - 1).first?.scene,
                          s.widget(id: w.id) === w else { return }
                    let outcome = w.finishRawPayload(job, decoded, at: now)
                    self.rawShown(w, in: s, outcome.events, primary: index == 0, at: now)
                    if index == 0, let n = outcome.note { self.onLatePayloadNote?(topic, w.id, n) }
                }
            }
        }
        return note
    }

    /// A raw payload was taken (shown, or the placeholder for damage): fresh for staleness; the
    /// primary's events go out.
    private func rawShown(_ w: any WidgetView, in s: Scene, _ events: [WidgetEvent], primary: Bool, at time: Double) {
        if s.bindings.entries[w.id]?.stale == true { w.showStale(false) }
        s.bindings.refreshed(w.id, at: time)
        if primary { publish(events, from: w, at: time) }
    }

    /// The largest raw payload any widget of this panel (and the other screens' panels) takes
    /// from a bound topic, per topic: the MQTT client reads those topics' messages up to it.
    public var rawPayloadTopics: [String: Int] {
        var out: [String: Int] = [:]
        for id in scene.bindings.ids {
            guard let limit = scene.widget(id: id)?.rawPayloadLimit, let topic = scene.bindings.entries[id]?.spec.topic else { continue }
            out[topic] = Swift.max(out[topic] ?? 0, limit)
        }
        for peer in peers { out.merge(peer.rawPayloadTopics) { Swift.max($0, $1) } }
        return out
    }

    /// Runs the bare value's command on `widget` as `client` sent it (its reply goes there).
    /// nil when it ran; else why the widget's type refused the value.
    private func applyBound(_ value: BoundPayload.Value, to widget: any WidgetView, format: ValueFormat?, at time: Double,
                            from client: any CommandClient) -> String? {
        let set: BareSet
        switch WidgetCatalog.bareSet(BoundPayload.bare(value, format: format), on: widget) {
        case .failure(let e): return e.description
        case .success(let s): set = s
        }
        var w = JSONLineWriter()
        w.add("command", set.verb)
        w.add("widget", widget.id)
        var arguments: [String: CommandValue] = [:]
        for f in set.fields {
            w.add(f.key, f.value)
            switch f.value {
            case .number(let d): arguments[f.key] = .number(d)
            case .integer(let i): arguments[f.key] = .number(Double(i))
            case .string(let s): arguments[f.key] = .string(s)
            case .bool(let b): arguments[f.key] = .bool(b)
            case .strings: return "a \(widget.typeName) takes no list"
            }
        }
        execute(PanelCommand(.widget(id: widget.id, WidgetCommand(set.verb, arguments))), line: w.line, at: time, from: client)
        return nil
    }

    /// A reload: unchanged bindings keep their times and values (BoundValues.keep). A widget
    /// whose value is not carried over by WidgetValues (a label: its text is the layout's)
    /// shows the device's last value again, silently (no events: nobody changed it), and a
    /// stale one stays greyed.
    package static func keepBindings(of old: Scene, in new: Scene, at time: Double) {
        let (kept, stale) = new.bindings.keep(old.bindings)
        for id in kept {
            guard let widget = new.widget(id: id), !WidgetCatalog.savesState(widget),
                  let entry = new.bindings.entries[id], let device = entry.device,
                  case .success(let set) = WidgetCatalog.bareSet(BoundPayload.bare(device, format: entry.format), on: widget) else { continue }
            var arguments: [String: CommandValue] = [:]
            for f in set.fields {
                switch f.value {
                case .number(let d): arguments[f.key] = .number(d)
                case .integer(let i): arguments[f.key] = .number(Double(i))
                case .string(let s): arguments[f.key] = .string(s)
                case .bool(let b): arguments[f.key] = .bool(b)
                case .strings: continue
                }
            }
            _ = try? widget.apply(WidgetCommand(set.verb, arguments), at: time)
            widget.needsDisplay = true
        }
        for id in stale { new.widget(id: id)?.showStale(true) }
    }

    /// `get`'s extra fields for a bound widget: `stale`, `pending` while they hold.
    package func boundFields(_ widget: any WidgetView) -> [EventField] {
        switch scene.bindings.look(widget.id) {
        case .normal: return []
        case .stale: return [EventField("stale", .bool(true))]
        case .pending: return [EventField("pending", .bool(true))] + (scene.bindings.entries[widget.id]?.stale == true ? [EventField("stale", .bool(true))] : [])
        }
    }

    /// A user's change of a bound control: it is pending until the bound topic echoes it, and
    /// goes to the binding's `commandTopic` when it has one. Values that came from the bound
    /// topic (source `mqtt`) or any program are never sent back: no echo loop.
    package func boundUserChange(_ events: [WidgetEvent], from widget: any WidgetView, at time: Double) {
        guard let entry = scene.bindings.entries[widget.id],
              events.contains(where: { $0.name == "valueChanged" && $0["source"]?.string == WidgetEvent.Source.user.rawValue }),
              let value = Self.boundValue(of: widget) else { return }
        scene.bindings.userChanged(widget.id, to: value, at: time)
        widget.needsDisplay = true
        if let topic = entry.spec.commandTopic { boundCommandSink?(topic, BoundPayload.text(value)) }
    }

    /// The value a bound control shows, as its bound topic would carry it: its `value`, `on`,
    /// `state`, `title` or `index`, the first it has.
    static func boundValue(of widget: any WidgetView) -> BoundPayload.Value? {
        guard let s = widget.snapshot() else { return nil }
        for key in ["value", "on", "state", "title", "index"] {
            switch s[key] {
            case .number(let d)?: return .number(d)
            case .integer(let i)?: return .number(Double(i))
            case .bool(let b)?: return .bool(b)
            case .string(let t)?: return .text(t)
            default: continue
            }
        }
        return nil
    }

    /// Time passed: values not refreshed go stale (greyed, "—"); a change not confirmed in
    /// time shows the device's value again, with an `unconfirmed` event.
    package func advanceBindings(to time: Double) {
        guard !scene.bindings.isEmpty else { return }
        let expiry = scene.bindings.advance(to: time)
        for id in expiry.stale {
            guard let widget = scene.widget(id: id) else { continue }
            widget.showStale(true)
            widget.needsDisplay = true
            publishBoundEvent("stale", widget: widget, at: time)
        }
        for u in expiry.unconfirmed {
            guard let widget = scene.widget(id: u.id) else { continue }
            widget.needsDisplay = true
            var fields = [EventField("sent", Self.eventValue(u.sent))]
            if let d = u.device { fields.append(EventField("value", Self.eventValue(d))) }
            publishBoundEvent("unconfirmed", widget: widget, at: time, fields)
            if let d = u.device, let entry = scene.bindings.entries[u.id] {
                _ = applyBound(d, to: widget, format: entry.format, at: time, from: BoundValueClient())
            }
        }
    }

    private static func eventValue(_ v: BoundPayload.Value) -> EventValue {
        switch v {
        case .number(let d): .number(d)
        case .bool(let b): .bool(b)
        case .text(let s): .string(s)
        }
    }

    private func publishBoundEvent(_ name: String, widget: any WidgetView, at time: Double, _ fields: [EventField] = []) {
        publish([WidgetEvent(name, fields + [EventField("source", .string("mqtt"))])], from: widget, at: time)
    }
}

/// The sender of a device value shown again after an unconfirmed change: the bound topic
/// said it, so its events carry `mqtt`; its reply goes nowhere (nobody asked).
final class BoundValueClient: CommandClient {
    var filter: EventFilter = .widgets([])
    var eventSource: String? { "mqtt" }
    func send(_ line: String) {}
    func reply(_ reply: Reply) {}
}
