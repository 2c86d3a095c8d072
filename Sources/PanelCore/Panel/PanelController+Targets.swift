import ControlWidgets
import Formatting
import PanelProtocol

/// Widgets that change other widgets (a keypad's `target`, a button's `action`): their
/// requests run as the target's own `set` with `value`, with the target's checks, clamping
/// and rounding, and the outcome is reported from the asking widget (docs/protocol.md,
/// "Keypad, spinbox and button actions").
extension PanelController {
    /// Runs what `widget` asked of other widgets while it handled input or advanced.
    package func runTargetRequests(of widget: any WidgetView, at time: Double) {
        guard let asking = widget as? any TargetingWidget else { return }
        for request in asking.takeTargetRequests() { run(request, from: widget, at: time) }
    }

    private func run(_ request: TargetRequest, from asker: any WidgetView, at time: Double) {
        func reject(_ message: String) {
            publish([WidgetEvent("targetRejected", [EventField("target", .string(request.target)), EventField("message", .string(message))])],
                     from: asker, at: time)
        }
        if case let .type(_, digit, fromUser) = request {
            // `check` makes sure the target takes digits (a keypad); a reload may have changed it.
            guard let entry = scene.widget(id: request.target) as? any DigitEntry else {
                return reject("no widget '\(request.target)' that takes typed digits")
            }
            guard scene.style(of: entry.id).enabled else { return reject("'\(entry.id)' is disabled") }
            publish(entry.type(digit: digit, source: fromUser ? .user : .program, at: time), from: entry, at: time)
            return
        }
        // `check` makes sure the target exists and takes a number; a reload may still have
        // removed it, and the style command may have disabled it.
        guard let target = scene.widget(id: request.target), target.commandKeys["set"]?.contains("value") == true else {
            return reject("no widget '\(request.target)' that takes a value")
        }
        guard scene.style(of: target.id).enabled else { return reject("'\(target.id)' is disabled") }
        let requested: Double
        switch request {
        case .set(_, let value): requested = value
        case .type: return
        case .step(_, let by):
            guard let current = target.snapshot()?["value"]?.number else { return reject("'\(target.id)' has no value to step") }
            // On the target's grid before the step, so ten steps of 0.01 land on a grid point.
            requested = (target.valueRounding ?? .none).rounded(current) + by
        }
        guard requested.isFinite, abs(requested) <= PanelCommand.numberBound else { return reject("the value is out of range") }
        do {
            let events = try target.apply(WidgetCommand("set", ["value": .number(requested)]), at: time)
            target.needsDisplay = true
            userTookOver(target)
            publish(events.map { $0.retagged(source: WidgetEvent.Source.user.rawValue) }, from: target, at: time)
            var f = EventFields()
            f.add("target", target.id)
            f.add("requested", requested)
            let applied = target.snapshot()?["value"]?.number
            f.add("value", applied)
            f.add("clamped", Self.wasClamped(requested, to: applied, rounding: target.valueRounding ?? .none))
            f.add("source", WidgetEvent.Source.user)
            publish([WidgetEvent("targetChanged", f.fields)], from: asker, at: time)
        } catch {
            reject(error.description)
        }
    }

    /// Whether the target held the value back at an end of its range (not merely rounded it
    /// to its grid): outside the range's bounds, or, without bounds, landed elsewhere than
    /// the requested value's rounding.
    static func wasClamped(_ requested: Double, to applied: Double?, rounding: ValueRounding) -> Bool {
        if let bounds = rounding.bounds { return !bounds.contains(requested) }
        guard let applied else { return false }
        return abs(applied - rounding.rounded(requested)) > 1e-9 * Swift.max(1, abs(requested))
    }
}
