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

/// The screen-power state machine on the virtual clock: idle timers, waking, the swallowed
/// wake-up gesture, and commands.
@Suite struct ScreenPowerTests {
    static let wall = ScreenSettings(dimAfter: 60, dimLevel: 0.3, offAfter: 300, wakeOnTouch: true)

    /// Defaults: never dims, never blanks; every input passes.
    @Test func defaultsChangeNothing() {
        var power = ScreenPower(settings: ScreenSettings())
        #expect(!power.hasTimers)
        #expect(power.nextChange == nil)
        #expect(power.advance(to: 1e6).isEmpty)
        #expect(power.state == .on)
        #expect(power.filter(.touchDown(id: 0, x: 1, y: 1), at: 1e6).deliver)
        #expect(power.brightness == 1)
    }

    /// No input from t = 0: dim at 0 + 60, off at 0 + 300, each reported at its own time even
    /// when one advance covers both.
    @Test func idleTimersDimThenBlank() {
        var power = ScreenPower(settings: Self.wall)
        #expect(power.nextChange == 60)
        #expect(power.advance(to: 59.99).isEmpty)
        #expect(power.advance(to: 60) == [ScreenChange(time: 60, state: .dim, cause: .idle)])
        #expect(power.brightness == 0.3)
        #expect(power.nextChange == 300)
        #expect(power.advance(to: 1000) == [ScreenChange(time: 300, state: .off, cause: .idle)])
        #expect(power.nextChange == nil)

        var late = ScreenPower(settings: Self.wall)
        #expect(late.advance(to: 400).map(\.time) == [60, 300])
        #expect(late.state == .off)
    }

    /// A display run holds the timers until the first frame is on screen: nothing happens
    /// before it however long the start takes; shown at 7, the screen dims at 7 + 60 = 67
    /// and goes off at 7 + 300 = 307. Shown again later changes nothing.
    @Test func timersWaitForTheFirstFrameOnScreen() {
        var power = ScreenPower(settings: Self.wall)
        power.holdTimersUntilShown()
        #expect(power.nextChange == nil)
        #expect(power.advance(to: 400).isEmpty)
        #expect(power.state == .on)
        power.shown(at: 7)
        #expect(power.nextChange == 67)
        #expect(power.advance(to: 1000).map(\.time) == [67, 307])
        power.shown(at: 2000)
        #expect(power.nextChange == nil)
        #expect(power.state == .off)
    }

    /// Input restarts the timers: a touch at 50 moves dim to 50 + 60 = 110 and off to 350.
    @Test func inputRestartsTheTimers() {
        var power = ScreenPower(settings: Self.wall)
        #expect(power.filter(.touchDown(id: 0, x: 1, y: 1), at: 40).deliver)
        #expect(power.filter(.touchUp(id: 0), at: 50).deliver)
        #expect(power.advance(to: 100).isEmpty)
        #expect(power.nextChange == 110)
        #expect(power.advance(to: 400).map(\.time) == [110, 350])
    }

    /// offAfter at or before dimAfter: straight to off, no dim.
    @Test func offBeforeDimSkipsDim() {
        var power = ScreenPower(settings: ScreenSettings(dimAfter: 120, offAfter: 90))
        #expect(power.advance(to: 200) == [ScreenChange(time: 90, state: .off, cause: .idle)])
        var onlyDim = ScreenPower(settings: ScreenSettings(dimAfter: 5))
        #expect(onlyDim.advance(to: 1e5).map(\.state) == [.dim])
    }

    /// The touch that wakes a dark screen is swallowed from down to up; the next touch works.
    @Test func wakingTouchIsSwallowedWholly() {
        var power = ScreenPower(settings: Self.wall)
        _ = power.advance(to: 300)
        #expect(power.state == .off)
        let down = power.filter(.touchDown(id: 3, x: 10, y: 10), at: 310)
        #expect(!down.deliver)
        #expect(down.change == ScreenChange(time: 310, state: .on, cause: .input))
        #expect(!power.filter(.touchMotion(id: 3, x: 20, y: 10), at: 310.1).deliver)
        #expect(!power.filter(.touchUp(id: 3), at: 310.2).deliver)
        // After that, input works normally, and the timers count from the waking gesture's end.
        #expect(power.filter(.touchDown(id: 3, x: 10, y: 10), at: 311).deliver)
        #expect(power.filter(.touchUp(id: 3), at: 311.5).deliver)
        #expect(power.nextChange == 371.5)
    }

    /// Waking from dim swallows too (the panel shows, but darkly: a stray touch must not act).
    @Test func wakingFromDimIsSwallowed() {
        var power = ScreenPower(settings: Self.wall)
        _ = power.advance(to: 61)
        let press = power.filter(.button(.left, pressed: true), at: 62)
        #expect(!press.deliver && press.change?.state == .on)
        #expect(!power.filter(.button(.left, pressed: false), at: 62.1).deliver)
        #expect(power.filter(.button(.left, pressed: true), at: 63).deliver)
        #expect(power.filter(.button(.left, pressed: false), at: 63.1).deliver)
    }

    /// Keys and wheel detents wake (the one that wakes is swallowed, and a key's release).
    @Test func keysAndWheelWake() {
        var power = ScreenPower(settings: Self.wall)
        _ = power.advance(to: 400)
        let key = power.filter(.key("Right", pressed: true), at: 400)
        #expect(!key.deliver && key.change?.state == .on)
        #expect(!power.filter(.key("Right", pressed: false), at: 400.1).deliver)
        #expect(power.filter(.key("Right", pressed: true), at: 400.2).deliver)
        _ = power.advance(to: 1000)
        #expect(!power.filter(.wheel(delta: 1), at: 1000).deliver)
        #expect(power.state == .on)
        #expect(power.filter(.wheel(delta: 1), at: 1000.05).deliver)
    }

    /// Pointer motion passes (it places the pointer) but never wakes, so a tablet's move
    /// followed by its click wakes on the click, which is swallowed.
    @Test func pointerMotionDoesNotWake() {
        var power = ScreenPower(settings: Self.wall)
        _ = power.advance(to: 400)
        let move = power.filter(.pointerMotion(x: 5, y: 5), at: 401)
        #expect(move.deliver && move.change == nil)
        #expect(power.state == .off)
        #expect(!power.filter(.button(.left, pressed: true), at: 401).deliver)
        #expect(power.state == .on)
    }

    /// wakeOnTouch false: touches on a dark screen are swallowed and wake nothing; a key does.
    @Test func touchesDoNotWakeWithoutWakeOnTouch() {
        var settings = Self.wall
        settings.wakeOnTouch = false
        var power = ScreenPower(settings: settings)
        _ = power.advance(to: 400)
        let down = power.filter(.touchDown(id: 0, x: 1, y: 1), at: 401)
        #expect(!down.deliver && down.change == nil)
        #expect(!power.filter(.touchUp(id: 0), at: 401.1).deliver)
        #expect(power.filter(.key("Enter", pressed: true), at: 402).change?.state == .on)
    }

    /// A finger that went down while on and is still down when the screen dims: its motion
    /// is delivered and wakes (no swallowing of a gesture the panel already follows).
    @Test func gestureBegunWhileOnContinues() {
        var power = ScreenPower(settings: Self.wall)
        #expect(power.filter(.touchDown(id: 1, x: 1, y: 1), at: 0).deliver)
        _ = power.advance(to: 70)
        #expect(power.state == .dim)
        let move = power.filter(.touchMotion(id: 1, x: 2, y: 1), at: 70)
        #expect(move.deliver && move.change?.state == .on)
        // Cancelled when the screen went dark: what is left of it is swallowed.
        _ = power.advance(to: 1000)
        power.gesturesCancelled()
        #expect(power.filter(.touchDown(id: 2, x: 1, y: 1), at: 1000).deliver == false)
        #expect(!power.filter(.touchUp(id: 2), at: 1000.1).deliver)
    }

    /// Commands set the state (no cause but the command) and restart the timers; commands for
    /// widgets are not input and neither wake nor restart anything.
    @Test func commandsSetTheStateAndRestartTimers() {
        var power = ScreenPower(settings: Self.wall)
        #expect(power.command(.off, at: 10) == ScreenChange(time: 10, state: .off, cause: .command))
        #expect(power.nextChange == nil)
        #expect(power.filter(.command(PanelCommand(.list)), at: 11) == (true, nil))
        #expect(power.state == .off)
        // dim at 20: off follows 300 s later; a second dim is no change.
        #expect(power.command(.dim, at: 20)?.state == .dim)
        #expect(power.command(.dim, at: 20) == nil)
        #expect(power.nextChange == 320)
        // on at 400 restarts both: dim at 460.
        #expect(power.command(.on, at: 400)?.state == .on)
        #expect(power.advance(to: 459).isEmpty)
        #expect(power.advance(to: 460).map(\.state) == [.dim])
    }
}
