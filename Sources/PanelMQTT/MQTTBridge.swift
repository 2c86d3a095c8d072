import ControlWidgets
import PanelLayout
import PanelCore
import PanelLoop
import PanelProtocol

/// The panel on an MQTT broker (`run --mqtt`). Topics under `prefix`:
///   `<widget>/state`  retained; the widget's state as `get` reports it (JSON)
///   `<widget>/set`    a bare value or the JSON `set` command (MQTTSetPayload)
///   `<widget>/event`  dial digits and button clicks as `{"event_type":…}` (Home Assistant)
///   `events`          every event line, not retained
///   `page/state`, `page/set`   the page shown
///   `status`          `online` / `offline` (the last will), retained
/// With discovery, Home Assistant config messages too (HADiscovery). Everything retained is
/// published again after every (re)connect, so a restarted broker learns it all back.
///
/// Commands from MQTT run through the controller like socket commands; the bridge is their
/// client, so their events say `"source":"mqtt"`. Bad payloads are ignored with one log line.
/// State while a finger drags a widget, and the clearing of a removed widget's state, are
/// paced on the panel's clock (MQTTPublishSchedule); the bridge is a loop source for that.
public final class MQTTBridge: CommandClient, PanelEventSink, PollSource {
    public struct Options {
        public var prefix: String
        public var discovery: HADiscovery?
        public init(prefix: String) { self.prefix = prefix }
    }

    public let client: MQTTClient
    private let controller: PanelController
    private let options: Options
    private let report: (String) -> Void
    public var filter: EventFilter = .all
    public var eventSource: String? { "mqtt" }
    /// Retained topic → payload last published, so unchanged state is not sent again.
    private var published: [String: String] = [:]
    /// Topic of the `set` being executed (for the log line of a refused command).
    private var currentTopic: String?
    private var wasConnected = false
    /// Messages received and state changes published (for tests and the summary).
    public private(set) var setsApplied = 0
    public private(set) var setsIgnored = 0

    public init(client: MQTTClient, controller: PanelController, options: Options, report: @escaping (String) -> Void) {
        self.client = client
        self.controller = controller
        self.options = options
        self.report = report
        client.onHappenings = { [unowned self] happenings, time in
            for h in happenings { self.handle(h, at: time) }
        }
    }

    /// The bound topics subscribed now (`bind`); a reload subscribes the ones it adds.
    private var boundSubscribed: Set<String> = []

    /// Subscribes every bound topic not subscribed yet (after a connect: all of them).
    private func subscribeBound() {
        // A bound control's user changes go to its `commandTopic` (never what came from it);
        // set here, at each connect, when the other screens' panels are known.
        for c in [controller] + controller.peers {
            c.boundCommandSink = { [unowned self] topic, payload in
                guard self.client.isConnected else { return }
                _ = self.client.publish(topic, payload, retain: false)
            }
            // A picture that fails its decode (off the loop, later): the same line as a refusal.
            c.onLatePayloadNote = { [unowned self] topic, widget, why in
                self.setsIgnored += 1
                self.report("mqtt: ignored '\(MQTTSetPayload.oneLine(topic))' for '\(widget)': \(MQTTSetPayload.oneLine(why))")
            }
        }
        for topic in controller.boundTopics + [controller.presenceTopic].compactMap({ $0 }) where !boundSubscribed.contains(topic) {
            client.subscribe(topic)
            boundSubscribed.insert(topic)
        }
    }

    private var prefix: String { options.prefix }
    private var topics: MQTTTopics { MQTTTopics(prefix: options.prefix) }
    /// Retained topics this process has published with a payload (kept across reconnects):
    /// what a reload must clear when its widget is gone, even if the reload happened while
    /// the broker was away.
    private var announced: Set<String> = []
    /// The retained topics the panel as it is now publishes (see `publishAll`).
    private var wanted: Set<String> = []
    /// Held states and delayed clears.
    private var schedule = MQTTPublishSchedule()
    /// Widgets a finger is dragging now (between trackingBegan and trackingEnded).
    private(set) var tracking: Set<String> = []
    /// The panel's clock as last seen (an event's `t`, a loop turn, a broker happening).
    private var now = 0.0

    // MARK: PollSource (only a deadline: held states and delayed clears)

    public var pollRequests: [PollRequest] { [] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }
    public var deadline: Double? { schedule.deadline }

    public func service(_ revents: [Int16], at time: Double) {
        now = Swift.max(now, time)
        let due = schedule.due(at: time)
        for s in due.states where client.isConnected {
            if publishRetained(s.topic, s.payload) { schedule.sent(s.topic, at: time) }
        }
        for topic in due.clears where !wanted.contains(topic) {
            if publishRetained(topic, "") { report("mqtt: cleared '\(topic)' (no such widget now)") }
        }
    }

    // MARK: CommandClient (replies to the `set` commands the bridge runs)

    public func reply(_ reply: Reply) {
        // Successful replies say nothing new: the events and the state topic carry the change.
        guard let error = reply.error else { setsApplied += 1; return }
        setsIgnored += 1
        report("mqtt: ignored '\(currentTopic ?? "?")': \(MQTTSetPayload.oneLine(error))")
    }

    /// Events reach the bridge as values (`deliver`), never as a client's lines.
    public func send(_ line: String) {}

    // MARK: broker

    private func handle(_ h: MQTTClient.Happening, at time: Double) {
        now = Swift.max(now, time)
        switch h {
        case .connected:
            report("mqtt: connected\(wasConnected ? " again" : ""); publishing under \(prefix)")
            wasConnected = true
            client.subscribe(topics.setPattern)
            boundSubscribed = []
            subscribeBound()
            published = [:]   // the broker may have lost everything: send it all again
            client.publish(topics.status, "online", retain: true)
            publishAll(at: time)
            sweepLeftovers()
        case .disconnected(let reason):
            report("mqtt: \(reason)")
        case .oversized(let topic, let bytes, let retained):
            // Retained junk too big to read under the panel's own topics is cleared like any leftover.
            if retained, isLeftover(topic) {
                if client.publish(topic, "", retain: true) { report("mqtt: cleared '\(topic)' (\(bytes) bytes, no such widget now)") }
                return
            }
            setsIgnored += 1
            report("mqtt: ignored '\(topic)': payload of \(bytes) bytes is over \(MQTTSetPayload.maxBytes)")
        case .message(let topic, let payload, let retained):
            received(topic: topic, payload: payload, retained: retained, at: time)
        }
    }

    /// Retained topics a previous run left that this panel no longer has (the file was
    /// edited while the panel was off): subscribing replays what the broker keeps under our
    /// state and discovery topics, and the unsubscribe right behind it (the broker handles a
    /// connection's packets in order) ends the subscription after that replay, so the
    /// panel's own publishing does not echo back. Each leftover is cleared in `received`,
    /// configs first (the broker replays them first), states `clearDelay` later.
    private func sweepLeftovers() {
        var patterns: [String] = []
        if let d = options.discovery { patterns.append(d.discoveryPrefix + "/+/" + d.nodeID + "/+/config") }
        patterns.append(topics.prefix + "/+/state")
        for p in patterns { client.subscribe(p); client.unsubscribe(p) }
    }

    private func received(topic: String, payload: [UInt8], retained: Bool, at time: Double) {
        // `screen.presence`: someone there (a retained state too: it is the room's now).
        if topic == controller.presenceTopic {
            if let why = controller.receivePresence(payload: payload, at: time) {
                setsIgnored += 1
                report("mqtt: ignored '\(MQTTSetPayload.oneLine(topic))' for screen.presence: \(MQTTSetPayload.oneLine(why))")
            }
            if !controller.boundTopics.contains(topic) && topics.widget(ofSetTopic: topic) == nil { return }
        }
        // A bound topic first: its retained value is the device's state now, never a leftover.
        if controller.boundTopics.contains(topic) {
            currentTopic = topic
            for r in controller.receiveBound(topic: topic, payload: payload, at: time, from: self) {
                setsIgnored += 1
                report("mqtt: ignored '\(MQTTSetPayload.oneLine(topic))' for '\(r.widget)': \(MQTTSetPayload.oneLine(r.reason))")
            }
            currentTopic = nil
            if topics.widget(ofSetTopic: topic) == nil { return }
        }
        if retained, !payload.isEmpty, isLeftover(topic) {
            // A leftover from `sweepLeftovers`: a widget this panel no longer has.
            clear(topic, at: time)
            return
        }
        guard let name = topics.widget(ofSetTopic: topic) else { return }
        func ignore(_ why: String) { setsIgnored += 1; report("mqtt: ignored '\(MQTTSetPayload.oneLine(topic))': \(MQTTSetPayload.oneLine(why))") }
        // A retained command would be replayed at every reconnect, undoing later changes.
        if retained { return ignore("retained set messages are not applied (publish without -r)") }
        if name == "page" { return setPage(payload, at: time, ignore: ignore) }
        if name == "screen" { return setScreen(payload, at: time, ignore: ignore) }
        guard let widget = controller.scene.widget(id: name) else {
            return ignore("no widget '\(MQTTSetPayload.excerpt(name))'")
        }
        switch MQTTSetPayload.command(payload, widget: widget) {
        case .failure(let why): ignore(why.reason)
        case .success(let set):
            currentTopic = topic
            controller.execute(set.command, line: set.line, at: time, from: self)
            currentTopic = nil
        }
    }

    /// A retained topic the sweep replayed that the panel as it is now does not publish.
    private func isLeftover(_ topic: String) -> Bool {
        !wanted.contains(topic) && topics.widget(ofSetTopic: topic) == nil
    }

    private func setPage(_ payload: [UInt8], at time: Double, ignore: (String) -> Void) {
        let pages = controller.scene.panel.pages.map(\.id)
        guard payload.count <= MQTTSetPayload.maxBytes, let text = String(validating: payload, as: UTF8.self) else {
            return ignore("payload is not UTF-8 or too long")
        }
        var wanted = text.trimmingSpaces
        if wanted.hasPrefix("{") { wanted = MQTTBridge.parse(wanted)?["page"]?.stringValue ?? "" }
        guard let index = pages.firstIndex(of: wanted) ?? Int(wanted).flatMap({ pages.indices.contains($0) ? $0 : nil }) else {
            return ignore("no page '\(MQTTSetPayload.excerpt(wanted))' (pages: \(pages.joined(separator: ", ")))")
        }
        guard index != controller.scene.pageIndex else { return publishPage() }
        // The protocol's own `page` command: same animation, events and checks as the socket.
        var w = JSONLineWriter()
        w.add("command", "page"); w.add("page", pages[index])
        currentTopic = topics.pageSet
        controller.execute(PanelCommand(.page(id: pages[index], animated: true)), line: w.line, at: time, from: self)
        currentTopic = nil
        publishPage()
    }

    /// The screen light's command (Home Assistant's JSON light schema, or a bare `ON`/`OFF`):
    /// `OFF` switches the screen off; `ON` with an `effect` sets that state (on, idle, dim),
    /// with a `brightness` (percent) sets the on-level by hand; `ON` alone wakes it. It runs
    /// as the protocol's own `screen` command, so its reply, events and checks are the same.
    private func setScreen(_ payload: [UInt8], at time: Double, ignore: (String) -> Void) {
        guard payload.count <= MQTTSetPayload.maxBytes, let text = String(validating: payload, as: UTF8.self) else {
            return ignore("payload is not UTF-8 or too long")
        }
        let trimmed = text.trimmingSpaces
        var stateText = trimmed, effect: String?, percent: Double?
        if trimmed.hasPrefix("{") {
            guard let node = MQTTBridge.parse(trimmed), node.objectValue != nil else { return ignore("not a JSON object") }
            stateText = node["state"]?.stringValue ?? ""
            effect = node["effect"]?.stringValue
            if let b = node["brightness"] {
                guard let n = b.numberValue, n.isFinite else { return ignore("'brightness' must be a number (percent)") }
                percent = n
            }
        }
        let state: ScreenState?
        switch stateText.uppercased() {
        case "OFF": state = .off; percent = nil
        case "ON":
            if let effect {
                guard let s = ScreenState(rawValue: effect), s != .off else {
                    return ignore("no effect '\(MQTTSetPayload.excerpt(effect))' (effects: \(HADiscovery.screenEffects(hasIdlePage: controller.screenSettings.idlePage != nil).joined(separator: ", ")))")
                }
                state = s
            } else {
                state = .on
            }
        case "" where percent != nil: state = .on
        default: return ignore("'state' must be ON or OFF")
        }
        // Percent (brightness_scale 100); Home Assistant's 0 would be off, and off has its own command.
        let level = percent.map { Swift.min(Swift.max($0 / 100, PanelCommand.minimumBrightness), 1) }
        var w = JSONLineWriter()
        w.add("command", "screen")
        if let state { w.add("state", state.rawValue) }
        if let level { w.add("brightness", level) }
        currentTopic = topics.screenSet
        controller.execute(PanelCommand(.screen(state, brightness: level)), line: w.line, at: time, from: self)
        currentTopic = nil
        publishScreen()
    }

    /// The screen light's retained state (HADiscovery.screenLightState).
    private func publishScreen() {
        publishRetained(topics.screenState, HADiscovery.screenLightState(controller.screenState, brightness: controller.screenBrightness))
    }

    // MARK: panel → broker

    /// Every event the panel sends (the hub of PanelServices delivers it).
    public func deliver(_ event: PanelEvent) {
        if event.time.isFinite { now = Swift.max(now, event.time) }
        let name = event.name
        if let widget = event.widget {
            // Kept while the broker is away too: a drag in progress at reconnect is still paced.
            if name == WidgetEvent.trackingBegan.name { tracking.insert(widget) }
            if name == WidgetEvent.trackingEnded.name { tracking.remove(widget) }
        }
        guard client.isConnected else { return }
        client.publish(topics.events, event.line, retain: false)
        guard let widget = event.widget else {
            // A reload may add and remove widgets: discovery and state follow.
            if name == "reloaded" { subscribeBound(); publishAll(at: now) }
            else if name == "screen" || name == "brightness" { publishScreen() }
            else { publishPage() }
            return
        }
        publishState(widget, at: now)
        if let view = controller.scene.widget(id: widget) {
            var w = JSONLineWriter()
            if name == "dialed", let n = event["number"]?.number, n.isFinite, abs(n) < 1e15 {
                w.add("event_type", String(Int(n)))
            } else if HADiscovery.isEntityEvent(name, of: view) {
                w.add("event_type", name)
            } else { return }
            if let source = event["source"]?.string { w.add("source", source) }
            client.publish(topics.event(widget), w.line, retain: false)
        }
    }

    /// Publishes `payload` retained unless the broker has it already; true when it went out.
    @discardableResult
    private func publishRetained(_ topic: String, _ payload: String) -> Bool {
        guard published[topic] != payload else { return false }
        guard client.publish(topic, payload, retain: true) else { return false }
        published[topic] = payload
        if payload.isEmpty { announced.remove(topic) } else { announced.insert(topic); schedule.cancelClear(topic) }
        return true
    }

    /// The widget's state, now, or held while a finger drags it (MQTTPublishSchedule).
    private func publishState(_ id: String, at time: Double) {
        guard let widget = controller.scene.widget(id: id), let s = widget.snapshot() else { return }
        var w = JSONLineWriter()
        for f in s.fields { w.add(f.key, f.value) }
        let topic = topics.state(id)
        guard published[topic] != w.line else { schedule.drop(topic); return }
        guard schedule.offer(topic, w.line, at: time, tracking: tracking.contains(id)) else { return }
        if publishRetained(topic, w.line) { schedule.sent(topic, at: time) }
    }

    /// Empties a retained topic of a widget that is gone: a discovery config at once (Home
    /// Assistant removes the entity), anything else `clearDelay` later, once the entity
    /// has stopped listening. One log line per topic cleared.
    private func clear(_ topic: String, at time: Double) {
        if let d = options.discovery, topic.hasPrefix(d.discoveryPrefix + "/"), topic.hasSuffix("/config") {
            if publishRetained(topic, "") { report("mqtt: cleared '\(topic)' (no such widget now)") }
        } else {
            schedule.clearLater(topic, at: time)
        }
    }

    private func publishPage() {
        var w = JSONLineWriter()
        w.add("page", controller.scene.panel.pages[controller.scene.pageIndex].id)
        publishRetained(topics.pageState, w.line)
    }

    /// Discovery (when enabled), the state of every widget on every page, and the page.
    /// Retained topics announced before whose widget is gone (a reload removed it) are
    /// cleared: an empty retained message deletes a retained topic, and Home Assistant
    /// removes an entity whose config becomes empty.
    private func publishAll(at time: Double) {
        guard client.isConnected else { return }
        var wanted: Set<String> = [topics.pageState]
        defer { self.wanted = wanted }
        let scene = controller.scene
        if let discovery = options.discovery {
            for widget in scene.allWidgets {
                let spec = scene.panel.widget(id: widget.id)?.1
                if let m = discovery.config(for: widget, spec: spec) { wanted.insert(m.topic); publishRetained(m.topic, m.payload) }
            }
            let m = discovery.pageConfig(pages: scene.panel.pages.map(\.id))
            wanted.insert(m.topic); publishRetained(m.topic, m.payload)
            let light = discovery.screenLightConfig(hasIdlePage: controller.screenSettings.idlePage != nil)
            wanted.insert(light.topic); publishRetained(light.topic, light.payload)
        }
        wanted.insert(topics.screenState)
        publishScreen()
        for widget in scene.allWidgets where widget.snapshot() != nil {
            wanted.insert(topics.state(widget.id))
            publishState(widget.id, at: time)
        }
        publishPage()
        tracking.formIntersection(scene.allWidgets.map(\.id))
        for topic in announced.subtracting(wanted).sorted() where topic != topics.status {
            clear(topic, at: time)
        }
    }

    package static func parse(_ text: String) -> JSONNode? {
        if case .success(let node) = JSONReader.parse(text) { return node }
        return nil
    }

    /// Before exit: availability `offline` (retained), then a clean disconnect.
    public func close() { client.close(finalStatus: "offline") }
}
