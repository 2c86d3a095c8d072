import PanelLayout
import PanelProtocol
import PanelSystem

/// The screen's level (a fraction of full) and what the screen is published as: the on-level
/// and the brightness of the state now, each rounded as they leave ("values leave on the grid").
package struct ScreenLevels: Equatable {
    package var level: Double
    package var brightness: Double

    /// Hundredths: what the protocol and Home Assistant (`brightness_scale` 100) carry.
    package static func published(_ v: Double) -> Double { (v * 100).rounded() / 100 }
}

/// `screen.brightness` (schedule, ambient sensor), `brightness` in the `screen` command, and
/// `screen.presence`, in the controller. The level goes to each screen's light (a backlight)
/// with the state's brightness; a `brightness` event says when the published level changed.
extension PanelController {
    package var screenLevels: ScreenLevels {
        ScreenLevels(level: ScreenLevels.published(screenRuntime.power.level), brightness: ScreenLevels.published(screenBrightness))
    }

    /// After anything that may move the level: when it moved, each screen's light is told
    /// the new brightness (if the state shows the level) and a `brightness` event goes out
    /// (from the leader). A change of state alone is the `screen` event's.
    package func levelsMayHaveChanged(from before: ScreenLevels, cause: String, at time: Double) {
        let now = screenLevels
        guard now.level != before.level else { return }
        let group = screenRuntime.group
        let brightness = group.power.brightness
        if now.brightness != before.brightness {
            for c in group.controllers {
                c.screenRuntime.light?.screenChanged(to: screenState, brightness: brightness)
                if screenState == .dim { c.screenRuntime.frameDue = true }   // a darkened frame where no backlight dims
            }
        }
        (group.leader ?? self).publishPanelEvent("brightness", at: time, [
            .init("level", .number(now.level)), .init("brightness", .number(now.brightness)), .init("cause", .string(cause)),
        ])
    }

    /// Seconds after local midnight at frame time `time`, on the clock widget's wall clock.
    private func localSecondsOfDay(at time: Double) -> Double {
        WallClock.localSecondsOfDay(unixTime: wallClock.unixTime(atFrameTime: time))
    }

    /// Sets the automatic level the schedule and the sensor give at `time` (the leader's).
    package func refreshAutomaticLevel(at time: Double, cause: String) {
        guard screenRuntime.group.leader === self || screenRuntime.group.leader == nil else { return }
        let auto = screenRuntime.automatic
        guard auto.spec != nil || screenRuntime.power.automaticLevel != 1 else { return }
        let level = auto.level(at: localSecondsOfDay(at: time))
        guard level != screenRuntime.power.automaticLevel else { return }
        let before = screenLevels
        screenRuntime.power.automaticLevel = level
        levelsMayHaveChanged(from: before, cause: cause, at: time)
    }

    /// When the schedule's next level begins, while the screen is lit (nil: no schedule, or
    /// off: the level is worked out again when it wakes).
    package var nextScheduledLevel: Double? {
        guard screenState != .off, let t = screenRuntime.lastAdvance,
              let wait = screenRuntime.automatic.secondsUntilNextEntry(from: localSecondsOfDay(at: t)) else { return nil }
        return t + wait
    }

    // MARK: the ambient sensor

    /// The sensor `screen.brightness.ambient` names, while a reading is wanted: the screen is
    /// lit (no readings, and no wake-ups for them, while it is off). Nil: none wanted.
    public var ambientSensorWanted: String? {
        guard screenState != .off else { return nil }
        return screenRuntime.automatic.spec?.ambient?.sensor
    }

    /// A reading of the ambient light sensor (lux) at `time`: the level follows it
    /// (smoothed, with hysteresis: AutomaticBrightness).
    public func ambientLight(lux: Double, at time: Double) {
        guard lux.isFinite, lux >= 0, screenRuntime.automatic.reading(lux: lux) else { return }
        refreshAutomaticLevel(at: time, cause: "ambient")
    }

    // MARK: presence

    /// The topic `screen.presence` reads (nil: none).
    public var presenceTopic: String? { screenSettings.presence?.topic }

    /// A payload on the presence topic: someone there wakes the screen and holds its idle
    /// timers; nobody lets them count again from now. Returns why a payload was not
    /// understood (the bridge logs it), else nil.
    @discardableResult
    public func receivePresence(payload: [UInt8], at time: Double) -> String? {
        guard let spec = screenSettings.presence else { return "this panel has no screen.presence" }
        let someone: Bool
        switch BoundPayload.value(payload, path: spec.path) {
        case .failure(let why): return why.reason
        case .success(let value):
            switch value {
            case .text(let t) where spec.on?.lowercased() == t.lowercased(): someone = true
            case .text(let t) where spec.off?.lowercased() == t.lowercased(): someone = false
            case .bool(let b) where spec.on == nil && spec.off == nil: someone = b
            case .number(let n) where spec.on == nil && spec.off == nil: someone = n != 0
            case .bool(let b):
                // on/off payloads were given: "ON" reads as a boolean first, so compare its text too.
                let t = b ? ["on", "true"] : ["off", "false"]
                if let on = spec.on?.lowercased(), t.contains(on) { someone = true }
                else if let off = spec.off?.lowercased(), t.contains(off) { someone = false }
                else { return "'\(b ? "on" : "off")' is neither 'on' (\(spec.on ?? "-")) nor 'off' (\(spec.off ?? "-"))" }
            case .number(let n):
                let t = JSONLineWriter.number(n)
                if spec.on == t { someone = true } else if spec.off == t { someone = false }
                else { return "'\(t)' is neither 'on' (\(spec.on ?? "-")) nor 'off' (\(spec.off ?? "-"))" }
            case .text(let t):
                return "'\(t.prefix(40))' is neither \(spec.on.map { "'\($0)'" } ?? "on") nor \(spec.off.map { "'\($0)'" } ?? "off")"
            }
        }
        advanceScreen(to: time)
        if let change = screenRuntime.power.presence(someone, at: time) { applyScreenChanges([change]) }
        return nil
    }
}
