import ControlWidgets
import PanelProtocol

/// What a widget does later because of a command: its events name the command's channel, and
/// an animated `set` tells when the widget has come to rest (docs/protocol.md, "An animated
/// `set`: two moments"). The widget's `valueChanged` reports the target at once; `settled`
/// follows on the first frame at rest, with the resting state and the same `source`.
package struct CommandTrail {
    /// The channel of the last command each widget took, by id: a dial number that waited
    /// its turn starts later, on its own, and is still that channel's doing.
    package var lastSource: [String: String] = [:]
    /// Widgets moving to the target of an animated `set`, by id, with the command's source.
    package var settling: [String: String] = [:]
}

extension PanelController {
    /// A command was applied to `widget` (before its reply and events go out).
    package func commandArrived(for widget: any WidgetView, _ command: WidgetCommand, source: String?, at time: Double) {
        commandTrail.lastSource[widget.id] = source
        if command.animated && widget.isAnimating(at: time) {
            commandTrail.settling[widget.id] = source ?? EventSource.program.rawValue
        } else if !widget.isAnimating(at: time) {
            // An instant `set` ended the glide: its own reply and valueChanged say where it is.
            commandTrail.settling[widget.id] = nil
        }
    }

    /// A finger (or key, wheel) changed `widget`: an animated `set` in flight is no longer
    /// what brings it to rest, so no `settled` for it.
    package func userTookOver(_ widget: any WidgetView) {
        commandTrail.settling[widget.id] = nil
    }

    /// The events `widget.advance` returned, with the command's channel as their source, and
    /// `settled` once an animated `set` has come to rest.
    package func commandEvents(_ events: [WidgetEvent], from widget: any WidgetView, at time: Double) -> [WidgetEvent] {
        var events = events
        if let source = commandTrail.lastSource[widget.id] { events = events.map { $0.retagged(source: source) } }
        if let source = commandTrail.settling[widget.id], !widget.isAnimating(at: time) {
            commandTrail.settling[widget.id] = nil
            if let state = widget.snapshot() {
                events.append(WidgetEvent("settled", state.fields + [EventField("source", .string(source))]))
            }
        }
        return events
    }
}
