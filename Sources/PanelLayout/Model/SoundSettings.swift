/// The layout's `sound`: a short tick when a finger presses a control (issue 27, "a click you
/// can hear"), played through ALSA by the host (PanelHost's ClickSound). Off by default.
public struct SoundSettings: Sendable, Equatable {
    public var click = false
    /// The ALSA PCM name ("default", "plughw:1,0", a pcm of the user's asoundrc).
    public var device = SoundSettings.defaultDevice
    /// The tick's loudness, a fraction of full scale, 0…1.
    public var volume = SoundSettings.defaultVolume

    public static let defaultDevice = "default"
    public static let defaultVolume = 0.5
    public static let maxDeviceLength = 128

    public init(click: Bool = false, device: String = SoundSettings.defaultDevice, volume: Double = SoundSettings.defaultVolume) {
        self.click = click; self.device = device; self.volume = volume
    }
}
