/// The one version of knob-panel: `knob-panel --version` prints it and MQTT discovery
/// reports it to Home Assistant as the device's `sw_version`, so the two never disagree.
public enum PanelVersion {
    public static let current = "0.1.0"
}
