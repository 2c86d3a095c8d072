/// The `screen` object: screen power for panels that hang on a wall for years.
extension PanelSchema {
    /// Seconds of no input, or null for never.
    static let idleDelay = ValueRule.oneOf([.number(min: .above(0), max: .atMost(ScreenSettings.maxDelay)), .null])

    public static let screen = ObjectSchema(name: "screen", properties: [
        PropertyRule("dimAfter", idleDelay, default: .null,
                     doc: "Seconds without input before the screen dims to dimLevel; null: never."),
        PropertyRule("dimLevel", .number(min: .atLeast(0), max: .atMost(1)), default: .number(ScreenSettings.defaultDimLevel),
                     doc: "Brightness while dimmed, a fraction of full (0.3 = 30 %): the backlight's, or the frame's pixel values where there is no backlight."),
        PropertyRule("offAfter", idleDelay, default: .null,
                     doc: "Seconds without input before the screen turns off (backlight off, DPMS off or a black frame; no frames drawn); null: never."),
        PropertyRule("wakeOnTouch", .bool, default: .bool(true),
                     doc: "A touch or pointer button wakes a dimmed or dark screen (keys, wheels and encoders always do); the input that wakes it is swallowed."),
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
            default: break
            }
        }
        return s
    }
}
