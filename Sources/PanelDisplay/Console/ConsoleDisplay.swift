import PanelProtocol
/// Who owns the display around VT switches, and what the panel does about it: a pure state
/// machine (no ioctls, no DRM) whose actions `DisplaySession` carries out, so the rules are
/// tested without a VT.
///
/// - Started on a VT in the **background**, the panel neither holds DRM master nor sets a mode:
///   the VT on screen stays as it is until ours is switched to (as kmscon and plymouth do).
/// - **Away** (another VT shown), the console owns the screen: its light is as the panel found
///   it, and screen-power changes (idle timers, a `screen` command) only change the panel's
///   state; they reach the display when the VT is back.
/// - **Back** on our VT the panel restores its own screen state: on or dimmed, the mode is set
///   with the whole frame (dimmed as usual); off, with a backlight or DPMS to switch it off,
///   no mode is set at all and the screen stays dark until the normal wake (touch, command),
///   which then sets the mode with the frame before lighting the screen.
/// Screen power is one state for every screen (`ScreenPowerGroup`); `.power` reaches each
/// screen's backlight and DPMS. Kept dark on a return is the primary (index 0); the other
/// screens are set again on every return, and switched off again after their mode set.
public struct ConsoleDisplay: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Our VT has not been on screen since the start: nothing shown, no master.
        case background
        /// Our VT is on screen and the display is ours.
        case onScreen
        /// Another VT is on screen: master given up.
        case away
    }

    public enum Action: Sendable, Equatable {
        case dropMaster
        case setMaster
        /// Let the kernel's switch away go ahead (`VT_RELDISP`), after the display was given up.
        case allowRelease
        /// The light as the panel found it (the console is to be seen); DPMS is the console's
        /// business now (its modeset switches the connector on).
        case lightForConsole
        /// The primary screen's backlight and DPMS for this state.
        case power(ScreenState)
        /// Set the mode of screen N with its whole frame, then flip (it shows the panel again).
        case modeset(Int)
    }

    public private(set) var phase: Phase
    /// Per screen: the CRTC shows the panel's buffers (false: a modeset is due before any flip).
    public private(set) var modeSet: [Bool]
    /// Back on our VT with the primary screen off: no mode is set on it (not even after a
    /// hotplug) until it is woken.
    public private(set) var keptDark = false

    /// `screens` screens; `vtActive`: our VT is the one on screen (or there is no VT to care
    /// about). The start's actions come from `start()`.
    public init(screens: Int, vtActive: Bool) {
        phase = vtActive ? .onScreen : .background
        modeSet = Array(repeating: false, count: screens)
    }

    /// At start: on screen, each screen's mode is set by the normal start (`started(_:)`);
    /// in the background, master goes (the first open of a DRM device makes it master).
    public mutating func start() -> [Action] {
        phase == .background ? [.dropMaster] : []
    }

    /// Screen N's mode was set by the normal start path (or after a hotplug).
    public mutating func started(_ screen: Int) {
        modeSet[screen] = true
    }

    /// Frames may be presented on screen N (its mode is set and the display is ours).
    public func mayPresent(_ screen: Int) -> Bool { phase == .onScreen && modeSet[screen] }

    /// Whether the display is ours (DRM master held, CRTCs ours to restore at exit).
    public var ownsDisplay: Bool { phase == .onScreen }

    /// The kernel asks for the VT (another one was chosen).
    public mutating func release() -> [Action] {
        guard phase == .onScreen else { return [.allowRelease] }   // nothing of ours is shown
        phase = .away
        modeSet = modeSet.map { _ in false }   // the console sets its own mode
        keptDark = false
        return [.lightForConsole, .dropMaster, .allowRelease]
    }

    /// Our VT is on screen again (or for the first time). `primary`: the primary screen's
    /// state; `blanks`: its output switches the screen off itself (backlight or DPMS), so an
    /// off screen needs no picture at all.
    public mutating func acquire(primary: ScreenState, blanks: Bool) -> [Action] {
        guard phase != .onScreen else { return [] }
        phase = .onScreen
        var actions: [Action] = [.setMaster, .power(primary)]
        for i in modeSet.indices {
            if i == 0 && primary == .off && blanks { keptDark = true; continue }   // no mode, no flip
            modeSet[i] = true
            actions.append(.modeset(i))
        }
        return actions
    }

    /// The primary screen's state changed (idle timers, input, a command).
    public mutating func screenChanged(to state: ScreenState) -> [Action] {
        guard phase == .onScreen else { return [] }   // applied on the return
        if state != .off && keptDark {
            // Woken after a return while off: the picture first, then the light (a light
            // switched on first would show whatever the console left on the CRTC).
            keptDark = false
            modeSet[0] = true
            return [.modeset(0), .power(state)]
        }
        return [.power(state)]
    }

    /// At exit: whether the CRTCs are put back and DPMS switched on (only while the display
    /// is ours: away, master is someone else's and the console has set its own mode).
    public var restoresDisplayAtExit: Bool { phase == .onScreen }
}
