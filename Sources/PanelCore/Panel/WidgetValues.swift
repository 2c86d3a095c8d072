import ControlWidgets
import PanelProtocol

/// Reading values out of widgets and putting them back, with no knowledge of widget types:
/// a value is restored through the type's own `set` command, so the type's checks apply
/// (a knob whose range shrank clamps or refuses, it is never corrupted).
public enum WidgetValues {
    /// Controls only: a label's text comes from the layout (or a binding), so a reload that
    /// edits it must show the new text, not the old one carried over.
    public static func capture(_ widgets: [any WidgetView]) -> [WidgetValue] {
        widgets.compactMap { w in
            guard WidgetCatalog.savesState(w), let s = w.savedSnapshot() else { return nil }
            let fields: [(key: String, value: CommandValue)] = s.fields.compactMap { f in
                switch f.value {
                case .number(let d): return (f.key, .number(d))
                case .integer(let i): return (f.key, .number(Double(i)))
                case .string(let t): return (f.key, .string(t))
                case .bool(let b): return (f.key, .bool(b))
                case .strings: return nil
                }
            }
            return WidgetValue(id: w.id, type: w.typeName, fields: fields)
        }
    }

    /// Restores each value into the widget with the same id and type; returns the ids
    /// restored. Tries all the fields `set` takes at once, then each alone in order (a knob
    /// takes one of position/positionIndex/value). Events of the restore are dropped: it is
    /// not a change anyone made.
    @discardableResult
    public static func restore(_ values: [WidgetValue], into widgets: [any WidgetView], at time: Double) -> [String] {
        var restored: [String] = []
        for value in values {
            guard let widget = widgets.first(where: { $0.id == value.id }), widget.typeName == value.type,
                  let keys = widget.commandKeys["set"] else { continue }
            let usable = value.fields.filter { keys.contains($0.key) && $0.key != "animated" }
            guard !usable.isEmpty else { continue }
            var attempts = [usable]
            if usable.count > 1 { attempts += usable.map { [$0] } }
            for fields in attempts {
                let command = WidgetCommand("set", Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))
                if (try? widget.apply(command, at: time)) != nil {
                    widget.needsDisplay = true
                    restored.append(value.id)
                    break
                }
            }
        }
        LabelBindings.refreshAll(in: widgets)
        return restored
    }
}
