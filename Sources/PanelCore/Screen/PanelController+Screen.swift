import Graphics
import PanelLayout
import PanelProtocol

/// Screen power inside the controller: the state machine, the picture the screen shows
/// (the frame, darkened, or black), and the `ScreenLight` through which an output dims or
/// blanks the real screen (a backlight, DPMS).
package final class ScreenRuntime {
    /// The state machine, shared by every screen of the process (ScreenPowerGroup).
    package var group = ScreenPowerGroup()
    package var power: ScreenPower {
        get { group.power }
        set { group.power = newValue }
    }
    /// `--dim-after`/`--off-after` from the command line: they outlive reloads.
    package var dimAfterOverride: Double??
    package var offAfterOverride: Double??
    /// Darkens painted tiles while dimmed (where no backlight does it).
    package let dimmer = ScreenDimmer()
    /// The brightness the last frame's picture was painted at (see `screenPictureLevel`).
    package var shownLevel = 1.0
    /// A frame is due to show a new state (the darkened or black picture, or the panel again).
    package var frameDue = false
    package var abilities = ScreenOutputAbilities()
    /// Weak: the output side (a display session, a backlight) owns it.
    package weak var light: (any ScreenLight)?
    /// The idle page, while it is on show (IdlePage.swift).
    package var idle = IdlePageState()
    /// `screen.brightness`: the schedule, the sensor's smoothed reading (AutomaticBrightness).
    package var automatic = AutomaticBrightness()
    /// The frame time of the last `advanceScreen` (where the schedule's next entry is counted from).
    package var lastAdvance: Double?

    package func settings(from file: ScreenSettings) -> ScreenSettings {
        var s = file
        if let d = dimAfterOverride { s.dimAfter = d }
        if let o = offAfterOverride { s.offAfter = o }
        return s
    }
}

/// What an output does itself when the screen state changes; the rest is done in the frame.
public struct ScreenOutputAbilities: Sendable {
    /// A backlight dims the screen: the frame is not darkened.
    public var dims: Bool
    /// A backlight or DPMS turns it off: no black frame is needed.
    public var blanks: Bool
    public init(dims: Bool = false, blanks: Bool = false) { self.dims = dims; self.blanks = blanks }
}

extension PanelController {
    /// What the output does itself (a backlight, DPMS); the frame does the rest.
    public var screenAbilities: ScreenOutputAbilities {
        get { screenRuntime.abilities }
        set { screenRuntime.abilities = newValue; screenRuntime.frameDue = true }
    }

    /// Told the new state and its brightness (0 … 1) on every change: where an output dims
    /// its backlight or switches the screen off.
    public var screenLight: (any ScreenLight)? {
        get { screenRuntime.light }
        set { screenRuntime.light = newValue }
    }

    /// The screen's state (`on`, `dim`, `off`).
    public var screenState: ScreenState { screenRuntime.power.state }
    public var screenSettings: ScreenSettings { screenRuntime.power.settings }
    /// The brightness of the state now, as a fraction of full.
    public var screenBrightness: Double { screenRuntime.power.brightness }

    /// When the idle timers change the state next, for the loop's timer (nil: never).
    public var nextScreenChange: Double? {
        [screenRuntime.power.nextChange, nextIdleShift, nextScheduledLevel].compactMap { $0 }.min()
    }

    /// A display run: the idle timers wait for the first frame on screen (`panelShown`).
    public func holdScreenTimersUntilShown() { screenRuntime.power.holdTimersUntilShown() }
    /// The first frame is on screen: the idle timers (held until now) start counting.
    public func panelShown(at time: Double) { screenRuntime.power.shown(at: time) }

    /// Overrides the layout's `dimAfter`/`offAfter` (`.some(nil)`: never); kept across reloads.
    public func overrideScreenTimers(dimAfter: Double??, offAfter: Double??, at time: Double = 0) {
        screenRuntime.dimAfterOverride = dimAfter
        screenRuntime.offAfterOverride = offAfter
        adoptScreenSettings(of: scene.panel)
    }

    /// Takes the screen rules of a (new) panel, keeping the state and the timers' start. Only
    /// the group's leader (the primary screen's panel) sets the rules of every screen.
    package func adoptScreenSettings(of panel: Panel) {
        if screenRuntime.group.leader === self {
            screenRuntime.power.update(settings: screenRuntime.settings(from: panel.screen))
            screenRuntime.automatic.update(spec: panel.screen.brightness)
        }
        screenRuntime.frameDue = true
    }

    /// Makes this controller's screen follow `primary`'s screen power (another screen of the
    /// same process): one state, one set of timers (the primary's rules), input on either
    /// wakes both. Its own state until now is dropped.
    public func shareScreenPower(with primary: PanelController) {
        let group = primary.screenRuntime.group
        guard screenRuntime.group !== group else { return }
        screenRuntime.group.remove(self)
        screenRuntime.group = group
        group.add(self)
        screenRuntime.frameDue = true
    }

    /// How bright the picture is painted (1: the panel as it is; 0: black): darkened while
    /// dimmed unless the output dims a backlight, black while off unless the output blanks
    /// the screen itself (then nothing is drawn while off, and the panel stays as it was).
    package var screenPictureLevel: Double {
        switch screenState {
        case .on, .idle: return 1
        case .dim: return screenAbilities.dims ? 1 : screenRuntime.power.brightness(of: .dim)
        case .off: return screenAbilities.blanks ? 1 : 0
        }
    }

    /// Screen input filter: false when the event is swallowed (it woke the screen, or the
    /// screen is dark).
    package func screenLets(_ event: InputEvent, at time: Double) -> Bool {
        let group = screenRuntime.group
        // Each screen's touch device numbers its touches from 0: kept apart per screen.
        let (deliver, change) = group.power.filter(event.touchIDs(offsetBy: group.index(of: self) << 32), at: time)
        if let change { applyScreenChanges([change]) }
        return deliver
    }

    /// Applies the idle timers' changes due by `time` (on every screen of the group).
    package func advanceScreen(to time: Double) {
        let changes = screenRuntime.power.advance(to: time)
        if !changes.isEmpty { applyScreenChanges(changes) }
        advanceIdleShift(to: time)
        screenRuntime.lastAdvance = time
        refreshAutomaticLevel(at: time, cause: "schedule")
    }

    /// `{"command":"screen","state":…,"brightness":…}`: replies with the state (and the
    /// brightness), then the events (`screen` if the state changed, `brightness` if the
    /// level did).
    package func executeScreen(_ state: ScreenState?, brightness: Double?, at time: Double, requestID rid: String?, reply: (Reply) -> Void) {
        if state == .idle, screenSettings.idlePage == nil {
            return reply(Reply.failure(rid, "this panel has no idle page (screen.idlePage in the layout)"))
        }
        if state == .off, brightness != nil {
            return reply(Reply.failure(rid, "'brightness' sets the level of a lit screen; it cannot come with state 'off'"))
        }
        advanceScreen(to: time)
        // Off clears a level set by hand: the state goes first, then the level.
        let change = state.flatMap { screenRuntime.power.command($0, at: time) }
        let before = screenLevels
        if let brightness { screenRuntime.power.setManualLevel(brightness) }
        var data = JSONLineWriter()
        data.add("state", screenState.rawValue)
        data.add("brightness", ScreenLevels.published(screenBrightness))
        reply(Reply.ok(rid, data: data))
        if let change { applyScreenChanges([change]) }
        levelsMayHaveChanged(from: before, cause: "command", at: time)
    }

    /// Applies changes on every screen of the group, in order: each screen's light first, then
    /// the event (once, from the leader), then, when off, touches ended and animations finished
    /// on every screen, and a frame due on each to show the new picture.
    package func applyScreenChanges(_ changes: [ScreenChange]) {
        let group = screenRuntime.group
        let all = group.controllers
        for change in changes {
            let brightness = group.power.brightness(of: change.state)
            for c in all { c.screenRuntime.light?.screenChanged(to: change.state, brightness: brightness) }
            all.first?.announceScreenChange(change)
            for c in all { c.idlePageFollows(change) }
            if change.state == .off {
                for c in all { c.screenWentOff(at: change.time) }
                group.power.gesturesCancelled()
            }
            for c in all { c.screenRuntime.frameDue = true }
        }
    }

    /// Adds the screen's state and brightness to `list` and `get` data.
    package func addScreen(to data: inout JSONLineWriter) {
        data.add("screen", screenState.rawValue)
        data.add("brightness", ScreenLevels.published(screenBrightness))
    }

    // The screens change first (backlight, DPMS), then the event says they have; each change
    // with its own brightness: one advance may bring dim and off together (ScreenPowerGroup).

    /// The `screen` event, from the group's leader.
    package func announceScreenChange(_ change: ScreenChange) {
        recordFlightScreen(change)
        publishPanelEvent("screen", at: change.time, [.init("state", .string(change.state.rawValue)),
                                                      .init("cause", .string(change.cause.rawValue))])
    }

    /// Nothing is drawn while off: touches in progress end now, animations jump to their end
    /// (their events go out now), and the picture is black or switched off.
    package func screenWentOff(at time: Double) {
        cancelActiveTouches(at: time)
        finishAnimations(at: time)
    }

    /// Ends every running animation at once (the screen went off: no one sees them).
    private func finishAnimations(at time: Double) {
        // Far enough for any animation (spins and dial queues last seconds); models accept
        // a late advance, since a dropped frame must not slow an animation either.
        let end = time + 86_400
        for widget in scene.allWidgets where widget.isAnimating(at: time) {
            publish(widget.advance(to: end), from: widget, at: time)
            widget.needsDisplay = true
        }
        if let drawer = scene.drawer {
            handle(drawerOutputs: drawer.advance(to: end), at: time)
        }
    }

    /// While off: a frame is wanted only to show the black picture once (when the output
    /// cannot blank the screen itself). Nil when the screen is on or dimmed.
    package func screenWantsFrameWhileOff() -> Bool? {
        guard screenState == .off else { return nil }
        return screenRuntime.frameDue && !screenAbilities.blanks
    }

    /// A frame because the state changed (darkened picture, or the panel again).
    package var screenFrameDue: Bool { screenRuntime.frameDue }

    /// The off state's frame: the black picture once (the whole screen), no compositing.
    /// Nil when not off.
    package func renderScreenWhileOff() -> [PixelRect]? {
        guard screenState == .off else { return nil }
        let due = screenRuntime.frameDue
        screenRuntime.frameDue = false
        guard due, !screenAbilities.blanks else { return [] }
        screenRuntime.shownLevel = 0
        return [compositor.screen]
    }

    /// After a frame's damage is known: the whole screen when the picture's brightness
    /// changed (dimmed, back on), else the damage (painted darkened while dimmed).
    package func screenOutput(_ rects: [PixelRect]) -> [PixelRect] {
        let due = screenRuntime.frameDue
        screenRuntime.frameDue = false
        let level = screenPictureLevel
        let changed = level != screenRuntime.shownLevel
        screenRuntime.shownLevel = level
        return due || changed ? [compositor.screen] : rects
    }
}

extension InputEvent {
    /// The event with its touch id moved by `offset` (other events unchanged).
    package func touchIDs(offsetBy offset: Int) -> InputEvent {
        guard offset != 0 else { return self }
        switch self {
        case let .touchDown(id, x, y): return .touchDown(id: id + offset, x: x, y: y)
        case let .touchMotion(id, x, y): return .touchMotion(id: id + offset, x: x, y: y)
        case let .touchUp(id): return .touchUp(id: id + offset)
        case let .touchCancel(id): return .touchCancel(id: id + offset)
        case var .aimedTouch(aim):
            aim.id += offset
            return .aimedTouch(aim)
        default: return self
        }
    }
}
