import PanelLayout
import PanelProtocol

/// Why the screen changed state (the `cause` of a `screen` event).
public enum ScreenChangeCause: String, Sendable {
    case idle, input, command
    /// `screen.presence` said someone is there.
    case presence
}

/// One change of state at its exact time on the frame clock.
public struct ScreenChange: Sendable, Equatable {
    public var time: Double
    public var state: ScreenState
    public var cause: ScreenChangeCause
}

/// The screen-power rules as a pure state machine on the frame clock (no timers of its own:
/// the caller advances it and sleeps until `nextChange`).
///
/// - The idle timers count from the last input (or the last `screen` command, or the panel's
///   first frame on screen in a display run): the screen dims `dimAfter` seconds later and
///   turns off `offAfter` seconds later. They only darken.
/// - Input on a dimmed or dark screen wakes it and is **swallowed**: a finger landing on a
///   dark screen must not also turn the knob under it. The whole gesture is swallowed (a
///   touch until it lifts, a button or key until it is released); input after that works.
///   Pointer motion never wakes (a tablet sends its position with the click, and the click
///   must not land). Touches and pointer buttons wake only with `wakeOnTouch`; otherwise
///   they are swallowed without waking.
/// - Input that belongs to a gesture which began while the screen was on (a finger still
///   down when the screen dimmed) is delivered and wakes the screen without being swallowed.
/// - Commands and programmatic value changes do not count as input; a `screen` command sets
///   the state and restarts the idle timers.
/// - Presence (`screen.presence`): someone there wakes the screen and holds the idle timers;
///   nobody there lets them count again from that moment.
/// - The level: the lit screen's brightness, set by hand (a `screen` command, until the
///   screen turns off) or else by `screen.brightness` (`automaticLevel`); dim never brightens.
public struct ScreenPower: Sendable {
    /// The rules; new ones (a reload, the command line) keep the state and the timers' start.
    public internal(set) var settings: ScreenSettings
    public private(set) var state: ScreenState = .on
    /// When the idle timers started counting: the last input or screen command.
    public private(set) var lastActivity: Double
    /// When the state last changed (timer changes never go back before it).
    private var lastChange: Double
    /// A display run holds the idle timers until the panel is first on screen (`shown`): a
    /// panel that takes seconds to come up (a cold start, a console not yet showing its VT)
    /// must not appear already dimmed. Offscreen runs never hold them.
    private var timersHeld = false
    /// Gestures that are delivered (touch ids; buttons; keys held).
    private var deliveredTouches: Set<Int> = []
    private var deliveredButtons: Set<InputEvent.PointerButton> = []
    /// Gestures that woke the screen (or met a dark one): swallowed until they end.
    private var swallowedTouches: Set<Int> = []
    private var swallowedButtons: Set<InputEvent.PointerButton> = []
    private var swallowedKeys: Set<String> = []
    /// `screen.presence` says someone is there: the screen stays on, the idle timers wait.
    public private(set) var present = false
    /// The on-level (a fraction of full) `screen.brightness` gives now (1 without it).
    public var automaticLevel = 1.0
    /// A level a `screen` command set by hand; it holds until the screen next turns off.
    public private(set) var manualLevel: Double?

    package mutating func update(settings newSettings: ScreenSettings) { settings = newSettings }

    public init(settings: ScreenSettings, at time: Double = 0) {
        self.settings = settings
        lastActivity = time
        lastChange = time
    }

    /// Whether any rule can ever change the state by itself.
    public var hasTimers: Bool { settings.dimAfter != nil || settings.offAfter != nil || idleAfter != nil }

    /// The brightness while on or idle: a level set by hand, else the automatic one.
    public var level: Double { manualLevel ?? automaticLevel }

    /// `idleAfter` when there is an idle page to show.
    private var idleAfter: Double? { settings.idlePage == nil ? nil : settings.idleAfter }

    /// The brightness the screen should have now, as a fraction of full.
    public var brightness: Double { brightness(of: state) }

    /// The brightness of a state, as a fraction of full.
    public func brightness(of state: ScreenState) -> Double {
        switch state {
        case .on, .idle: return level
        // Dimming never brightens: at night the on-level may already be below dimLevel.
        case .dim: return Swift.min(settings.dimLevel, level)
        case .off: return 0
        }
    }

    // MARK: timers

    /// The idle timers wait for `shown(at:)`.
    public mutating func holdTimersUntilShown() { timersHeld = true }

    /// The panel is on screen for the first time: held idle timers start counting now.
    public mutating func shown(at time: Double) {
        guard timersHeld else { return }
        timersHeld = false
        lastActivity = Swift.max(lastActivity, time)
    }

    /// When the idle timers change the state next (nil: not by themselves).
    public var nextChange: Double? {
        guard !timersHeld, !present else { return nil }
        let due = timerChanges.filter { $0.state.darkness > state.darkness }.map(\.time)
        return due.min().map { Swift.max($0, lastChange) }
    }

    /// The idle deadlines from `lastActivity`: the idle page, dim, off (an `offAfter` at or
    /// before `dimAfter` goes straight to off; an `idleAfter` at or after either is never reached).
    private var timerChanges: [(time: Double, state: ScreenState)] {
        var out: [(Double, ScreenState)] = []
        let off = settings.offAfter.map { lastActivity + $0 }
        let dim = settings.dimAfter.map { lastActivity + $0 }
        if let i = idleAfter.map({ lastActivity + $0 }), off.map({ i < $0 }) ?? true, dim.map({ i < $0 }) ?? true { out.append((i, .idle)) }
        if let d = settings.dimAfter.map({ lastActivity + $0 }), off.map({ d < $0 }) ?? true { out.append((d, .dim)) }
        if let off { out.append((off, .off)) }
        return out
    }

    /// Applies every timer change due by `time`, in order, each at its own time.
    public mutating func advance(to time: Double) -> [ScreenChange] {
        var changes: [ScreenChange] = []
        while let due = nextChange, due <= time + 1e-9 {
            guard let next = timerChanges.first(where: { $0.state.darkness > state.darkness && Swift.max($0.time, lastChange) <= due + 1e-12 })
            else { break }
            state = next.state
            lastChange = due
            if state == .off { manualLevel = nil }
            changes.append(ScreenChange(time: due, state: next.state, cause: .idle))
        }
        return changes
    }

    // MARK: commands

    /// `{"command":"screen","state":…}`: sets the state and restarts the idle timers; nil
    /// when the state was already that (the timers still restart).
    public mutating func command(_ newState: ScreenState, at time: Double) -> ScreenChange? {
        lastActivity = time
        return set(newState, at: time, cause: .command)
    }

    /// `brightness` in a `screen` command: the on-level by hand (until the screen turns off).
    public mutating func setManualLevel(_ level: Double) { manualLevel = level }

    /// `screen.presence`: someone there wakes the screen and holds the idle timers; nobody
    /// there lets them run again, counting from now.
    public mutating func presence(_ someone: Bool, at time: Double) -> ScreenChange? {
        guard someone != present else { return nil }
        present = someone
        lastActivity = time
        return someone ? set(.on, at: time, cause: .presence) : nil
    }

    /// Touches and buttons in progress were cancelled (the screen went dark under them):
    /// what is left of those gestures is swallowed.
    public mutating func gesturesCancelled() {
        swallowedTouches.formUnion(deliveredTouches)
        swallowedButtons.formUnion(deliveredButtons)
        deliveredTouches = []
        deliveredButtons = []
    }

    // MARK: input

    /// Decides whether `event` reaches the widgets, and wakes the screen when it should.
    /// Commands are not input: they pass and change nothing here.
    public mutating func filter(_ event: InputEvent, at time: Double) -> (deliver: Bool, change: ScreenChange?) {
        switch event {
        case .command:
            return (true, nil)
        case .pointerMotion:
            // Tracks where the pointer is (harmless while dark); never wakes.
            if state == .on { lastActivity = time }
            return (true, nil)
        case let .touchDown(id, _, _):
            return begin(touch: id, at: time)
        case let .aimedTouch(aim):
            return aim.phase == .down ? begin(touch: aim.id, at: time) : continueTouch(aim.id, ending: false, at: time)
        case let .touchMotion(id, _, _):
            return continueTouch(id, ending: false, at: time)
        case let .touchUp(id), let .touchCancel(id):
            return continueTouch(id, ending: true, at: time)
        case let .button(button, pressed):
            if pressed {
                deliveredButtons.remove(button)
                swallowedButtons.remove(button)
                if state == .on { deliveredButtons.insert(button); lastActivity = time; return (true, nil) }
                swallowedButtons.insert(button)
                return (false, settings.wakeOnTouch ? wake(at: time) : nil)
            }
            if swallowedButtons.remove(button) != nil { return (false, nil) }
            if deliveredButtons.remove(button) != nil { return (true, wake(at: time)) }
            return (state == .on, nil)
        case let .key(name, pressed):
            if pressed {
                if state == .on { swallowedKeys.remove(name); lastActivity = time; return (true, nil) }
                swallowedKeys.insert(name)
                return (false, wake(at: time))
            }
            if swallowedKeys.remove(name) != nil { return (false, nil) }
            if state == .on { lastActivity = time }
            return (true, nil)
        case .wheel:
            if state == .on { lastActivity = time; return (true, nil) }
            return (false, wake(at: time))
        }
    }

    private mutating func begin(touch id: Int, at time: Double) -> (deliver: Bool, change: ScreenChange?) {
        deliveredTouches.remove(id)
        swallowedTouches.remove(id)
        if state == .on {
            deliveredTouches.insert(id)
            lastActivity = time
            return (true, nil)
        }
        swallowedTouches.insert(id)
        return (false, settings.wakeOnTouch ? wake(at: time) : nil)
    }

    private mutating func continueTouch(_ id: Int, ending: Bool, at time: Double) -> (deliver: Bool, change: ScreenChange?) {
        if swallowedTouches.contains(id) {
            if ending { swallowedTouches.remove(id) }
            if state == .on { lastActivity = time }   // the waking finger keeps the screen awake
            return (false, nil)
        }
        if deliveredTouches.contains(id) {
            if ending { deliveredTouches.remove(id) }
            return (true, wake(at: time))
        }
        // A touch nobody knows (its down was lost): the router ignores it when on.
        return (state == .on, nil)
    }

    /// Input wakes the screen: on, and the idle timers restart.
    private mutating func wake(at time: Double) -> ScreenChange? {
        lastActivity = time
        return set(.on, at: time, cause: .input)
    }

    private mutating func set(_ newState: ScreenState, at time: Double, cause: ScreenChangeCause) -> ScreenChange? {
        guard newState != state else { return nil }
        state = newState
        lastChange = time
        if newState == .off { manualLevel = nil }
        return ScreenChange(time: time, state: newState, cause: cause)
    }
}
