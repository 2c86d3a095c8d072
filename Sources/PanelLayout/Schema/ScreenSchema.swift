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
        PropertyRule("idleAfter", idleDelay, default: .null,
                     doc: "Seconds without input before idlePage is shown instead of the page in use (before dimAfter and offAfter); null: never."),
        PropertyRule("idlePage", .identifier,
                     doc: "Id of the page shown while idle (a big clock, a photo); a touch brings back the page that was shown and is swallowed."),
        PropertyRule("pixelShift", .number(min: .atLeast(0), max: .atMost(ScreenSettings.maxPixelShift)), default: .number(ScreenSettings.defaultPixelShift),
                     doc: "How far the idle page drifts, in design pixels, to a new place every \(Int(ScreenSettings.shiftPeriod)) s against burn-in; 0: it stays."),
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
            default: break
            }
        }
        return s
    }
}
