/// A change one widget asks the panel to make to another (a keypad's entered number, a
/// button's step): the controller runs it as the target's own `set` with `value`, so the
/// target clamps and rounds as it does for any command, and reports the outcome from the
/// asking widget (`targetChanged`, or `targetRejected` with the target's reason).
public enum TargetRequest: Sendable, Equatable {
    /// Set the target's value to this number.
    case set(target: String, value: Double)
    /// Move the target's value by this much (value units) from where it is.
    case step(target: String, by: Double)

    public var target: String {
        switch self {
        case .set(let t, _), .step(let t, _): t
        }
    }
}

/// A widget that changes other widgets. The controller takes its requests after every
/// input and animation step it handled, and runs them in order.
public protocol TargetingWidget: WidgetView {
    /// The requests made since the last call, oldest first; the call empties the list.
    func takeTargetRequests() -> [TargetRequest]
}
