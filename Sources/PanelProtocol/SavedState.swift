import ControlWidgets
import PanelLayout

/// What `--state` keeps: the shown page and each control's value, as one JSON object:
/// `{"version":1,"panel":"Demo","page":"main","widgets":[{"id":"volume","type":"knob","fields":{"position":90,…}}]}`,
/// and, when the `style` command changed any, `"styles":[{"id":"cool","visible":true,"enabled":false,"tint":"#3478f6"}]`.
public struct SavedState: Equatable, Sendable {
    public var panel: String
    public var page: String?
    public var widgets: [WidgetValue]
    /// The `style` of each widget that has one other than the layout's, by id.
    public var styles: [String: WidgetStyle] = [:]
    /// Widget entries left out when reading (a value beyond ±1e9, a missing id…): one bad
    /// entry costs that widget its saved value, not every other widget theirs.
    public var skipped: [LineError] = []

    public static func == (a: SavedState, b: SavedState) -> Bool {
        a.panel == b.panel && a.page == b.page && a.widgets == b.widgets && a.styles == b.styles
    }

    public init(panel: String, page: String?, widgets: [WidgetValue], styles: [String: WidgetStyle] = [:]) {
        self.panel = panel; self.page = page; self.widgets = widgets; self.styles = styles
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
        if let styled = Self.stylesJSON(styles) { w.addRaw("styles", styled) }
        return w.line
    }

    /// The `styles` array of the widgets whose style is not the layout's, by id; nil when
    /// there is none (the state file and a flight recording's state both carry it).
    public static func stylesJSON(_ styles: [String: WidgetStyle]) -> String? {
        let styled = styles.filter { !$0.value.isLayoutDefault }.sorted { $0.key < $1.key }
        guard !styled.isEmpty else { return nil }
        let entries = styled.map { id, style -> String in
            var o = JSONLineWriter()
            o.add("id", id)
            for (key, value) in style.fields {
                switch value {
                case .bool(let b): o.add(key, b)
                case .string(let t): o.add(key, t)
                case .number(let d): o.add(key, d)
                }
            }
            return o.line
        }
        return "[" + entries.joined(separator: ",") + "]"
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
        var styles: [String: WidgetStyle] = [:]
        for item in root["styles"]?.arrayValue ?? [] {
            // Like a widget entry: a bad one costs that widget its style, nothing else.
            guard let id = item["id"]?.stringValue else { skip(item.location, "a style needs an 'id'"); continue }
            var style = WidgetStyle()
            if let v = item["visible"] { guard let b = v.boolValue else { skip(v.location, "'visible' must be true or false"); continue }; style.visible = b }
            if let v = item["enabled"] { guard let b = v.boolValue else { skip(v.location, "'enabled' must be true or false"); continue }; style.enabled = b }
            if let v = item["tint"] {
                guard let t = v.stringValue, RGBA(hex: t) != nil else { skip(v.location, "'tint' must be a colour like \"#3478f6\""); continue }
                style.tint = t
            }
            styles[id] = style
        }
        var state = SavedState(panel: panel, page: root["page"]?.stringValue, widgets: widgets, styles: styles)
        state.skipped = skipped
        return .success(state)
    }
}
