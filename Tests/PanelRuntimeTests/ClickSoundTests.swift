import ControlWidgets
import PanelLayout
import Testing
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelHost

/// The click on press: its samples against the formula, and which presses ask for it (the
/// controller's hook; ALSA itself is tests/cli/click_sound.py, through ALSA's file output).
@Suite struct ClickSoundTests {
    /// s(i) = 0.8 · 32767 · volume · min(1, t / 0.3 ms) · e^(−max(0, t − 0.3 ms) / 1 ms) · sin(2π · 2800 · t),
    /// t = i / 48000. At volume 0.5: i = 3 (62.5 µs, still rising: 0.2083 of the envelope,
    /// sin 1.0996 = 0.8910) gives 2433.0; i = 14 (291.7 µs, sin 4.084 · …) −11641.1;
    /// i = 100 −1907.8; the loudest is i = 13, |s| = 11816 (0.36 of full scale).
    @Test func theTickIsTheDocumentedWaveform() {
        let s = ClickTick.samples(volume: 0.5)
        #expect(s.count == 288)
        #expect(s[0] == 0 && s[3] == 2433 && s[14] == -11641 && s[100] == -1908)
        #expect(s.map { abs(Int($0)) }.max() == 11816)
        #expect(ClickTick.samples(volume: 7) == ClickTick.samples(volume: 1))
        #expect(ClickTick.samples(volume: .nan).allSatisfy { $0 == 0 })
    }

    static func controller(sound: String) throws -> PanelController {
        let text = """
        {"panel":"p","size":[400,300],\(sound)"pages":[{"id":"a","widgets":[
         {"id":"b","type":"button","title":"Go","frame":[0,0,200,100]},
         {"id":"l","type":"label","text":"Hi","frame":[0,150,200,100]},
         {"id":"k","type":"knob","mode":"continuous","frame":[220,20,160,160]}
        ]}]}
        """
        return try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get(), screenWidth: 400, screenHeight: 300)
    }

    /// A press of a control clicks once (a button, a knob); a label, the lift, a drag, a
    /// control disabled by `style` do not; without `sound` nothing asks.
    @Test func pressesOfControlsClick() throws {
        let c = try Self.controller(sound: #""sound":{"click":true},"#)
        #expect(c.scene.panel.sound == SoundSettings(click: true, device: "default", volume: 0.5))
        var clicks = 0
        c.onControlPress = { clicks += 1 }
        func tap(_ x: Double, _ y: Double, _ t: Double) {
            c.deliver(.touchDown(id: 1, x: x, y: y), at: t)
            c.deliver(.touchMotion(id: 1, x: x + 3, y: y), at: t + 0.02)
            c.deliver(.touchUp(id: 1), at: t + 0.05)
        }
        tap(100, 50, 0.1)
        #expect(clicks == 1)
        tap(300, 60, 0.5)
        #expect(clicks == 2)
        tap(100, 200, 0.9)   // the label
        #expect(clicks == 2)
        c.execute(commandLine: #"{"command":"style","widget":"b","enabled":false}"#, at: 1.2)
        tap(100, 50, 1.3)
        #expect(clicks == 2)
        c.deliver(.pointerMotion(x: 300, y: 60), at: 1.6)
        c.deliver(.button(.left, pressed: true), at: 1.7)
        c.deliver(.button(.left, pressed: false), at: 1.8)
        #expect(clicks == 3)

        let silent = try Self.controller(sound: "")
        var none = 0
        silent.onControlPress = { none += 1 }
        silent.deliver(.touchDown(id: 1, x: 100, y: 50), at: 0.1)
        #expect(none == 0)
    }

    /// The page menu's button (drawn in a corner when there are pages to choose) is a button:
    /// its press ticks, as a control's does, though it takes no focus.
    @Test func thePageMenuButtonClicks() throws {
        let text = """
        {"panel":"p","size":[400,300],"sound":{"click":true},"pages":[
         {"id":"a","widgets":[{"id":"l","type":"label","text":"Hi","frame":[100,150,200,100]}]},
         {"id":"b","widgets":[]}]}
        """
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get(), screenWidth: 400, screenHeight: 300)
        var clicks = 0
        c.onControlPress = { clicks += 1 }
        // The button: 48 square, 12 from the top-left corner.
        c.deliver(.touchDown(id: 1, x: 36, y: 36), at: 0.1)
        c.deliver(.touchUp(id: 1), at: 0.15)
        #expect(clicks == 1)
        c.deliver(.touchDown(id: 1, x: 200, y: 200), at: 0.5)   // the label
        #expect(clicks == 1)
    }

    /// The sound object is checked like any other: an unknown key with "did you mean", a
    /// volume out of 0…1, positioned.
    @Test func theSoundObjectIsChecked() {
        func errors(_ sound: String) -> [String] {
            let text = #"{"panel":"p","size":[400,300],"sound":"# + sound + #","pages":[{"id":"a","widgets":[]}]}"#
            switch PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json") {
            case .success: return []
            case .failure(let e): return e.diagnostics.filter { !$0.isWarning }.map(\.description)
            }
        }
        #expect(errors(#"{"click":true,"device":"plughw:1,0","volume":0.2}"#) == [])
        #expect(errors(#"{"clik":true}"#).first?.contains("did you mean 'click'") == true, "\(errors(#"{"clik":true}"#))")
        #expect(errors(#"{"volume":2}"#).first?.hasPrefix("p.json:1:49: error:") == true, "\(errors(#"{"volume":2}"#))")
        #expect(errors(#"{"device":""}"#).count == 1)
    }

    /// The `dial` command's number reaches the dial's keypad with source program; once the
    /// keypad has nine integer digits a further one changes nothing.
    @Test func aDialCommandTypesIntoTheKeypad() throws {
        let text = """
        {"panel":"p","size":[600,300],"pages":[{"id":"a","widgets":[
         {"id":"phone","type":"knob","mode":"rotaryDial","target":"pad","frame":[0,0,260,260]},
         {"id":"pad","type":"keypad","decimals":0,"frame":[300,0,260,300]}
        ]}]}
        """
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get(), screenWidth: 600, screenHeight: 300)
        let lines = StyleCommandTests.Lines()
        c.emit = { lines.all.append($0) }
        c.execute(commandLine: #"{"command":"dial","widget":"phone","number":7}"#, at: 0)
        #expect(lines.all.contains(#"{"t":0,"widget":"pad","event":"entryChanged","entry":"7","source":"program"}"#), "\(lines.all)")
        // Queued dials start one after another as the dial comes back; each types its digit.
        for d in [1, 2, 3, 4, 5, 6, 7, 8, 9] { c.execute(commandLine: #"{"command":"dial","widget":"phone","number":\#(d)}"#, at: 0.1) }
        var t = 0.1
        while t < 40 { t += 0.05; c.advance(to: t) }
        #expect(c.scene.widget(id: "pad")?.snapshot()?["entry"] == .string("712345678"))
        #expect(lines.all.filter { $0.contains(#""event":"dialed""#) }.count == 10)
        #expect(lines.all.filter { $0.contains(#""widget":"pad","event":"entryChanged""#) }.count == 9)
    }
}
