/// A change one widget asks the panel to make to another (a keypad's entered number, a
/// button's step): the controller runs it as the target's own `set` with `value`, so the
/// target clamps and rounds as it does for any command, and reports the outcome from the
/// asking widget (`targetChanged`, or `targetRejected` with the target's reason).
public enum TargetRequest: Sendable, Equatable {
    /// Set the target's value to this number.
    case set(target: String, value: Double)
    /// Move the target's value by this much (value units) from where it is.
    case step(target: String, by: Double)
    /// Type this digit (0…9) into the target's entry, as its own key would (a rotary dial
    /// feeding a keypad); `fromUser` is false for a digit dialled by the `dial` command.
    case type(target: String, digit: Int, fromUser: Bool)

    public var target: String {
        switch self {
        case .set(let t, _), .step(let t, _), .type(let t, _, _): t
        }
    }
}

/// A widget that takes digits typed from elsewhere (a keypad fed by a rotary dial).
public protocol DigitEntry: WidgetView {
    /// Types `digit` as the widget's own key would; the events are the widget's own
    /// (`entryChanged`), with the source given.
    func type(digit: Int, source: WidgetEvent.Source, at time: Double) -> [WidgetEvent]
}

/// A widget that changes other widgets. The controller takes its requests after every
/// input and animation step it handled, and runs them in order.
public protocol TargetingWidget: WidgetView {
    /// The requests made since the last call, oldest first; the call empties the list.
    func takeTargetRequests() -> [TargetRequest]
}
