import ControlWidgets
import PanelLayout

/// What `--state` keeps: the shown page and each control's value, as one JSON object:
/// `{"version":1,"panel":"Demo","page":"main","widgets":[{"id":"volume","type":"knob","fields":{"position":90,…}}]}`.
public struct SavedState: Equatable, Sendable {
    public var panel: String
    public var page: String?
    public var widgets: [WidgetValue]
    /// Widget entries left out when reading (a value beyond ±1e9, a missing id…): one bad
    /// entry costs that widget its saved value, not every other widget theirs.
    public var skipped: [LineError] = []

    public static func == (a: SavedState, b: SavedState) -> Bool {
        a.panel == b.panel && a.page == b.page && a.widgets == b.widgets
    }

    public init(panel: String, page: String?, widgets: [WidgetValue]) {
        self.panel = panel; self.page = page; self.widgets = widgets
    }

    public var json: String {
        var w = JSONLineWriter()
        w.add("version", 1)
        w.add("panel", panel)
        if let page { w.add("page", page) }
        let items = widgets.map { v -> String in
            var o = JSONLineWriter()
            o.add("id", v.id); o.add("type", v.type)
            var f = JSONLineWriter()
            for (key, value) in v.fields {
                switch value {
                case .number(let d): f.add(key, d)
                case .string(let s): f.add(key, s)
                case .bool(let b): f.add(key, b)
                }
            }
            o.addRaw("fields", f.line)
            return o.line
        }
        w.addRaw("widgets", "[" + items.joined(separator: ",") + "]")
        return w.line
    }

    /// Reads a state file's text; the error says what is wrong in one line.
    public static func parse(_ text: String) -> Result<SavedState, LineError> {
        func fail(_ loc: SourceLocation, _ m: String) -> Result<SavedState, LineError> {
            .failure(LineError(file: "state", line: loc.line, column: loc.column, message: m))
        }
        let root: JSONNode
        switch JSONReader.parse(text) {
        case .failure(let e): return fail(e.location, e.message)
        case .success(let n): root = n
        }
        guard root.objectValue != nil else { return fail(root.location, "expected an object") }
        guard root["version"]?.numberValue == 1 else { return fail(root.location, "unknown state version (expected 1)") }
        guard let panel = root["panel"]?.stringValue else { return fail(root.location, "missing 'panel'") }
        guard let items = root["widgets"]?.arrayValue else { return fail(root.location, "missing 'widgets'") }
        var widgets: [WidgetValue] = []
        var skipped: [LineError] = []
        func skip(_ loc: SourceLocation, _ m: String) {
            skipped.append(LineError(file: "state", line: loc.line, column: loc.column, message: m))
        }
        entries: for item in items {
            guard let id = item["id"]?.stringValue, let type = item["type"]?.stringValue,
                  let members = item["fields"]?.objectValue else {
                skip(item.location, "a widget needs 'id', 'type' and 'fields'")
                continue
            }
            var fields: [(key: String, value: CommandValue)] = []
            for m in members {
                switch m.value.kind {
                case .number(let d) where d.isFinite && abs(d) <= PanelCommand.numberBound: fields.append((m.key, .number(d)))
                case .string(let s): fields.append((m.key, .string(s)))
                case .bool(let b): fields.append((m.key, .bool(b)))
                default:
                    skip(m.value.location, "'\(LineError.excerpt(id))': '\(LineError.excerpt(m.key))' must be a finite number within ±1e9, a string or a boolean")
                    continue entries
                }
            }
            widgets.append(WidgetValue(id: id, type: type, fields: fields))
        }
        var state = SavedState(panel: panel, page: root["page"]?.stringValue, widgets: widgets)
        state.skipped = skipped
        return .success(state)
    }
}
