import Testing
#if canImport(Glibc)
import Glibc
#endif
import ControlWidgets
import PanelLayout
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// The pure parts of the MQTT bridge: topic names, what a `set` payload asks for, and the
/// Home Assistant discovery JSON of each widget type. (The broker side is tests/cli/mqtt.py
/// and mqtt_net.py, against a real mosquitto.)
@Suite struct MQTTTests {
    static let panelText = """
    {"panel": "Studio A", "size": [800, 600], "pages": [
      {"id": "main", "widgets": [
        {"id": "volume", "type": "knob", "mode": "continuous", "range": [0, 100], "valueFormat": "%d %%", "label": "Volume", "frame": [0, 0, 200, 200]},
        {"id": "reverb", "type": "knob", "mode": "linearReturn", "positions": 3, "titles": ["Off", "Room", "Hall"], "frame": [200, 0, 200, 200]},
        {"id": "bare", "type": "knob", "mode": "continuous", "frame": [400, 0, 200, 200]},
        {"id": "phone", "type": "knob", "mode": "rotaryDial", "frame": [0, 200, 220, 220]},
        {"id": "temp", "type": "slider", "minimumValue": 10, "maximumValue": 30, "valueFormat": "%.1f °C", "frame": [220, 200, 200, 200]},
        {"id": "tiny", "type": "slider", "minimumValue": 0, "maximumValue": 0.01, "frame": [420, 200, 200, 200]},
        {"id": "fan", "type": "toggle", "title": "Fan", "frame": [0, 420, 200, 60]},
        {"id": "input", "type": "segmented", "titles": ["Mic", "Line"], "frame": [200, 420, 300, 60]},
        {"id": "rec", "type": "button", "title": "Rec", "frame": [500, 420, 100, 60]},
        {"id": "note", "type": "label", "text": "hello", "frame": [0, 500, 200, 40]},
        {"id": "wheel", "type": "knob", "mode": "wheelOfFortune", "positions": 4, "frame": [600, 0, 200, 200]},
        {"id": "some", "type": "knob", "mode": "linearReturn", "positions": 4, "titles": ["Lo", "2", "Hi", "x", "never shown"], "frame": [600, 200, 200, 200]},
        {"id": "studio", "type": "toggle", "title": "Studio A", "frame": [0, 540, 200, 60]},
        {"id": "dim", "type": "slider", "minimumValue": 0, "maximumValue": 1, "label": "Studio A  dimmer", "frame": [200, 540, 200, 60]},
        {"id": "icon", "type": "button", "title": " ", "frame": [600, 420, 100, 60]},
        {"id": "twoLines", "type": "button", "title": "Stop\\n all", "frame": [700, 420, 100, 60]}
      ]},
      {"id": "room", "widgets": []}
    ]}
    """

    static func controller() throws -> PanelController {
        try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(panelText, file: "m.json").get(), screenWidth: 800, screenHeight: 600)
    }

    static func widget(_ c: PanelController, _ id: String) -> any WidgetView { c.scene.widget(id: id)! }

    static func line(_ payload: String, for id: String, in c: PanelController) -> Result<String, MQTTSetPayload.Ignored> {
        MQTTSetPayload.command(Array(payload.utf8), widget: widget(c, id)).map(\.line)
    }

    // MARK: topics

    @Test func topicsAreBuiltUnderThePrefix() {
        let t = MQTTTopics(prefix: "knob-panel/studio")
        #expect(t.state("volume") == "knob-panel/studio/volume/state")
        #expect(t.set("volume") == "knob-panel/studio/volume/set")
        #expect(t.event("phone") == "knob-panel/studio/phone/event")
        #expect(t.events == "knob-panel/studio/events")
        #expect(t.pageState == "knob-panel/studio/page/state")
        #expect(t.pageSet == "knob-panel/studio/page/set")
        #expect(t.status == "knob-panel/studio/status")
        #expect(t.setPattern == "knob-panel/studio/+/set")
    }

    @Test func setTopicsNameOneWidget() {
        let t = MQTTTopics(prefix: "knob-panel/studio")
        #expect(t.widget(ofSetTopic: "knob-panel/studio/volume/set") == "volume")
        #expect(t.widget(ofSetTopic: "knob-panel/studio/page/set") == "page")
        #expect(t.widget(ofSetTopic: "knob-panel/studio/volume/state") == nil)
        #expect(t.widget(ofSetTopic: "knob-panel/studio/a/b/set") == nil)      // two levels
        #expect(t.widget(ofSetTopic: "knob-panel/studio//set") == nil)         // empty name
        #expect(t.widget(ofSetTopic: "knob-panel/studioX/volume/set") == nil)  // another prefix
        #expect(t.widget(ofSetTopic: "knob-panel/studio/set") == nil)
    }

    // MARK: set payloads

    @Test func bareValuesAreReadByTheWidgetsType() throws {
        let c = try Self.controller()
        #expect(Self.line("42", for: "volume", in: c) == .success(#"{"command":"set","widget":"volume","value":42}"#))
        #expect(Self.line(" 42.5\n", for: "volume", in: c) == .success(#"{"command":"set","widget":"volume","value":42.5}"#))
        // A knob without a range is set by position (degrees).
        #expect(Self.line("90", for: "bare", in: c) == .success(#"{"command":"set","widget":"bare","position":90}"#))
        // Home Assistant's select publishes the option title; an index works too.
        #expect(Self.line("Hall", for: "reverb", in: c) == .success(#"{"command":"set","widget":"reverb","positionIndex":2}"#))
        #expect(Self.line("1", for: "reverb", in: c) == .success(#"{"command":"set","widget":"reverb","positionIndex":1}"#))
        #expect(Self.line("21.5", for: "temp", in: c) == .success(#"{"command":"set","widget":"temp","value":21.5}"#))
        #expect(Self.line("ON", for: "fan", in: c) == .success(#"{"command":"set","widget":"fan","on":true}"#))
        #expect(Self.line("false", for: "fan", in: c) == .success(#"{"command":"set","widget":"fan","on":false}"#))
        #expect(Self.line("Line", for: "input", in: c) == .success(#"{"command":"set","widget":"input","title":"Line"}"#))
        #expect(Self.line("0", for: "input", in: c) == .success(#"{"command":"set","widget":"input","index":0}"#))
        #expect(Self.line("7", for: "phone", in: c) == .success(#"{"command":"dial","widget":"phone","number":7}"#))
    }

    @Test func jsonCommandsGetTheTopicsWidget() throws {
        let c = try Self.controller()
        #expect(Self.line(#"{"command":"set","value":500}"#, for: "volume", in: c)
                == .success(#"{"widget":"volume","command":"set","value":500}"#))
        #expect(Self.line(#"{"command":"set","widget":"volume","value":5}"#, for: "volume", in: c)
                == .success(#"{"command":"set","widget":"volume","value":5}"#))
        #expect(Self.line(#"{"command":"dial","number":3}"#, for: "phone", in: c)
                == .success(#"{"widget":"phone","command":"dial","number":3}"#))
        // Pretty-printed JSON (the fuzzer's find: a line break before the brace) becomes one line.
        #expect(Self.line("{\"command\":\"dial\",\r\n \"number\":3\n}", for: "phone", in: c)
                == .success(#"{"widget":"phone","command":"dial",   "number":3 }"#))
    }

    @Test func garbageIsRefusedWithAReason() throws {
        let c = try Self.controller()
        func refused(_ payload: String, _ id: String) -> Bool {
            if case .failure = Self.line(payload, for: id, in: c) { return true }
            return false
        }
        #expect(refused("", "volume"))
        #expect(refused("   ", "volume"))
        #expect(refused("loud", "volume"))
        #expect(refused("nan", "volume"))          // not finite
        #expect(refused("1e999", "volume"))        // infinite
        #expect(refused("2e9", "volume"))          // beyond the ±1e9 bound of every number
        #expect(refused("{", "volume"))
        #expect(refused(#"{"command":"set","widget":"pan","value":1}"#, "volume"))   // another widget
        #expect(refused(#"{"command":"reload"}"#, "volume"))                          // not a widget command
        // A value of the wrong type passes here: the controller checks keys against the widget
        // type and refuses it there, with the same reply as on the socket (tests/cli/mqtt.py).
        #expect(refused(#"{"command":"set","value":"loud"}"#, "volume") == false)
        #expect(refused("Cathedral", "reverb"))
        #expect(refused("1.5", "reverb"))
        #expect(refused("maybe", "fan"))
        #expect(refused("12", "phone"))
        #expect(refused("-1", "phone"))
        #expect(refused("x", "phone"))
        #expect(refused("hello", "note") == false)   // a label takes any text
        // Not UTF-8, and oversized: refused before anything is parsed.
        #expect(MQTTSetPayload.command([0xff, 0xfe], widget: Self.widget(c, "volume")).map(\.line)
                == .failure("payload is not UTF-8"))
        let big = [UInt8](repeating: UInt8(ascii: "1"), count: MQTTSetPayload.maxBytes + 1)
        #expect(MQTTSetPayload.command(big, widget: Self.widget(c, "volume")).map(\.line)
                == .failure("payload of 4097 bytes is over 4096"))
    }

    // MARK: discovery

    static func discovery() -> HADiscovery {
        HADiscovery(topicPrefix: "knob-panel/studio", nodeID: "Studio A-host", panelName: "Studio A", version: "9.9")
    }

    /// Every entity shares these fields: the node id "Studio A-host" sanitised to
    /// "Studio_A-host" (letters, digits, _ and - only), the entity id slug lower-cased with
    /// single underscores ("studio_a_host_…") as `object_id` (Home Assistant up to 2025.9)
    /// and as `default_entity_id` with the component (2025.10 on), availability on …/status.
    static func common(_ component: String, _ id: String, name: String) -> String {
        #""name":"\#(name)","unique_id":"Studio_A-host_\#(id)","object_id":"studio_a_host_\#(id)","default_entity_id":"\#(component).studio_a_host_\#(id)","#
        + #""availability_topic":"knob-panel/studio/status","payload_available":"online","payload_not_available":"offline","#
        + #""device":{"identifiers":["knob-panel_Studio_A-host"],"name":"Studio A","model":"knob-panel","manufacturer":"knob-panel","sw_version":"9.9"},"#
        + #""origin":{"name":"knob-panel","sw_version":"9.9"}"#
    }

    static func config(_ c: PanelController, _ id: String) -> HADiscovery.Message? {
        discovery().config(for: widget(c, id), spec: c.scene.panel.widget(id: id)?.1)
    }

    @Test func aKnobWithARangeIsANumber() throws {
        let c = try Self.controller()
        // range 0…100: step a hundredth of it (1); unit after the conversion, %% read as %.
        let m = try #require(Self.config(c, "volume"))
        #expect(m.topic == "homeassistant/number/Studio_A-host/volume/config")
        #expect(m.payload == "{" + Self.common("number", "volume", name: "Volume")
                + #","command_topic":"knob-panel/studio/volume/set","state_topic":"knob-panel/studio/volume/state","#
                + #""value_template":"{{ value_json.value }}","min":0,"max":100,"step":1,"mode":"slider","unit_of_measurement":"%"}"#)
    }

    @Test func aSliderIsANumberWithItsUnitAndAStepHomeAssistantAccepts() throws {
        let c = try Self.controller()
        // 10…30 at "%.1f °C": the panel publishes tenths, so the step is 0.1.
        let m = try #require(Self.config(c, "temp"))
        #expect(m.payload.hasSuffix(#""min":10,"max":30,"step":0.1,"mode":"slider","unit_of_measurement":"°C"}"#))
        // 0…0.01 at the default "%.0f": a whole unit is wider than the range, so the range.
        let tiny = try #require(Self.config(c, "tiny"))
        #expect(tiny.payload.contains(#""step":0.01,"#))
        // A step of its own wins; below Home Assistant's minimum it is 0.001.
        #expect(HADiscovery.numberStep(ValueRounding(step: 0.5, decimals: 1), 0, 10) == 0.5)
        #expect(HADiscovery.numberStep(ValueRounding(step: 0.0001), 0, 1) == 0.001)
        #expect(HADiscovery.numberStep(ValueRounding(decimals: 2), -12, 12) == 0.01)
    }

    /// Number entry is typed, not dragged: a keypad of its own and a spinbox are `number`s in
    /// box mode (number.py's mode), with the spinbox's step and unit; a fader a slider in dB.
    @Test func keypadsAndSpinboxesAreBoxes() throws {
        let text = """
        {"panel": "Studio A", "size": [800, 480], "pages": [{"id": "p", "widgets": [
          {"id": "code", "type": "keypad", "decimals": 0, "range": [0, 9999], "frame": [0, 0, 260, 300]},
          {"id": "limit", "type": "spinbox", "range": [0, 5], "step": 0.1, "valueFormat": "%.1f A", "frame": [300, 0, 200, 80]},
          {"id": "bass", "type": "fader", "range": [-10, 10], "step": 0.5, "valueFormat": "%+.1f dB", "frame": [550, 0, 80, 300]}
        ]}]}
        """
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "b.json").get(), screenWidth: 800, screenHeight: 480)
        func payload(_ id: String) -> String { Self.discovery().config(for: Self.widget(c, id), spec: c.scene.panel.widget(id: id)?.1)?.payload ?? "" }
        #expect(payload("code").hasSuffix(#""min":0,"max":9999,"step":1,"mode":"box"}"#), "\(payload("code"))")
        #expect(payload("limit").hasSuffix(#""min":0,"max":5,"step":0.1,"mode":"box","unit_of_measurement":"A"}"#), "\(payload("limit"))")
        #expect(payload("bass").hasSuffix(#""min":-10,"max":10,"step":0.5,"mode":"slider","unit_of_measurement":"dB"}"#), "\(payload("bass"))")
    }

    @Test func aDiscreteKnobAndASegmentedAreSelects() throws {
        let c = try Self.controller()
        let m = try #require(Self.config(c, "reverb"))
        #expect(m.topic == "homeassistant/select/Studio_A-host/reverb/config")
        #expect(m.payload == "{" + Self.common("select", "reverb", name: "reverb")
                + #","command_topic":"knob-panel/studio/reverb/set","state_topic":"knob-panel/studio/reverb/state","#
                + #""value_template":"{{ value_json.title }}","options":["Off","Room","Hall"]}"#)
        let s = try #require(Self.config(c, "input"))
        #expect(s.payload.hasSuffix(#""value_template":"{{ value_json.title }}","options":["Mic","Line"]}"#))
    }

    /// Issue 23: a discrete knob without titles was a select with "options":[], and Home
    /// Assistant refused every state ('0' is not among []). The options are what the knob
    /// draws: a title per position, the index where the title is missing, none past
    /// `positions`.
    @Test func aDiscreteKnobOffersTheTitlesItShows() throws {
        let c = try Self.controller()
        let wheel = try #require(Self.config(c, "wheel"))
        #expect(wheel.payload.hasSuffix(#""options":["0","1","2","3"]}"#))
        let some = try #require(Self.config(c, "some"))
        #expect(some.payload.hasSuffix(#""options":["Lo","2","Hi","x"]}"#))
        // Home Assistant publishes the option; each finds its position (a title before an index).
        #expect(Self.line("3", for: "wheel", in: c) == .success(#"{"command":"set","widget":"wheel","positionIndex":3}"#))
        #expect(Self.line("2", for: "some", in: c) == .success(#"{"command":"set","widget":"some","positionIndex":1}"#))
        #expect(Self.line("x", for: "some", in: c) == .success(#"{"command":"set","widget":"some","positionIndex":3}"#))
        if case .success = Self.line("never shown", for: "some", in: c) { Issue.record("a title past positions is no option") }
    }

    /// Issue 23: toggles, segmented controls and buttons were named by their id. Names are
    /// what the panel shows: a label or title, one line; the id only where none shows.
    @Test func entitiesAreNamedByWhatThePanelShows() throws {
        let c = try Self.controller()
        func name(_ id: String) throws -> String? {
            let m = try #require(Self.config(c, id))
            guard case .success(let node) = JSONReader.parse(m.payload) else { return "?" }
            return node["name"]?.stringValue
        }
        #expect(try name("volume") == "Volume")      // a knob's label
        #expect(try name("fan") == "Fan")            // a toggle's title
        #expect(try name("rec") == "Rec")            // a button's title
        #expect(try name("twoLines") == "Stop all")  // line breaks and runs of spaces made one space
        #expect(try name("input") == "input")        // a segmented control shows no name: its id
        #expect(try name("icon") == "icon")          // a blank title shows nothing: the id
        // Home Assistant strips a device-name prefix with a warning, and nulls a name equal to
        // the device's: done here first (the device is "Studio A").
        #expect(try name("dim") == "Dimmer")
        #expect(try name("studio") == nil)
        #expect(try #require(Self.config(c, "studio")).payload.hasPrefix(#"{"name":null,"#))
    }

    @Test func aToggleIsASwitch() throws {
        let c = try Self.controller()
        let m = try #require(Self.config(c, "fan"))
        #expect(m.topic == "homeassistant/switch/Studio_A-host/fan/config")
        #expect(m.payload.hasPrefix("{" + Self.common("switch", "fan", name: "Fan")))
        #expect(m.payload.hasSuffix(#""command_topic":"knob-panel/studio/fan/set","state_topic":"knob-panel/studio/fan/state","#
                + #""value_template":"{{ 'ON' if value_json.on else 'OFF' }}","payload_on":"ON","payload_off":"OFF","state_on":"ON","state_off":"OFF"}"#))
    }

    @Test func aDialAndAButtonAreEvents() throws {
        let c = try Self.controller()
        let dial = try #require(Self.config(c, "phone"))
        #expect(dial.topic == "homeassistant/event/Studio_A-host/phone/config")
        #expect(dial.payload == "{" + Self.common("event", "phone", name: "phone")
                + #","state_topic":"knob-panel/studio/phone/event","event_types":["0","1","2","3","4","5","6","7","8","9"]}"#)
        // One event a tap (issue 23: pressed, clicked and released were three logbook entries).
        let button = try #require(Self.config(c, "rec"))
        #expect(button.payload == "{" + Self.common("event", "rec", name: "Rec")
                + #","state_topic":"knob-panel/studio/rec/event","event_types":["clicked"]}"#)
    }

    @Test func labelsAndKnobsWithoutARangeHaveNoEntity() throws {
        let c = try Self.controller()
        #expect(Self.config(c, "note") == nil)
        #expect(Self.config(c, "bare") == nil)
    }

    @Test func thePageIsASelectOfPageIds() {
        let m = Self.discovery().pageConfig(pages: ["main", "room"])
        #expect(m.topic == "homeassistant/select/Studio_A-host/page/config")
        #expect(m.payload == "{" + Self.common("select", "page", name: "Page")
                + #","command_topic":"knob-panel/studio/page/set","state_topic":"knob-panel/studio/page/state","#
                + #""value_template":"{{ value_json.page }}","options":["main","room"]}"#)
    }

    @Test func discoveryReportsTheBinarysVersionByDefault() {
        let d = HADiscovery(topicPrefix: "p", nodeID: "n", panelName: "P")
        #expect(d.version == PanelVersion.current)
    }

    @Test func unitsComeFromTheValueFormat() {
        #expect(HADiscovery.unit(of: "%.1f °C") == "°C")
        #expect(HADiscovery.unit(of: "%d %%") == "%")
        #expect(HADiscovery.unit(of: "%+.1f dB") == "dB")
        #expect(HADiscovery.unit(of: "Gain %+.1f dB") == "dB")
        #expect(HADiscovery.unit(of: "%d") == nil)
        #expect(HADiscovery.unit(of: "100%% %d") == nil)
        #expect(HADiscovery.unit(of: nil) == nil)
    }

    @Test func refusalsStayOnOneLine() throws {
        // Fuzz finding (tests/fuzz/corpus/mqtt/finding-newline-in-reason): a payload with a
        // newline was quoted raw, and the "one log line per refusal" became two.
        let c = try Self.controller()
        guard case .failure(let why) = Self.line("FHST\0\0\n5\06", for: "reverb", in: c) else {
            Issue.record("should be refused"); return
        }
        #expect(!why.reason.contains("\n"))
        #expect(MQTTSetPayload.oneLine("a\nb\u{1b}c\td") == #"a\nb\u{1b}c\td"#)
    }

    @Test func reconnectBackoffDoublesUpToItsCapAndResets() {
        var b = ReconnectBackoff(first: 0.25, cap: 10)
        // 0.25 · 2^k: 0.25, 0.5, 1, 2, 4, 8, then 16 is capped to 10, and stays there.
        #expect((0..<8).map { _ in b.next() } == [0.25, 0.5, 1, 2, 4, 8, 10, 10])
        b.reset()
        #expect(b.next() == 0.25)
    }

    /// Issue 23: the default client id had the host name in it, so renaming the host made a
    /// new Home Assistant device. It is the panel name and a hash of the machine id and the
    /// panel name: the same for the same machine and panel, another for another machine or
    /// panel, the host name only when there is no machine id.
    @Test func theDefaultClientIDIsStableAndUnique() {
        let a = "3d1219c7c4c5404aaa1f6d2a48adfda4", b = "0123456789abcdef0123456789abcdef"
        let id = MQTTClientID.make(panelName: "Studio A", machineID: a, hostName: "pi")
        #expect(id == MQTTClientID.make(panelName: "Studio A", machineID: a, hostName: "renamed"))
        #expect(id.hasPrefix("Studio_A-") && id.utf8.count == "Studio_A-".utf8.count + 8)
        #expect(id.dropFirst("Studio_A-".count).allSatisfy { $0.isHexDigit && !$0.isUppercase })
        #expect(id != MQTTClientID.make(panelName: "Studio A", machineID: b, hostName: "pi"))
        #expect(id != MQTTClientID.make(panelName: "Studio B", machineID: a, hostName: "pi"))
        #expect(!id.contains("3d1219") && !id.contains("pi"))
        let byHost = MQTTClientID.make(panelName: "Studio A", machineID: nil, hostName: "pi")
        #expect(byHost != id && byHost == MQTTClientID.make(panelName: "Studio A", machineID: nil, hostName: "pi"))
        // FNV-1a 64 of "a": the published test vector.
        #expect(MQTTClientID.fnv1a64(Array("a".utf8)) == 0xaf63dc4c8601ec8c)
    }

    @Test func theMachineIDIsReadOnlyWhenItIsOne() throws {
        let dir = "/tmp/knob-machine-id-\(getpid())"
        mkdir(dir, 0o700)
        defer { for f in ["good", "bad", "zero"] { unlink(dir + "/" + f) }; rmdir(dir) }
        func write(_ name: String, _ text: String) {
            let fd = open(dir + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
            close(fd)
        }
        write("good", "3D1219C7C4C5404AAA1F6D2A48ADFDA4\n")
        write("bad", "uninitialized\n")
        write("zero", String(repeating: "0", count: 32) + "\n")
        #expect(MQTTClientID.machineID(paths: [dir + "/good"]) == "3d1219c7c4c5404aaa1f6d2a48adfda4")
        #expect(MQTTClientID.machineID(paths: [dir + "/missing", dir + "/bad", dir + "/zero", dir + "/good"]) == "3d1219c7c4c5404aaa1f6d2a48adfda4")
        #expect(MQTTClientID.machineID(paths: [dir + "/bad", dir + "/zero", dir]) == nil)   // a directory is no file
    }

    @Test func entityIdSlugsAreWhatHomeAssistantValidates() {
        #expect(HADiscovery.slug("Studio A-host_volume") == "studio_a_host_volume")
        #expect(HADiscovery.slug("__x--y__") == "x_y")
        #expect(HADiscovery.slug("---") == "panel")
    }
}
