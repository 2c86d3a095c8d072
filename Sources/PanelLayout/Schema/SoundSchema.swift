/// The `sound` object: a click on press, through ALSA.
extension PanelSchema {
    public static let sound = ObjectSchema(name: "sound", properties: [
        PropertyRule("click", .bool, default: .bool(false),
                     doc: "A short tick (6 ms) when a finger or the mouse presses a control that takes input; nothing on labels, instruments, disabled or hidden widgets."),
        PropertyRule("device", .string(nonEmpty: true, maxLength: SoundSettings.maxDeviceLength), default: .string(SoundSettings.defaultDevice),
                     doc: "The ALSA PCM the tick plays on: default, plughw:1,0, or a pcm of your asoundrc. None there (or no libasound2): no click, one note on stderr."),
        PropertyRule("volume", .number(min: .atLeast(0), max: .atMost(1)), default: .number(SoundSettings.defaultVolume),
                     doc: "The tick's loudness, a fraction of full scale (0…1)."),
    ])

    /// The checked `sound` object as settings (absent keys take the defaults above).
    static func soundSettings(_ value: LayoutValue?) -> SoundSettings {
        var s = SoundSettings()
        guard let members = value?.objectValue else { return s }
        for (key, v) in members {
            switch key {
            case "click": s.click = v.boolValue ?? s.click
            case "device": s.device = v.stringValue ?? s.device
            case "volume": s.volume = v.numberValue ?? s.volume
            default: break
            }
        }
        return s
    }
}
