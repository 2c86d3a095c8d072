import ControlWidgets

/// What the `style` command sets on a widget, whatever its type (docs/protocol.md, "Style"):
/// its tint (nil: the layout's), whether it is drawn and takes touches (`visible`), and
/// whether it takes input (`enabled`). Kept by the panel, not the widget, so it survives a
/// tint change that rebuilds the widget, a reload and a restart (`--state`).
public struct WidgetStyle: Equatable, Sendable {
    /// `#rrggbb` or `#rrggbbaa`, as the command gave it; nil: the layout's own.
    public var tint: String?
    public var visible: Bool
    public var enabled: Bool

    public init(tint: String? = nil, visible: Bool = true, enabled: Bool = true) {
        self.tint = tint; self.visible = visible; self.enabled = enabled
    }

    /// As the layout has it: nothing for the state file to keep.
    public var isLayoutDefault: Bool { tint == nil && visible && enabled }

    /// The keys `style` takes.
    public static let keys: Set<String> = ["tint", "visible", "enabled"]

    /// The style's fields for a reply, an event and the state file: `visible`, `enabled`,
    /// then `tint` when one is set.
    public var fields: [(key: String, value: CommandValue)] {
        var f: [(key: String, value: CommandValue)] = [("visible", .bool(visible)), ("enabled", .bool(enabled))]
        if let tint { f.append(("tint", .string(tint))) }
        return f
    }
}
