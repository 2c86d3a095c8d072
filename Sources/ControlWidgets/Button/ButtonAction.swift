import PanelLayout

/// What a button does to another widget on each click (and each auto-repeat):
/// `"action": {"step": "voltage", "by": -0.01}` moves that widget's value by `by` from where
/// it is; `"action": {"set": "voltage", "value": 12}` sets it (a preset). The target is any
/// widget that takes a number (`check` says which), and clamps and rounds as its own `set` does.
public enum ButtonAction: Sendable, Equatable {
    case step(target: String, by: Double)
    case set(target: String, value: Double)

    public var request: TargetRequest {
        switch self {
        case let .step(t, by): .step(target: t, by: by)
        case let .set(t, v): .set(target: t, value: v)
        }
    }

    /// The spec's `action`, nil without one (the checker made sure it has this shape).
    public init?(_ value: LayoutValue?) {
        guard let value else { return nil }
        if let t = value["step"]?.stringValue, let by = value["by"]?.numberValue { self = .step(target: t, by: by) }
        else if let t = value["set"]?.stringValue, let v = value["value"]?.numberValue { self = .set(target: t, value: v) }
        else { return nil }
    }

    static let schema = ObjectSchema(name: "action", properties: [
        PropertyRule("step", .identifier, doc: "The widget whose value each click moves by `by`."),
        PropertyRule("by", .number(min: .atLeast(-1e9), max: .atMost(1e9)), doc: "How far each click moves the value, in the target's units (negative: down)."),
        PropertyRule("set", .identifier, doc: "The widget each click sets to `value`."),
        PropertyRule("value", .rangeEnd, doc: "The value a `set` action gives its target."),
    ])

    /// `step` with a non-zero `by`, or `set` with a `value`; never both.
    static let constraint = WidgetConstraint { members in
        guard let action = members["action"], let inner = action.value.objectValue else { return [] }
        let keys = Dictionary(inner.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let at = action.value.location
        switch (keys["step"] != nil, keys["set"] != nil) {
        case (true, true): return [(at, "'action' takes 'step' or 'set', not both")]
        case (false, false): return [(at, "'action' needs 'step' (with 'by') or 'set' (with 'value')")]
        case (true, false):
            if keys["value"] != nil { return [(keys["value"]!.keyLocation, "'value' goes with 'set'; a 'step' action takes 'by'")] }
            guard let by = keys["by"] else { return [(at, "a 'step' action needs 'by' (how far each click moves the value)")] }
            if by.value.numberValue == 0 { return [(by.value.location, "'by' must not be 0")] }
            return []
        case (false, true):
            if keys["by"] != nil { return [(keys["by"]!.keyLocation, "'by' goes with 'step'; a 'set' action takes 'value'")] }
            return keys["value"] == nil ? [(at, "a 'set' action needs 'value'")] : []
        }
    }

    /// The widget a spec's action names, for the checker's target check.
    static func targets(_ spec: WidgetSpec) -> [(key: String, id: String)] {
        switch ButtonAction(spec.value("action")) {
        case let .step(t, _)?, let .set(t, _)?: [(key: "action", id: t)]
        case nil: []
        }
    }
}
