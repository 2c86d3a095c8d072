/// The `screen` object: screen power for panels that hang on a wall for years.
extension PanelSchema {
    /// Seconds of no input, or null for never.
    static let idleDelay = ValueRule.oneOf([.number(min: .above(0), max: .atMost(ScreenSettings.maxDelay)), .null])

    public static let presence = ObjectSchema(name: "presence", properties: [
        PropertyRule("topic", .string(nonEmpty: true, maxLength: BindSchema.maxTopicLength), required: true,
                     doc: "The MQTT topic that says whether someone is there (an occupancy or motion sensor; no wildcards)."),
        PropertyRule("path", .string(nonEmpty: true, maxLength: BindSchema.maxTopicLength),
                     doc: "A dotted path into a JSON payload (Zigbee2MQTT: \"occupancy\"); default: the payload itself."),
        PropertyRule("on", .string(nonEmpty: true, maxLength: 64),
                     doc: "The payload that means someone is there (ignoring case); default: on, true or a non-zero number."),
        PropertyRule("off", .string(nonEmpty: true, maxLength: 64),
                     doc: "The payload that means nobody is there (ignoring case); default: off, false or 0."),
    ])

    static let level = ValueRule.number(min: .atLeast(0.01), max: .atMost(1))

    public static let scheduledLevel = ObjectSchema(name: "scheduledLevel", properties: [
        PropertyRule("from", .string(nonEmpty: true, maxLength: 5), required: true,
                     doc: "Local time \"HH:MM\" (the system's time zone, the clock widget's wall clock) from which the level holds, until the next entry."),
        PropertyRule("level", level, required: true, doc: "Brightness from then on, a fraction of full (0.01 … 1)."),
    ])

    public static let ambient = ObjectSchema(name: "ambient", properties: [
        PropertyRule("sensor", .string(nonEmpty: true, maxLength: 64), default: .string("auto"),
                     doc: "The IIO light sensor under /sys/bus/iio/devices: auto (the first with an illuminance channel), a directory name (iio:device0) or the device's name (tsl2591)."),
        PropertyRule("darkLux", .number(min: .atLeast(0.01), max: .atMost(100_000)), default: .number(BrightnessSpec.defaultDarkLux),
                     doc: "Lux at and below which the level is min."),
        PropertyRule("brightLux", .number(min: .atLeast(0.1), max: .atMost(200_000)), default: .number(BrightnessSpec.defaultBrightLux),
                     doc: "Lux at and above which the level is max; between the two the level follows log10(lux)."),
    ])

    public static let brightness = ObjectSchema(name: "brightness", properties: [
        PropertyRule("schedule", .array(of: .object(scheduledLevel), minCount: 1, maxCount: 48),
                     doc: "Levels by time of day, in ascending order of 'from'; the last holds past midnight until the first."),
        PropertyRule("ambient", .object(ambient),
                     doc: "An ambient light sensor; with a schedule too, the lower of the two levels is used."),
        PropertyRule("min", level, default: .number(BrightnessSpec.defaultMin), doc: "The lowest level (darkLux and below)."),
        PropertyRule("max", level, default: .number(1), doc: "The highest level (brightLux and above)."),
    ])

    public static let screen = ObjectSchema(name: "screen", properties: [
        PropertyRule("dimAfter", idleDelay, default: .null,
                     doc: "Seconds without input before the screen dims to dimLevel; null: never."),
        PropertyRule("dimLevel", .number(min: .atLeast(0), max: .atMost(1)), default: .number(ScreenSettings.defaultDimLevel),
                     doc: "Brightness while dimmed, a fraction of full (0.3 = 30 %): the backlight's, or the frame's pixel values where there is no backlight."),
        PropertyRule("offAfter", idleDelay, default: .null,
                     doc: "Seconds without input before the screen turns off (backlight off, DPMS off or a black frame; no frames drawn); null: never."),
        PropertyRule("wakeOnTouch", .bool, default: .bool(true),
                     doc: "A touch or pointer button wakes a dimmed or dark screen (keys, wheels and encoders always do); the input that wakes it is swallowed."),
        PropertyRule("idleAfter", idleDelay, default: .null,
                     doc: "Seconds without input before idlePage is shown instead of the page in use (before dimAfter and offAfter); null: never."),
        PropertyRule("idlePage", .identifier,
                     doc: "Id of the page shown while idle (a big clock, a photo); a touch brings back the page that was shown and is swallowed."),
        PropertyRule("pixelShift", .number(min: .atLeast(0), max: .atMost(ScreenSettings.maxPixelShift)), default: .number(ScreenSettings.defaultPixelShift),
                     doc: "How far the idle page drifts, in design pixels, to a new place every \(Int(ScreenSettings.shiftPeriod)) s against burn-in; 0: it stays."),
        PropertyRule("presence", .object(presence),
                     doc: "An MQTT topic that wakes the screen and keeps it on while it says someone is there; when it says nobody, the idle timers count again from then."),
        PropertyRule("brightness", .object(brightness),
                     doc: "The lit screen's level by time of day (schedule) and ambient light (ambient), a fraction of full; default: full."),
    ])

    /// The checked `screen` object as settings (absent keys take the defaults above).
    static func screenSettings(_ value: LayoutValue?) -> ScreenSettings {
        var s = ScreenSettings()
        guard let members = value?.objectValue else { return s }
        for (key, v) in members {
            switch key {
            case "dimAfter": s.dimAfter = v.numberValue
            case "offAfter": s.offAfter = v.numberValue
            case "dimLevel": s.dimLevel = v.numberValue ?? s.dimLevel
            case "wakeOnTouch": s.wakeOnTouch = v.boolValue ?? s.wakeOnTouch
            case "idleAfter": s.idleAfter = v.numberValue
            case "idlePage": s.idlePage = v.stringValue
            case "pixelShift": s.pixelShift = v.numberValue ?? s.pixelShift
            case "presence":
                guard let topic = v["topic"]?.stringValue else { break }
                s.presence = PresenceSpec(topic: topic, path: v["path"]?.stringValue.map { $0.split(separator: ".").map(String.init) } ?? [],
                                          on: v["on"]?.stringValue, off: v["off"]?.stringValue)
            case "brightness":
                var b = BrightnessSpec()
                b.min = v["min"]?.numberValue ?? b.min
                b.max = v["max"]?.numberValue ?? b.max
                b.schedule = (v["schedule"]?.arrayValue ?? []).compactMap { e in
                    guard let from = e["from"]?.stringValue.flatMap(BrightnessSpec.secondsOfDay), let level = e["level"]?.numberValue else { return nil }
                    return BrightnessSpec.ScheduledLevel(from: from, level: level)
                }
                if let a = v["ambient"], a.objectValue != nil {
                    b.ambient = BrightnessSpec.AmbientSpec(sensor: a["sensor"]?.stringValue ?? "auto",
                                                          darkLux: a["darkLux"]?.numberValue ?? BrightnessSpec.defaultDarkLux,
                                                          brightLux: a["brightLux"]?.numberValue ?? BrightnessSpec.defaultBrightLux)
                }
                s.brightness = b
            default: break
            }
        }
        return s
    }
}
