/// Which events a client receives (`observe`): every event by default, those of some
/// widgets, or none. Panel events (`reloaded`, `reloadFailed`) reach every client that
/// observes anything, since they concern all widgets.
public enum EventFilter: Sendable, Equatable {
    case all
    case widgets(Set<String>)

    public static let none = EventFilter.widgets([])

    /// Whether an event of `widget` (nil for a panel event) passes.
    public func admits(widget: String?) -> Bool {
        switch self {
        case .all: return true
        case .widgets(let ids):
            guard let widget else { return !ids.isEmpty }
            return ids.contains(widget)
        }
    }

    /// As JSON text for a reply's data: `"*"` or the sorted ids.
    public var json: String {
        switch self {
        case .all: return "\"*\""
        case .widgets(let ids): return "[" + ids.sorted().map(JSONLineWriter.quote).joined(separator: ",") + "]"
        }
    }
}
