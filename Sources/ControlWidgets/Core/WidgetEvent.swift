/// What a widget reports to the outside world (becomes a JSON line on stdout / the socket).
public enum WidgetEvent: Sendable, Equatable {
    public enum Source: String, Sendable { case user, program }

    /// `position` in degrees; `positionIndex` as the reference defines it (-1 where it has none);
    /// `value` when the widget maps its travel onto a range; `title` for discrete selections.
    case valueChanged(position: Double, positionIndex: Int, value: Double?, title: String?, source: Source)
    case trackingBegan
    case trackingEnded

    public var name: String {
        switch self {
        case .valueChanged: return "valueChanged"
        case .trackingBegan: return "trackingBegan"
        case .trackingEnded: return "trackingEnded"
        }
    }
}
