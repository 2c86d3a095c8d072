import Foundation
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

/// The rules of the display around VT switches (ConsoleDisplay, pure), and the screen power
/// they drive (DisplayPower with a fake DPMS and backlight). The VT ioctls and the real modeset
/// are proven in the VM (tests/vm/vt-background-scenario.sh).
@Suite struct ConsoleDisplayTests {
    typealias A = ConsoleDisplay.Action

    @Test func startedInTheBackgroundShowsNothingUntilTheSwitch() {
        var d = ConsoleDisplay(screens: 2, vtActive: false)
        #expect(d.phase == .background)
        #expect(d.start() == [.dropMaster])   // the open made us master: give it back at once
        #expect(!d.mayPresent(0) && !d.mayPresent(1))
        #expect(!d.restoresDisplayAtExit)   // SIGTERM now: the CRTC is the console's
        // Idle timers and commands only change the panel's state while the VT is not shown.
        #expect(d.screenChanged(to: .dim) == [])
        // The switch to our VT: master, the light for the state, every screen's mode with its frame.
        #expect(d.acquire(primary: .dim, blanks: true) == [.setMaster, .power(.dim), .modeset(0), .modeset(1)])
        #expect(d.phase == .onScreen && d.mayPresent(0) && d.mayPresent(1))
        #expect(d.restoresDisplayAtExit)
        // A second acquire (a signal that crossed our own check) changes nothing.
        #expect(d.acquire(primary: .on, blanks: true) == [])
    }

    @Test func startedOnScreenGoesThroughTheNormalStart() {
        var d = ConsoleDisplay(screens: 1, vtActive: true)
        #expect(d.start() == [])
        #expect(!d.mayPresent(0))   // until the start path has set the mode
        d.started(0)
        #expect(d.mayPresent(0))
        #expect(d.screenChanged(to: .off) == [.power(.off)])   // on screen: the light follows at once
        #expect(d.screenChanged(to: .on) == [.power(.on)])
    }

    @Test func awayTheConsoleHasTheLightAndTheDisplay() {
        var d = ConsoleDisplay(screens: 1, vtActive: true)
        d.started(0)
        // The light first (still master), then master goes, then the kernel may switch.
        #expect(d.release() == [.lightForConsole, .dropMaster, .allowRelease])
        #expect(d.phase == .away && !d.mayPresent(0) && !d.restoresDisplayAtExit)
        // The idle timer turns the screen off while tty2 shows: the console stays lit.
        #expect(d.screenChanged(to: .off) == [])
        // A release request while away (nothing of ours shown) is just let go.
        #expect(d.release() == [.allowRelease])
    }

    @Test func backWhileOffStaysDarkUntilWoken() {
        var d = ConsoleDisplay(screens: 1, vtActive: true)
        d.started(0)
        _ = d.release()
        // Back with the screen off and a way to switch it off (DPMS or a backlight): no mode,
        // no flip; DPMS off and the light at 0 instead.
        #expect(d.acquire(primary: .off, blanks: true) == [.setMaster, .power(.off)])
        #expect(d.phase == .onScreen && d.keptDark && !d.mayPresent(0))
        #expect(d.restoresDisplayAtExit)   // master is ours: SIGTERM restores the console's CRTC
        #expect(d.screenChanged(to: .off) == [.power(.off)])   // a `screen off` again: nothing new
        // The wake (touch, command): the picture first, then the light.
        #expect(d.screenChanged(to: .on) == [.modeset(0), .power(.on)])
        #expect(!d.keptDark && d.mayPresent(0))
        #expect(d.screenChanged(to: .dim) == [.power(.dim)])
    }

    @Test func wokenToDimAfterADarkReturnSetsTheModeToo() {
        var d = ConsoleDisplay(screens: 1, vtActive: true)
        d.started(0)
        _ = d.release()
        _ = d.acquire(primary: .off, blanks: true)
        #expect(d.screenChanged(to: .dim) == [.modeset(0), .power(.dim)])
    }

    @Test func backWhileOffWithoutDPMSOrBacklightShowsTheBlackFrame() {
        // Nothing can switch the screen off: the off state is a black frame, set with the mode.
        var d = ConsoleDisplay(screens: 1, vtActive: true)
        d.started(0)
        _ = d.release()
        #expect(d.acquire(primary: .off, blanks: false) == [.setMaster, .power(.off), .modeset(0)])
        #expect(!d.keptDark && d.mayPresent(0))
    }

    @Test func backDimmedKeepsTheDimLevel() {
        var d = ConsoleDisplay(screens: 1, vtActive: true)
        d.started(0)
        _ = d.release()
        #expect(d.acquire(primary: .dim, blanks: true) == [.setMaster, .power(.dim), .modeset(0)])
    }

    @Test func onlyThePrimaryScreenStaysDark() {
        // Screen power is the primary's; a second screen shows its own panel's frame again.
        var d = ConsoleDisplay(screens: 2, vtActive: true)
        d.started(0); d.started(1)
        _ = d.release()
        #expect(d.acquire(primary: .off, blanks: true) == [.setMaster, .power(.off), .modeset(1)])
        #expect(!d.mayPresent(0) && d.mayPresent(1))
        // Away again before the wake: the next return decides afresh.
        #expect(d.release() == [.lightForConsole, .dropMaster, .allowRelease])
        #expect(!d.keptDark)
        #expect(d.acquire(primary: .on, blanks: true) == [.setMaster, .power(.on), .modeset(0), .modeset(1)])
    }

    /// DisplayPower around a switch: the light goes back to what was found for the console,
    /// DPMS is left to the console's modeset (and counted as on), and set off again on return.
    @Test func displayPowerGivesTheConsoleItsLight() throws {
        let fs = try BacklightTests.FakeSysfs()
        try fs.addBacklight("panel", type: "raw", max: 255, brightness: 200)
        let dev = FakeKMSDevice.typical()
        let output = try KMSOutput(device: dev, connectorName: nil, modeRequest: .preferred)
        let power = DisplayPower(output: output, backlight: try Backlight(path: fs.root + "/sys/class/backlight/panel"))
        let dpms = { dev.calls.filter { $0.hasPrefix("dpms") } }
        power.apply(.off, brightness: 0)
        #expect(try fs.brightness("panel") == "0\n")
        #expect(dpms() == ["dpms 31 off"])
        power.releaseToConsole()
        #expect(try fs.brightness("panel") == "200\n")   // as found: the console is lit
        #expect(dpms() == ["dpms 31 off"])                // no DPMS call: the console's modeset does it
        power.apply(.off, brightness: 0)                  // back on our VT, still off
        #expect(dpms() == ["dpms 31 off", "dpms 31 off"])
        #expect(try fs.brightness("panel") == "0\n")
        power.apply(.dim, brightness: 0.3)                // 200 × 0.3 = 60
        #expect(try fs.brightness("panel") == "60\n")
        #expect(dpms() == ["dpms 31 off", "dpms 31 off", "dpms 31 on"])
        power.releaseToConsole()
        power.restore(dpms: false)                        // SIGTERM while away: the light only
        #expect(try fs.brightness("panel") == "200\n")
        #expect(dpms().count == 3)
        #expect(power.errors.isEmpty)
    }
}

// The fake device's DPMS (property 77, calls recorded): FakeKMSDevice.swift.
