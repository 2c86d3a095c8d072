import ControlWidgets
import PanelLayout

/// A command from the integrator, one JSON object per line:
/// `{"command":"set","widget":"volume","position":270,"animated":true}` (also `value`,
/// `positionIndex`, `enabled`), `{"command":"get","widget":"volume"}` and `{"command":"list"}`.
public enum PanelCommand: Sendable {
    case set(widget: String, WidgetCommand)
    case get(widget: String)
    case list

    /// Parses one line; errors say the column of the offending value.
    public static func parse(_ text: String) -> Result<PanelCommand, LineError> {
        func fail(_ loc: SourceLocation, _ msg: String) -> Result<PanelCommand, LineError> {
            .failure(LineError(file: "command", line: 1, column: loc.column, message: msg))
        }
        let node: JSONNode
        switch JSONReader.parse(text) {
        case .success(let n): node = n
        case .failure(let e): return fail(e.location, e.message)
        }
        guard let members = node.objectValue else { return fail(node.location, "expected an object, found \(node.typeDescription)") }
        guard let cmdNode = node["command"] else { return fail(node.location, "missing 'command' (set, get, list)") }
        guard let cmd = cmdNode.stringValue else { return fail(cmdNode.location, "'command' must be a string") }
        let allowed: Set<String>
        switch cmd {
        case "set": allowed = ["command", "widget", "position", "positionIndex", "value", "animated", "enabled"]
        case "get": allowed = ["command", "widget"]
        case "list": allowed = ["command"]
        default: return fail(cmdNode.location, "unknown command '\(cmd)' (set, get, list)")
        }
        for m in members where !allowed.contains(m.key) {
            return fail(m.keyLocation, "unknown key '\(m.key)' for command '\(cmd)'")
        }
        if cmd == "list" { return .success(.list) }
        guard let wNode = node["widget"] else { return fail(node.location, "missing 'widget'") }
        guard let widget = wNode.stringValue else { return fail(wNode.location, "'widget' must be a string") }
        if cmd == "get" { return .success(.get(widget: widget)) }

        var c = WidgetCommand()
        for key in ["position", "value"] {
            if let n = node[key] {
                guard let v = n.numberValue, v.isFinite else { return fail(n.location, "'\(key)' must be a number") }
                if key == "position" && abs(v) > 1_000_000 { return fail(n.location, "'position' must be within ±1000000 degrees") }
                if key == "position" { c.position = v } else { c.value = v }
            }
        }
        if let n = node["positionIndex"] {
            guard let v = n.numberValue, v == v.rounded(), abs(v) < 1e9 else { return fail(n.location, "'positionIndex' must be an integer") }
            c.positionIndex = Int(v)
        }
        for key in ["animated", "enabled"] {
            if let n = node[key] {
                guard let b = n.boolValue else { return fail(n.location, "'\(key)' must be true or false") }
                if key == "animated" { c.animated = b } else { c.enabled = b }
            }
        }
        let setters = [c.position != nil, c.value != nil, c.positionIndex != nil].filter { $0 }.count
        if setters > 1 { return fail(node.location, "give only one of 'position', 'positionIndex', 'value'") }
        if setters == 0 && c.enabled == nil { return fail(node.location, "nothing to set: give 'position', 'positionIndex', 'value' or 'enabled'") }
        return .success(.set(widget: widget, c))
    }
}
