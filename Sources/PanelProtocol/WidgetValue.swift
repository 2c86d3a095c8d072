import ControlWidgets

/// A widget's value as it is saved (`--state`) and carried over a reload: the widget's id and
/// type, and the fields of its `state` (a knob's position, positionIndex, value).
public struct WidgetValue: Equatable, Sendable {
    public var id: String
    public var type: String
    public var fields: [(key: String, value: CommandValue)]

    public init(id: String, type: String, fields: [(key: String, value: CommandValue)]) {
        self.id = id; self.type = type; self.fields = fields
    }

    public static func == (a: WidgetValue, b: WidgetValue) -> Bool {
        a.id == b.id && a.type == b.type && a.fields.map(\.key) == b.fields.map(\.key) && a.fields.map(\.value) == b.fields.map(\.value)
    }
}
