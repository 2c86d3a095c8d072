/// The layout file's `screen` object: when an idle panel dims and blanks, and what wakes it.
/// The defaults change nothing: a panel without `screen` stays at full brightness forever.
public struct ScreenSettings: Sendable, Equatable {
    /// Seconds without input before the screen dims; nil: never.
    public var dimAfter: Double?
    /// Brightness while dimmed, as a fraction of full (0.3 = 30 %).
    public var dimLevel: Double
    /// Seconds without input before the screen turns off; nil: never.
    public var offAfter: Double?
    /// Whether a touch (or a pointer button) wakes a dimmed or dark screen. Keys, wheels and
    /// encoders always do.
    public var wakeOnTouch: Bool
    /// Seconds without input before `idlePage` is shown instead of the page in use; nil: never.
    public var idleAfter: Double?
    /// The id of the page shown while idle (a big clock, a photo); nil: none.
    public var idlePage: String?
    /// How far the idle page drifts, in design pixels, against burn-in (every `shiftPeriod`).
    public var pixelShift: Double

    /// `screen.presence`: an MQTT topic that says whether someone is there; nil: none.
    public var presence: PresenceSpec?
    /// `screen.brightness`: the on-level by time of day and ambient light; nil: full.
    public var brightness: BrightnessSpec?

    public static let defaultPixelShift = 4.0
    public static let maxPixelShift = 32.0
    /// The idle page moves to its next place this often (seconds).
    public static let shiftPeriod = 180.0

    public static let defaultDimLevel = 0.3
    /// Timer bound: a week. Longer is a mistake, and the bound keeps times finite.
    public static let maxDelay = 604_800.0

    public init(dimAfter: Double? = nil, dimLevel: Double = ScreenSettings.defaultDimLevel,
                offAfter: Double? = nil, wakeOnTouch: Bool = true, idleAfter: Double? = nil, idlePage: String? = nil,
                pixelShift: Double = ScreenSettings.defaultPixelShift) {
        self.dimAfter = dimAfter
        self.dimLevel = dimLevel
        self.offAfter = offAfter
        self.wakeOnTouch = wakeOnTouch
        self.idleAfter = idleAfter
        self.idlePage = idlePage
        self.pixelShift = pixelShift
    }
}

/// `screen.presence`: payloads on `topic` (at `path` in JSON) say whether someone is there.
public struct PresenceSpec: Sendable, Equatable {
    public var topic: String
    public var path: [String]
    /// The payloads that mean someone / nobody (compared ignoring case); nil: the bound-data
    /// reading (`on`/`true`/a non-zero number, `off`/`false`/0).
    public var on: String?
    public var off: String?
    public init(topic: String, path: [String] = [], on: String? = nil, off: String? = nil) {
        self.topic = topic; self.path = path; self.on = on; self.off = off
    }
}

/// `screen.brightness`: levels by time of day and from an ambient light sensor (the lower
/// of the two when both are given), kept within `min` … `max`.
public struct BrightnessSpec: Sendable, Equatable {
    /// (seconds after local midnight, level), ascending; each level holds until the next
    /// entry, the last one past midnight until the first.
    public var schedule: [ScheduledLevel]
    public var ambient: AmbientSpec?
    public var min: Double
    public var max: Double

    public struct ScheduledLevel: Sendable, Equatable {
        public var from: Double
        public var level: Double
        public init(from: Double, level: Double) { self.from = from; self.level = level }
    }

    /// An IIO light sensor (`in_illuminance_input`, or `_raw` with `_scale`/`_offset`).
    public struct AmbientSpec: Sendable, Equatable {
        /// `auto` (the first IIO device with an illuminance channel), a directory name
        /// (`iio:device0`) or the device's `name` (`tsl2591`).
        public var sensor: String
        /// Lux at and below which the curve gives `min`, and at and above which `max`.
        public var darkLux: Double
        public var brightLux: Double
        public init(sensor: String = "auto", darkLux: Double = BrightnessSpec.defaultDarkLux, brightLux: Double = BrightnessSpec.defaultBrightLux) {
            self.sensor = sensor; self.darkLux = darkLux; self.brightLux = brightLux
        }
    }

    public static let defaultMin = 0.05
    public static let defaultDarkLux = 1.0
    public static let defaultBrightLux = 1000.0
    /// Seconds between sensor readings while the screen is lit (none while it is off).
    public static let pollInterval = 5.0

    public init(schedule: [ScheduledLevel] = [], ambient: AmbientSpec? = nil, min: Double = BrightnessSpec.defaultMin, max: Double = 1) {
        self.schedule = schedule; self.ambient = ambient; self.min = min; self.max = max
    }

    /// "HH:MM" (00:00 … 23:59) as seconds after midnight; nil when it is not that.
    public static func secondsOfDay(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let h = Int(parts[0]), let m = Int(parts[1]), (0..<24).contains(h), (0..<60).contains(m) else { return nil }
        return Double(h * 3600 + m * 60)
    }
}
