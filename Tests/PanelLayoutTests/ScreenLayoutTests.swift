import Testing
@testable import PanelLayout

/// The `screen` object: defaults that change nothing, null for never, checked bounds.
@Suite struct ScreenLayoutTests {
    @Test func absentScreenNeverDims() throws {
        let p = try #require(panel(#"{"panel": "S", "size": [800, 480], "pages": [{"id": "a"}]}"#))
        #expect(p.screen == ScreenSettings())
        #expect(p.screen.dimAfter == nil && p.screen.offAfter == nil && p.screen.wakeOnTouch && p.screen.dimLevel == 0.3)
    }

    @Test func screenRulesLoad() throws {
        let p = try #require(panel("""
        {"panel": "S", "size": [800, 480], "screen": {"dimAfter": 60, "dimLevel": 0.25, "offAfter": null, "wakeOnTouch": false},
         "pages": [{"id": "a"}]}
        """))
        #expect(p.screen == ScreenSettings(dimAfter: 60, dimLevel: 0.25, offAfter: nil, wakeOnTouch: false))
    }

    @Test func screenErrors() {
        let d = diagnostics("""
        {"panel": "S", "size": [800, 480], "pages": [{"id": "a"}],
        "screen": {"dimAfter": "60", "offAfter": 0, "dimLevel": 1.5, "wake": true}}
        """).map(\.description)
        #expect(d.contains { $0.contains("t.json:2:24: error: 'dimAfter': expected a number or null, found a string") })
        #expect(d.contains { $0.contains("2:42: error: 'offAfter': 0 is out of range") })
        #expect(d.contains { $0.contains("'dimLevel': 1.5 is out of range") })
        #expect(d.contains { $0.contains("unknown key 'wake' in screen") })
    }

    @Test func brightnessAndPresenceLoad() throws {
        let p = try #require(panel("""
        {"panel": "S", "size": [800, 480], "pages": [{"id": "a"}], "screen": {
         "brightness": {"schedule": [{"from": "06:30", "level": 1}, {"from": "22:00", "level": 0.3}], "ambient": {"sensor": "tsl2591", "brightLux": 500}, "min": 0.1},
         "presence": {"topic": "z2m/hall", "path": "occupancy"}}}
        """))
        #expect(p.screen.brightness == BrightnessSpec(schedule: [.init(from: 23_400, level: 1), .init(from: 79_200, level: 0.3)],
                                                      ambient: .init(sensor: "tsl2591", darkLux: 1, brightLux: 500), min: 0.1, max: 1))
        #expect(p.screen.presence == PresenceSpec(topic: "z2m/hall", path: ["occupancy"]))
    }

    /// Each mistake at its value, with the line and column of the file.
    @Test func brightnessAndPresenceErrorsArePositioned() {
        let d = diagnostics("""
        {"panel": "S", "size": [800, 480], "pages": [{"id": "a", "widgets": [{"id": "screen", "type": "label", "frame": [0, 0, 10, 10], "text": "x"}]}], "screen": {
        "brightness": {"schedule": [{"from": "7:00", "level": 1}, {"from": "22:00", "level": 0.3}, {"from": "21:00", "level": 0.5}], "min": 0.5, "max": 0.4,
        "ambient": {"darkLux": 100, "brightLux": 50, "sensr": "x"}},
        "presence": {"topic": "home/+/motion", "path": "a..b", "on": "yes", "off": "YES"}}}
        """).map(\.description)
        #expect(d.contains { $0.contains("t.json:1:77: error: widget id 'screen' is reserved") }, "\(d)")
        #expect(d.contains { $0.contains("t.json:2:38: error: 'from': '7:00' is not a time of day") }, "\(d)")
        #expect(d.contains { $0.contains("t.json:2:101: error: 'from': '21:00' comes after '22:00'") }, "\(d)")
        #expect(d.contains { $0.contains("t.json:2:145: error: 'max' 0.4 is below 'min' 0.5") }, "\(d)")
        #expect(d.contains { $0.contains("t.json:3:42: error: 'brightLux' 50 must be above 'darkLux' 100") }, "\(d)")
        #expect(d.contains { $0.contains("unknown key 'sensr' in ambient (did you mean 'sensor'?)") }, "\(d)")
        #expect(d.contains { $0.contains("t.json:4:23: error: 'presence' 'topic': 'home/+/motion' has a wildcard") }, "\(d)")
        #expect(d.contains { $0.contains("'presence' 'path': 'a..b' has an empty part") }, "\(d)")
        #expect(d.contains { $0.contains("'presence' 'off' is the same payload as 'on'") }, "\(d)")
    }
}
