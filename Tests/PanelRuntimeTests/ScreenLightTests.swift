import ControlWidgets
import PanelLayout
import PanelSystem
import Testing
@testable import PanelProtocol
@testable import PanelCore

/// The screen's level (issue 27, "The idle screen and the light"): the ambient curve, its
/// smoothing and hysteresis, the schedule, the `screen` command's `brightness`, presence.
@Suite struct ScreenLightTests {
    static let ambient = BrightnessSpec.AmbientSpec(sensor: "auto", darkLux: 1, brightLux: 1000)
    static let spec = BrightnessSpec(schedule: [.init(from: 7 * 3600, level: 1), .init(from: 22 * 3600, level: 0.3)],
                                     ambient: ambient, min: 0.05, max: 1)

    /// level = min + (max − min) · (log10 lux − log10 darkLux) / (log10 brightLux − log10 darkLux):
    /// with 1 … 1000 lux the fraction is log10(lux) / 3. 10^1.5 lux → ½ → 0.05 + 0.475 = 0.525;
    /// 10 lux → ⅓ → 0.05 + 0.95/3 = 0.366…; under 1 lux → min; over 1000 → max.
    @Test func theCurveFollowsTheLogarithmOfTheIlluminance() {
        let c = { (lux: Double) in AutomaticBrightness.curve(lux: lux, Self.ambient, min: 0.05, max: 1) }
        #expect(abs(c(31.622_776_6) - 0.525) < 1e-9)
        #expect(abs(c(10) - (0.05 + 0.95 / 3)) < 1e-9)
        #expect(c(1) == 0.05 && c(0.5) == 0.05 && c(0) == 0.05)
        #expect(c(1000) == 1 && c(5000) == 1)
    }

    /// Readings move the smoothed log10 lux half way: 10 lux (log 1) first, then 1000 (log 3)
    /// gives log 2 → ⅔ → 0.05 + 0.95·⅔ = 0.6833…, then log 2.5 → ⅚ → 0.8416…. From 10 lux,
    /// 11 lux moves the log by ½·log10(1.1) = 0.0207 and the level by 0.95·0.0207/3 = 0.0066,
    /// under the hysteresis of 0.05: the level stays.
    @Test func readingsAreSmoothedAndSmallChangesWait() {
        var a = AutomaticBrightness(spec: Self.spec)
        let r1 = a.reading(lux: 10)
        #expect(r1)
        #expect(abs(a.ambientLevel! - (0.05 + 0.95 / 3)) < 1e-9)
        let r2 = a.reading(lux: 11)
        #expect(!r2)
        #expect(abs(a.ambientLevel! - (0.05 + 0.95 / 3)) < 1e-9)
        var b = AutomaticBrightness(spec: Self.spec)
        _ = b.reading(lux: 10)
        let r3 = b.reading(lux: 1000)
        #expect(r3)
        #expect(abs(b.ambientLevel! - (0.05 + 0.95 * 2 / 3)) < 1e-9)
        let r4 = b.reading(lux: 1000)
        #expect(r4)
        #expect(abs(b.ambientLevel! - (0.05 + 0.95 * 5 / 6)) < 1e-9)
        // The smoothed value creeps towards 3 (log 2.75, 2.875, …): each step under 0.05 waits,
        // and the level reaches max only once the curve does.
        var steps = 0
        while b.ambientLevel! < 1, steps < 60 { _ = b.reading(lux: 5000); steps += 1 }
        #expect(b.ambientLevel == 1)
    }

    /// 07:00 → 1, 22:00 → 0.3: 06:00 is still last night's 0.3 (the last entry wraps), noon 1,
    /// 23:00 0.3. From noon the next entry is 10 h away; from 23:00 it is 8 h (07:00 next day).
    /// With the sensor too the lower level wins: at noon with 1000 lux in the room… 1; at 23:00
    /// 0.3 even in a bright room; at noon in a dark room the sensor's min.
    @Test func theScheduleHoldsUntilItsNextEntryAndTheLowerLevelWins() {
        var a = AutomaticBrightness(spec: Self.spec)
        #expect(a.scheduled(at: 6 * 3600) == 0.3 && a.scheduled(at: 12 * 3600) == 1 && a.scheduled(at: 23 * 3600) == 0.3)
        #expect(a.secondsUntilNextEntry(from: 43_200) == 36_000.0)
        #expect(a.secondsUntilNextEntry(from: 82_800) == 28_800.0)
        #expect(a.level(at: 12 * 3600) == 1)   // no reading yet: the schedule alone
        _ = a.reading(lux: 1000)
        #expect(a.level(at: 12 * 3600) == 1 && a.level(at: 23 * 3600) == 0.3)
        var dark = AutomaticBrightness(spec: Self.spec)
        _ = dark.reading(lux: 0.2)
        #expect(dark.level(at: 12 * 3600) == 0.05)
        #expect(AutomaticBrightness().level(at: 0) == 1)
    }

    // MARK: the controller

    final class Light: ScreenLight {
        var seen: [(ScreenState, Double)] = []
        func screenChanged(to state: ScreenState, brightness: Double) { seen.append((state, brightness)) }
    }

    static func controller(screen: String, at localTime: Double = 6.5 * 3600) throws -> (PanelController, Light, Box) {
        let text = #"{"panel":"S","size":[200,100],"screen":"# + screen + #","pages":[{"id":"p","widgets":[{"id":"k","type":"knob","frame":[50,0,100,100]}]},{"id":"clock","widgets":[]}]}"#
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "s.json").get()
        // Local midnight of some day, in the system's zone, plus `localTime`.
        let u = 1_780_000_000.0
        let midnight = u - WallClock.localSecondsOfDay(unixTime: u)
        let c = try PanelController(panel: panel, screenWidth: 200, screenHeight: 100, wallClock: WallClock(unixTimeAtZero: midnight + localTime))
        let light = Light()
        c.screenLight = light
        let box = Box()
        c.emit = { box.lines.append($0) }
        return (c, light, box)
    }

    final class Box { var lines: [String] = [] }

    /// The schedule at 06:30: 0.3 from the start, 1 at 07:00 (the loop's next wake-up), each
    /// change told to the light and announced as a `brightness` event. Dimmed at night the
    /// screen is never brighter than on: min(dimLevel 0.5, 0.3).
    @Test func theScheduleSetsTheLevelAndWakesTheLoopAtItsNextEntry() throws {
        let (c, light, box) = try Self.controller(screen: #"{"dimAfter":3600,"dimLevel":0.5,"brightness":{"schedule":[{"from":"07:00","level":1},{"from":"22:00","level":0.3}]}}"#)
        c.advance(to: 0)
        #expect(c.screenBrightness == 0.3)
        #expect(light.seen.last! == (.on, 0.3))
        #expect(box.lines.last == #"{"t":0,"event":"brightness","level":0.3,"brightness":0.3,"cause":"schedule"}"#)
        #expect(c.nextScreenChange == 1800)
        c.advance(to: 1800)
        #expect(c.screenBrightness == 1 && light.seen.last! == (.on, 1))
        let (night, nightLight, _) = try Self.controller(screen: #"{"dimAfter":10,"dimLevel":0.5,"brightness":{"schedule":[{"from":"07:00","level":1},{"from":"22:00","level":0.3}]}}"#)
        night.advance(to: 0)
        night.advance(to: 10)
        #expect(night.screenState == .dim && nightLight.seen.last! == (.dim, 0.3))
    }

    /// `brightness` in the `screen` command sets the level by hand (reply, event); it holds
    /// until the screen turns off, then the automatic level is back.
    @Test func aLevelSetByHandHoldsUntilTheScreenTurnsOff() throws {
        let (c, light, box) = try Self.controller(screen: #"{"offAfter":100}"#)
        c.advance(to: 0)
        c.execute(commandLine: #"{"command":"screen","brightness":0.4,"request_id":1}"#, at: 1)
        #expect(box.lines.suffix(2) == [#"{"request_id":1,"ok":true,"data":{"state":"on","brightness":0.4}}"#,
                                        #"{"t":1,"event":"brightness","level":0.4,"brightness":0.4,"cause":"command"}"#])
        #expect(light.seen.last! == (.on, 0.4))
        c.advance(to: 101)
        #expect(c.screenState == .off && light.seen.last! == (.off, 0))
        c.deliver(.key("a", pressed: true), at: 110)
        #expect(c.screenState == .on && light.seen.last! == (.on, 1))
        c.execute(commandLine: #"{"command":"screen","brightness":0}"#, at: 111)
        #expect(box.lines.last?.contains("'brightness' must be a number from 0.01 to 1") == true)
        c.execute(commandLine: #"{"command":"screen","state":"off","brightness":0.5}"#, at: 111)
        #expect(box.lines.last?.contains("cannot come with state 'off'") == true)
    }

    /// Someone there wakes the screen (cause presence) and holds the idle timers; nobody there
    /// lets them count again from then: dim 10 s and off 20 s after the "off" at 100.
    @Test func presenceKeepsTheScreenOnAndThenTheTimersCountAgain() throws {
        let (c, _, box) = try Self.controller(screen: #"{"dimAfter":10,"offAfter":20,"presence":{"topic":"home/hall/occupancy","path":"occupancy"}}"#)
        c.advance(to: 0)
        #expect(c.presenceTopic == "home/hall/occupancy")
        c.advance(to: 25)
        #expect(c.screenState == .off)
        #expect(c.receivePresence(payload: Array(#"{"occupancy":true}"#.utf8), at: 30) == nil)
        #expect(c.screenState == .on && box.lines.last == #"{"t":30,"event":"screen","state":"on","cause":"presence"}"#)
        #expect(c.nextScreenChange == nil)
        c.advance(to: 100)
        #expect(c.screenState == .on)
        c.receivePresence(payload: Array(#"{"occupancy":false}"#.utf8), at: 100)
        #expect(c.nextScreenChange == 110)
        c.advance(to: 120)
        #expect(c.screenState == .off)
        #expect(c.receivePresence(payload: Array("maybe".utf8), at: 121) != nil)
        // Given payloads: "detected" / "clear".
        let (d, _, _) = try Self.controller(screen: #"{"offAfter":5,"presence":{"topic":"t","on":"detected","off":"clear"}}"#)
        d.advance(to: 10)
        #expect(d.receivePresence(payload: Array("Detected".utf8), at: 10) == nil && d.screenState == .on)
        #expect(d.receivePresence(payload: Array("on".utf8), at: 11) != nil)
        #expect(d.receivePresence(payload: Array("clear".utf8), at: 12) == nil && d.nextScreenChange == 17)
    }
}
