/// The UIControl states the reference documents key their colours and images by.
/// When several apply, the higher one wins: selected > disabled > highlighted > normal.
public enum ControlState: Int, Sendable, CaseIterable {
    case normal = 0, highlighted = 1, disabled = 2, selected = 3

    public init?(name: String) {
        switch name {
        case "normal": self = .normal
        case "highlighted": self = .highlighted
        case "disabled": self = .disabled
        case "selected": self = .selected
        default: return nil
        }
    }

    /// The effective state for a combination of flags (the reference's indexForState:).
    public static func resolve(highlighted: Bool, enabled: Bool, selected: Bool) -> ControlState {
        if selected { return .selected }
        if !enabled { return .disabled }
        if highlighted { return .highlighted }
        return .normal
    }
}
