import ControlWidgets
import PanelLayout
import PanelCore
import PanelProtocol

/// Home Assistant MQTT discovery: one retained config message per entity on
/// `<discovery prefix>/<component>/<node id>/<object id>/config`, all sharing one `device`
/// block, so Home Assistant shows one device per panel with an entity per widget.
///
/// Keys and types follow Home Assistant's MQTT platform schemas (home-assistant/core
/// `components/mqtt/`: `schemas.py` MQTT_ENTITY_COMMON_SCHEMA and the device and origin
/// schemas, `config.py` MQTT_RW_SCHEMA / MQTT_RO_SCHEMA, and `number.py`, `select.py`,
/// `switch.py`, `event.py`, `sensor.py`). Two rules from there that shape the values: a number's
/// `step` is at least 0.001 and its `min` is below its `max`.
///
/// The entity id is suggested twice, because Home Assistant changed the key: up to 2025.9
/// `object_id` (`<slug>`; 2024.1's discovery schema drops `default_entity_id` unread), from
/// 2025.10 `default_entity_id` (`number.<slug>`), which wins and silences the deprecation
/// warning when both are sent; 2026.4 ignores `object_id`. Both give `number.<slug>`.
///
/// `unique_id` is `<node id>_<widget id>`: the node id is the client id (by default the
/// panel name and a hash of the machine id, MQTTClientID), the same at every start, so
/// entities keep their settings. Entity names are what the panel shows (NameOnPanel).
public struct HADiscovery {
    public var discoveryPrefix = "homeassistant"
    public var topics: MQTTTopics
    /// Node id: the client id, letters, digits, `_` and `-` only (as Home Assistant requires).
    public var nodeID: String
    public var panelName: String
    public var version: String

    public init(topicPrefix: String, nodeID: String, panelName: String, version: String = PanelVersion.current) {
        self.topics = MQTTTopics(prefix: topicPrefix)
        self.nodeID = Self.sanitize(nodeID)
        self.panelName = panelName
        self.version = version
    }

    public struct Message: Equatable {
        public var topic: String
        public var payload: String
    }

    /// Letters, digits, `_` and `-`; anything else becomes `_`.
    public static func sanitize(_ s: String) -> String {
        String(s.unicodeScalars.map { c -> Character in
            (("0"..."9").contains(c) || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c == "-")
                ? Character(c) : "_"
        })
    }

    /// An entity id's object part as Home Assistant validates it (`cv.entity_id`): lower-case
    /// letters, digits and single `_`, not starting or ending with `_`.
    public static func slug(_ s: String) -> String {
        var out = ""
        for c in s.lowercased().unicodeScalars {
            let keep = ("0"..."9").contains(c) || ("a"..."z").contains(c)
            if keep { out.unicodeScalars.append(c) } else if !out.isEmpty && !out.hasSuffix("_") { out += "_" }
        }
        while out.hasSuffix("_") { out.removeLast() }
        return out.isEmpty ? "panel" : out
    }

    package var device: String {
        var d = JSONLineWriter()
        d.addRaw("identifiers", "[" + JSONLineWriter.quote("knob-panel_" + nodeID) + "]")
        d.add("name", panelName)
        d.add("model", "knob-panel")
        d.add("manufacturer", "knob-panel")
        d.add("sw_version", version)
        return d.line
    }

    /// Fields every entity shares: name, ids, availability, device, origin.
    private func common(_ w: inout JSONLineWriter, component: String, objectID: String, name: String) {
        // Home Assistant names an entity "<device> <entity>": a name equal to the device's
        // would be logged as a mistake and nulled, so it is sent as null (the device's own).
        if name == panelName { w.addRaw("name", "null") } else { w.add("name", name) }
        w.add("unique_id", nodeID + "_" + objectID)
        let slug = Self.slug(nodeID + "_" + objectID)
        w.add("object_id", slug)
        w.add("default_entity_id", component + "." + slug)
        w.add("availability_topic", topics.status)
        w.add("payload_available", "online")
        w.add("payload_not_available", "offline")
        w.addRaw("device", device)
        var o = JSONLineWriter()
        o.add("name", "knob-panel"); o.add("sw_version", version)
        w.addRaw("origin", o.line)
    }

    private func topic(_ component: String, _ objectID: String) -> String {
        "\(discoveryPrefix)/\(component)/\(nodeID)/\(Self.sanitize(objectID))/config"
    }

    private static func strings(_ a: [String]) -> String { "[" + a.map(JSONLineWriter.quote).joined(separator: ",") + "]" }

    /// The unit of a printf-style value format: the text after the conversion, with `%%`
    /// read as `%` ("%.1f °C" → "°C", "%d %%" → "%", "%+.1f dB" → "dB"); nil when none.
    package static func unit(of format: String?) -> String? {
        guard let format else { return nil }
        let chars = Array(format)
        var i = 0
        while i < chars.count {
            guard chars[i] == "%" else { i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "%" { i += 2; continue }
            var k = i + 1
            while k < chars.count, "+- #0123456789.'l".contains(chars[k]) { k += 1 }
            guard k < chars.count, "fegdiFEGu".contains(chars[k]) else { return nil }
            let rest = String(chars[(k + 1)...]).replacing("%%", with: "%").trimmingSpaces
            return rest.isEmpty ? nil : rest
        }
        return nil
    }

    /// The Home Assistant component a widget becomes (nil: no entity), as its descriptor says.
    public static func component(of widget: any WidgetView) -> String? {
        WidgetCatalog.homeAssistant(widget)?.component
    }

    /// The config message of one widget (nil for widgets Home Assistant has no entity for):
    /// the entity its descriptor gives (WidgetCatalog), written as Home Assistant reads it.
    public func config(for widget: any WidgetView, spec: WidgetSpec?) -> Message? {
        let id = widget.id
        guard let entity = WidgetCatalog.homeAssistant(widget) else { return nil }
        let component = entity.component
        let name = NameOnPanel.entityName(spec: spec, id: id, deviceName: panelName)
        var w = JSONLineWriter()
        common(&w, component: component, objectID: id, name: name)
        switch entity {
        case .event(let types):
            w.add("state_topic", topics.event(id))
            w.addRaw("event_types", Self.strings(types))
        case .select(let options, let field):
            w.add("command_topic", topics.set(id))
            w.add("state_topic", topics.state(id))
            w.add("value_template", "{{ value_json.\(field) }}")
            w.addRaw("options", Self.strings(options))
        case .number(let lo, let hi, let rounding, let mode):
            w.add("command_topic", topics.set(id))
            w.add("state_topic", topics.state(id))
            w.add("value_template", "{{ value_json.value }}")
            w.add("min", lo)
            w.add("max", hi)
            w.add("step", Self.numberStep(rounding, lo, hi))
            w.add("mode", mode.rawValue)
            if let u = Self.unit(of: spec?.string("valueFormat")) { w.add("unit_of_measurement", u) }
        case .onOffSwitch:
            w.add("command_topic", topics.set(id))
            w.add("state_topic", topics.state(id))
            w.add("value_template", "{{ 'ON' if value_json.on else 'OFF' }}")
            w.add("payload_on", "ON"); w.add("payload_off", "OFF")
            w.add("state_on", "ON"); w.add("state_off", "OFF")
        case .sensor(let unit, let rounding):
            // Read-only (sensor.py: no command topic); `measurement` gives it history graphs
            // and statistics, as a number a device measures.
            w.add("state_topic", topics.state(id))
            w.add("value_template", "{{ value_json.value }}")
            w.add("state_class", "measurement")
            if let unit { w.add("unit_of_measurement", unit) }
            if let d = rounding.publishedDecimals { w.add("suggested_display_precision", d) }
        }
        return Message(topic: topic(component, id), payload: w.line)
    }

    /// Whether an event named `name` of `widget` is one of its event entity's types.
    public static func isEntityEvent(_ name: String, of widget: any WidgetView) -> Bool {
        guard case .event(let types)? = WidgetCatalog.homeAssistant(widget) else { return false }
        return types.contains(name)
    }

    /// Home Assistant refuses a number whose step is below this (`vol.Range(min=1e-3)`).
    public static let minimumStep = 0.001

    /// The step of what the panel publishes ("values leave on the grid"): the widget's own step,
    /// else one unit of its format's last decimal, else a hundredth of the range; never below
    /// Home Assistant's minimum nor wider than the range.
    package static func numberStep(_ rounding: ValueRounding, _ lo: Double, _ hi: Double) -> Double {
        var step = sliderStep(lo, hi)
        if let s = rounding.step, s > 0 {
            step = s
        } else if let d = rounding.publishedDecimals {
            step = 1
            for _ in 0..<d { step /= 10 }
        }
        let span = abs(hi - lo)
        if span > 0 { step = Swift.min(step, span) }
        return Swift.max(minimumStep, step)
    }

    /// A hundredth of the range, rounded down to a power of ten (0…100 → 1, 0…1 → 0.01).
    package static func sliderStep(_ lo: Double, _ hi: Double) -> Double {
        let span = abs(hi - lo)
        guard span > 0 else { return 1 }
        var step = 1.0
        while step > span / 100 { step /= 10 }
        while step * 10 <= span / 100 { step *= 10 }
        return step
    }

    /// The screen as a `light` in Home Assistant's JSON schema (`light/schema_json.py`): one
    /// command topic and one state topic, each a JSON object of `state`, `brightness` and
    /// `effect`. JSON rather than the default schema because a command like "on at 40 %"
    /// then arrives as one message (the default schema sends on/off and the brightness on
    /// two topics, two messages: a wake and then a level, two changes for one), and the
    /// state is one retained object, as every widget's is. Brightness is in percent
    /// (`brightness_scale` 100: the panel's levels are hundredths); the effects are the lit
    /// states (`on`, `dim`, and `idle` with an idle page). `color_mode` and
    /// `supported_color_modes` go together in 2024.1 (`vol.Inclusive`): brightness only.
    public func screenLightConfig(hasIdlePage: Bool) -> Message {
        var w = JSONLineWriter()
        common(&w, component: "light", objectID: "screen", name: "Screen")
        w.add("schema", "json")
        w.add("command_topic", topics.screenSet)
        w.add("state_topic", topics.screenState)
        w.add("brightness", true)
        w.add("brightness_scale", 100)
        w.add("color_mode", true)
        w.addRaw("supported_color_modes", Self.strings(["brightness"]))
        w.add("effect", true)
        w.addRaw("effect_list", Self.strings(Self.screenEffects(hasIdlePage: hasIdlePage)))
        w.add("icon", "mdi:tablet-dashboard")
        return Message(topic: topic("light", "screen"), payload: w.line)
    }

    /// The screen states Home Assistant may ask for as the light's effect (the lit ones).
    public static func screenEffects(hasIdlePage: Bool) -> [String] { hasIdlePage ? ["on", "idle", "dim"] : ["on", "dim"] }

    /// The light's state: `ON` with the brightness in percent and the screen state as its
    /// effect, or `OFF`.
    public static func screenLightState(_ state: ScreenState, brightness: Double) -> String {
        var w = JSONLineWriter()
        w.add("state", state == .off ? "OFF" : "ON")
        if state != .off {
            w.add("brightness", Int((brightness * 100).rounded()))
            w.add("color_mode", "brightness")
            w.add("effect", state.rawValue)
        }
        return w.line
    }

    /// The page selector: one `select` with the page ids as options.
    public func pageConfig(pages: [String]) -> Message {
        var w = JSONLineWriter()
        common(&w, component: "select", objectID: "page", name: "Page")
        w.add("command_topic", topics.pageSet)
        w.add("state_topic", topics.pageState)
        w.add("value_template", "{{ value_json.page }}")
        w.addRaw("options", Self.strings(pages))
        return Message(topic: topic("select", "page"), payload: w.line)
    }
}
