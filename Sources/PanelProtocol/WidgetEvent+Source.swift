import ControlWidgets

extension WidgetEvent {
    /// This event with its `program` source replaced (a command's events name their transport).
    package func retagged(source: String) -> WidgetEvent {
        var e = self
        for i in e.fields.indices where e.fields[i].key == "source" && e.fields[i].value == .string(WidgetEvent.Source.program.rawValue) {
            e.fields[i].value = .string(source)
        }
        return e
    }
}
