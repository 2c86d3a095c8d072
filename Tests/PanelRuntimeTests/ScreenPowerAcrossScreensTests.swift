import ControlWidgets
import Foundation
import Graphics
import PanelLayout
import Testing
import PanelTesting
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

/// Screen power with two screens (issue 12): one state for both (the primary's rules), each
/// connector dimmed and switched off by its own means, input on either screen waking both.
/// Panel: grey #808080 background, dims after 1 s to 0.5, off after 2 s. Virtual-1 (id 31,
/// the primary) has DPMS and no backlight: dim darkens its frame (128 × 0.5 = 64), off is
/// DPMS. Virtual-2 (id 32) has a backlight found at 80: dim writes 40, off 0, and its frame
/// stays 128; it has no DPMS.
@Suite struct ScreenPowerAcrossScreensTests {
    static let panelText = """
    { "panel": "P", "size": [400, 300], "screen": {"dimAfter": 1, "dimLevel": 0.5, "offAfter": 2},
      "theme": {"background": "#808080"},
      "pages": [ { "id": "p", "widgets": [
      { "id": "k", "type": "knob", "frame": [100, 50, 200, 200], "mode": "continuous" } ] } ] }
    """
    /// Another panel for Virtual-2 (`--output Virtual-2=other.json`), with other screen rules
    /// that the group does not use.
    static let otherText = """
    { "panel": "O", "size": [400, 300], "screen": {"dimAfter": 100},
      "theme": {"background": "#808080"},
      "pages": [ { "id": "q", "widgets": [
      { "id": "o", "type": "knob", "frame": [100, 50, 200, 200], "mode": "continuous" } ] } ] }
    """

    static func bench(mirrored: Bool, fs: BacklightTests.FakeSysfs) throws -> (TwoScreenBench, Box) {
        try fs.addBacklight("second", type: "raw", max: 100, brightness: 80)
        let light = try Backlight(path: fs.root + "/sys/class/backlight/second")
        let bench = try TwoScreenBench(panelText, modes: [(400, 300, 60), (400, 300, 60)], secondPanel: mirrored ? nil : otherText,
                                       dpms: [31], backlights: [nil, light])
        let box = Box()
        bench.primary.eventSink = box
        if !mirrored { bench.second.eventSink = bench.primary.eventSink }   // as run wires a NAME=PANEL screen
        return (bench, box)
    }

    final class Box: PanelEventSink {
        var events: [String] = []
        func deliver(_ event: PanelEvent) { events.append(event.line) }
    }
    static func screenEvents(_ b: Box) -> [String] { b.events.filter { $0.contains("\"event\":\"screen\"") } }
    static func dpms(_ bench: TwoScreenBench) -> [String] { bench.dev.calls.filter { $0.hasPrefix("dpms") } }

    @Test(arguments: [true, false])
    func bothScreensDimAndGoOffTogetherEachByItsOwnMeans(mirrored: Bool) throws {
        let fs = try BacklightTests.FakeSysfs()
        let (bench, box) = try Self.bench(mirrored: mirrored, fs: fs)
        #expect(bench.primary.screenSettings.dimAfter == 1 && bench.second.screenSettings.dimAfter == 1)   // the primary's rules

        bench.primary.advance(to: 1.5)
        try bench.loopTurn(at: 1.5)
        #expect(bench.primary.screenState == .dim && bench.second.screenState == .dim)
        #expect(try fs.brightness("second") == "40\n")
        try bench.frame(0, at: 1.5)
        try bench.frame(1, at: 1.5)
        #expect(TwoScreenBench.near(bench.scanout(0, x: 5, y: 5), 64, 64, 64, tolerance: 1))    // darkened frame
        #expect(TwoScreenBench.near(bench.scanout(1, x: 5, y: 5), 128, 128, 128, tolerance: 1)) // the light is dimmed

        bench.second.advance(to: 2.5)   // either screen's turn applies the timers to both
        try bench.loopTurn(at: 2.5)
        #expect(bench.primary.screenState == .off && bench.second.screenState == .off)
        #expect(Self.dpms(bench) == ["dpms 31 off"])
        #expect(try fs.brightness("second") == "0\n")
        // Both blank by hardware: no frame on either, and no wake-up until input.
        for i in 0..<2 {
            #expect(!bench.screens[i].controller.wantsFrame(at: 2.5))
            #expect(try bench.frame(i, at: 2.5) == false)
            #expect(bench.screens[i].controller.nextScreenChange == nil)
        }
        // One event per change, from the primary.
        #expect(Self.screenEvents(box).count == 2)
        #expect(Self.screenEvents(box)[0].contains(#""state":"dim","cause":"idle""#))
        #expect(Self.screenEvents(box)[1].contains(#""state":"off","cause":"idle""#))
    }

    /// A touch on either screen wakes both (and is swallowed there). With `--output all` the
    /// mirror's touch devices feed the primary; with NAME=PANEL the second panel gets its own.
    @Test(arguments: [true, false])
    func aTouchOnEitherScreenWakesBoth(mirrored: Bool) throws {
        let fs = try BacklightTests.FakeSysfs()
        let (bench, box) = try Self.bench(mirrored: mirrored, fs: fs)
        let toucher = mirrored ? bench.primary : bench.second
        bench.primary.advance(to: 3)
        try bench.loopTurn(at: 3)
        #expect(bench.second.screenState == .off)
        toucher.deliver(.touchDown(id: 0, x: 200, y: 150), at: 3)
        toucher.deliver(.touchUp(id: 0), at: 3.1)
        try bench.loopTurn(at: 3.1)
        #expect(bench.primary.screenState == .on && bench.second.screenState == .on)
        #expect(Self.dpms(bench) == ["dpms 31 off", "dpms 31 on"])
        #expect(try fs.brightness("second") == "80\n")
        #expect(Self.screenEvents(box).last?.contains(#""state":"on","cause":"input""#) == true)
        #expect(!box.events.contains { $0.contains("trackingBegan") })   // the waking touch is swallowed
        // Both wake with a frame, and both timers count from that touch (its lift at 3.1 keeps
        // the screen awake too): dim again at 4.1.
        #expect(bench.primary.wantsFrame(at: 3.1) && bench.second.wantsFrame(at: 3.1))
        #expect(bench.primary.nextScreenChange == 4.1 && bench.second.nextScreenChange == 4.1)
    }

    /// Input on the second panel keeps the first awake too (one set of idle timers).
    @Test func inputOnTheOtherPanelRestartsTheTimersOfBoth() throws {
        let fs = try BacklightTests.FakeSysfs()
        let (bench, _) = try Self.bench(mirrored: false, fs: fs)
        bench.second.deliver(.touchDown(id: 0, x: 200, y: 150), at: 0.8)
        bench.second.deliver(.touchUp(id: 0), at: 0.9)
        bench.primary.advance(to: 1.5)
        #expect(bench.primary.screenState == .on)
        #expect(bench.primary.nextScreenChange == 1.9)
        bench.primary.advance(to: 2)
        #expect(bench.primary.screenState == .dim && bench.second.screenState == .dim)
    }

    /// Each screen's touches are its own: the waking finger on Virtual-2 (touch 0 there) is
    /// swallowed whole, while touch 0 on Virtual-1, going down after the wake, turns its knob.
    @Test func touchIdsOfTheTwoScreensAreKeptApart() throws {
        let fs = try BacklightTests.FakeSysfs()
        let (bench, box) = try Self.bench(mirrored: false, fs: fs)
        bench.primary.advance(to: 3)
        bench.second.deliver(.touchDown(id: 0, x: 200, y: 150), at: 3)      // wakes, swallowed
        bench.primary.deliver(.touchDown(id: 0, x: 200, y: 60), at: 3.1)    // on now: delivered
        bench.second.deliver(.touchUp(id: 0), at: 3.2)                      // the waking finger lifts
        bench.primary.deliver(.touchMotion(id: 0, x: 120, y: 150), at: 3.3)
        bench.primary.deliver(.touchUp(id: 0), at: 3.4)
        let tracking = box.events.filter { $0.contains("tracking") }
        #expect(tracking.count == 2 && tracking.allSatisfy { $0.contains(#""widget":"k""#) })
        #expect(box.events.contains { $0.contains(#""widget":"k","event":"valueChanged""#) })
        #expect(!box.events.contains { $0.contains(#""widget":"o""#) })
    }

    /// A display plugged in again while the screens are off: the mode set lit it, so the off
    /// state is written to its connector again.
    @Test func aModeSetWhileOffSwitchesTheConnectorOffAgain() throws {
        let dev = FakeKMSDevice.typical()
        dev.dpmsConnectors = [31]
        let output = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        let power = DisplayPower(output: output, backlight: nil)
        power.apply(.off, brightness: 0)
        power.apply(.off, brightness: 0)   // unchanged: not written again
        power.modeWasSet(state: .off, brightness: 0)
        #expect(dev.calls.filter { $0.hasPrefix("dpms") } == ["dpms 31 off", "dpms 31 off"])
    }
}
