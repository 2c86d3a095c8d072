import ControlWidgets

/// Labels that show another widget's value (`"bind": "setpoint"`): whenever a widget
/// publishes `valueChanged` (or a command changes it), the labels bound to it are updated.
/// Looked up from the scene each time, so pages that come and go need no bookkeeping.
package enum LabelBindings {
    /// Updates the labels bound to `source` after it published `events`.
    package static func update(after events: [WidgetEvent], from source: any WidgetView, in widgets: [any WidgetView]) {
        guard events.contains(where: { $0.name == "valueChanged" }) else { return }
        refresh(source: source, in: widgets)
    }

    /// Shows `source`'s current state in every label bound to it.
    package static func refresh(source: any WidgetView, in widgets: [any WidgetView]) {
        let labels = widgets.compactMap { $0 as? any BoundValueDisplay }.filter { $0.bind == source.id }
        guard !labels.isEmpty, let state = source.snapshot() else { return }
        let readout = (source as? ValueReadout)?.currentReadout()
        for label in labels { label.show(boundState: state, readout: readout) }
    }

    /// Every bound label shows its widget's state (at start).
    package static func refreshAll(in widgets: [any WidgetView]) {
        let sources = Set(widgets.compactMap { ($0 as? any BoundValueDisplay)?.bind })
        for widget in widgets where sources.contains(widget.id) { refresh(source: widget, in: widgets) }
    }
}
