import PanelLayout

/// The name a widget goes by outside the panel (a Home Assistant entity): what the panel
/// shows for it, a knob's or slider's `label` or a toggle's or button's `title`, and the id
/// only where the panel shows none (a segmented control, an icon-only button).
public enum NameOnPanel {
    /// The visible name with its line breaks and runs of spaces made single spaces; nil when
    /// the widget shows none.
    public static func shown(_ spec: WidgetSpec?) -> String? {
        for key in ["label", "title"] {
            if let text = spec?.string(key).map(oneLine), !text.isEmpty { return text }
        }
        return nil
    }

    /// The entity name for a widget of a device called `deviceName`. Home Assistant shows
    /// "<device> <entity>" and, finding an entity name that starts with the device's, logs
    /// a warning and strips it; the panel strips it first ("Studio A volume" on panel
    /// "Studio A" is "Volume"), so the log stays clean. Equal to the device's name it stays
    /// (HADiscovery sends it as null).
    public static func entityName(spec: WidgetSpec?, id: String, deviceName: String) -> String {
        guard let name = shown(spec) else { return id }
        guard !deviceName.isEmpty, name != deviceName, name.hasPrefix(deviceName + " ") else { return name }
        let rest = oneLine(String(name.dropFirst(deviceName.count)))
        guard let first = rest.first else { return name }
        return first.uppercased() + String(rest.dropFirst())
    }

    /// Whitespace runs (spaces, tabs, line breaks) as one space, none at either end.
    package static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }
}
