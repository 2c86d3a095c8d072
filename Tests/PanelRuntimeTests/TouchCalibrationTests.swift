import PanelLayout
import Testing
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
import ControlWidgets

/// libinput's calibration convention (x' = a·x + b·y + c, y' = d·x + e·y + f on 0..1
/// coordinates), which-device-drives-which-connector, and the latency hand-over.
@Suite struct TouchCalibrationTests {
    /// The 90° clockwise matrix 0 -1 1 1 0 0 (libinput's documentation):
    /// x' = 0·0.2 − 1·0.3 + 1 = 0.7, y' = 1·0.2 + 0·0.3 + 0 = 0.2.
    /// Mirror X -1 0 1 0 1 0: (0.2, 0.3) → (0.8, 0.3). Identity keeps the point.
    /// Shrink 10 % around the centre 0.9 0 0.05 0 0.9 0.05: (0, 1) → (0.05, 0.95).
    @Test func matricesMapNormalisedPoints() throws {
        let rot = try #require(TouchCalibration(parsing: "0,-1,1,1,0,0"))
        let p = rot.apply(x: 0.2, y: 0.3)
        #expect(abs(p.x - 0.7) < 1e-12 && abs(p.y - 0.2) < 1e-12)
        let mirror = try #require(TouchCalibration(parsing: "-1 0 1 0 1 0"))   // udev writes spaces
        let m = mirror.apply(x: 0.2, y: 0.3)
        #expect(abs(m.x - 0.8) < 1e-12 && m.y == 0.3)
        #expect(TouchCalibration.identity.apply(x: 0.2, y: 0.3) == (0.2, 0.3))
        let shrink = try #require(TouchCalibration(matrix: [0.9, 0, 0.05, 0, 0.9, 0.05]))
        let s = shrink.apply(x: 0, y: 1)
        #expect(abs(s.x - 0.05) < 1e-12 && abs(s.y - 0.95) < 1e-12)
        #expect(mirror.description == "-1,0,1,0,1,0")
        #expect(TouchCalibration(parsing: "1,0,0,0,1,0")?.isIdentity == true)
    }

    /// Numbers are checked at the edge: six finite numbers within ±100.
    @Test func badMatricesAreRefused() {
        for text in ["", "1,0,0,0,1", "1,0,0,0,1,0,0", "1,0,0,0,1,x", "nan,0,0,0,1,0", "inf,0,0,0,1,0", "101,0,0,0,1,0", "1,,0,0,1,0"] {
            #expect(TouchCalibration(parsing: text) == nil, "\(text)")
        }
    }

    /// The layout's `calibration`: six numbers within ±100, in the panel; anything else is a
    /// checker error at its position.
    @Test func layoutCalibration() throws {
        func panel(_ cal: String) -> Result<Panel, LayoutErrors> {
            PanelLoader(kinds: WidgetCatalog.kinds).parse(#"{"panel":"C","size":[100,100],"calibration":\#(cal),"pages":[{"id":"p","widgets":[]}]}"#, file: "c.json")
        }
        #expect(try panel("[0, -1, 1, 1, 0, 0]").get().touchCalibration == [0, -1, 1, 1, 0, 0])
        for bad in ["[1, 0, 0, 0, 1]", "[1, 0, 0, 0, 1, 200]", "\"1,0,0,0,1,0\""] {
            guard case .failure = panel(bad) else { Issue.record("accepted \(bad)"); continue }
        }
    }

    /// `--touch-output`: explicit rules by name or node; one connector takes every device;
    /// with several, the size within 10 %; else the first connector.
    @Test func touchOutputMatching() throws {
        let map = try TouchOutputMap.parse("ILITEK ILITEK-TP=HDMI-A-2,/dev/input/event7=DSI-1").get()
        let outputs = [TouchOutputMap.Output(name: "HDMI-A-1", mmWidth: 520, mmHeight: 290),
                       TouchOutputMap.Output(name: "HDMI-A-2", mmWidth: 155, mmHeight: 86)]
        let ilitek = TouchOutputMap.Device(name: "ILITEK ILITEK-TP", path: "/dev/input/event3")
        #expect(map.output(for: ilitek, among: outputs) == "HDMI-A-2")
        // Mapped to a connector that is not shown: not read here.
        #expect(map.output(for: .init(name: "x", path: "/dev/input/event7"), among: outputs) == nil)
        #expect(map.unknownConnectors(among: outputs) == ["DSI-1"])
        // A 7" touch layer, 154 × 87 mm, matches the 155 × 86 mm screen, not the first one.
        let small = TouchOutputMap.Device(name: "Goodix", path: "/dev/input/event4", sizeMM: (154, 87))
        #expect(TouchOutputMap().output(for: small, among: outputs) == "HDMI-A-2")
        #expect(TouchOutputMap().output(for: .init(name: "Goodix", path: "e", sizeMM: (300, 200)), among: outputs) == "HDMI-A-1")
        #expect(TouchOutputMap().output(for: small, among: [outputs[0]]) == "HDMI-A-1")
        for bad in ["HDMI-A-1", "=HDMI-A-1", "dev=", "a=b,a=c", "a=b,"] {
            guard case .failure = TouchOutputMap.parse(bad) else { Issue.record("accepted \(bad)"); continue }
        }
    }

    /// Kernel times go to the frame that was queued after them, and only once; input that
    /// changed nothing is dropped.
    @Test func latencyProbeHandsTimesToTheirFlip() {
        let probe = InputLatencyProbe()
        probe.noteInput(kernelTimes: [1.0, 1.1])
        probe.frameQueued()
        probe.noteInput(kernelTimes: [1.2])          // arrives while the flip is pending
        #expect(probe.flipCompleted() == [1.0, 1.1])
        probe.frameQueued()
        #expect(probe.flipCompleted() == [1.2])
        probe.noteInput(kernelTimes: [2.0])
        probe.discardPending()
        probe.frameQueued()
        #expect(probe.flipCompleted().isEmpty)
    }

    /// A flip names when the panel read the first input it shows: not a later read of the
    /// same frame, not a read whose input changed nothing.
    @Test func latencyProbeKeepsWhenAFramesFirstInputWasRead() {
        let probe = InputLatencyProbe()
        probe.noteInput(kernelTimes: [0.9], readAt: 0.95)
        probe.discardPending()
        probe.noteInput(kernelTimes: [1.0], readAt: 1.02)
        probe.noteInput(kernelTimes: [1.1], readAt: 1.12)
        probe.frameQueued()
        probe.noteInput(kernelTimes: [1.2], readAt: 1.21)   // while the flip is pending
        #expect(probe.flipCompleted() == [1.0, 1.1])
        #expect(probe.shownRead == 1.02)
        probe.frameQueued()
        #expect(probe.flipCompleted() == [1.2])
        #expect(probe.shownRead == 1.21)
        probe.frameQueued()
        #expect(probe.flipCompleted().isEmpty)
        #expect(probe.shownRead == nil)
    }
}
