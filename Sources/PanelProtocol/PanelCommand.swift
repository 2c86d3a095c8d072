import ControlWidgets
import PanelLayout

/// A command from the integrator, one JSON object per line (stdin, input scripts):
/// `{"command":"set","widget":"volume","position":270,"animated":true}`,
/// `{"command":"get","widget":"volume"}`, `{"command":"list"}`, and the verbs a widget type
/// adds for itself (a dial's `{"command":"dial","widget":"phone","number":7}`).
///
/// Any request may carry a `request_id` (any JSON scalar); its reply echoes it. The parser
/// checks what it can without the panel (shape, types, finite numbers within ±1e9); the
/// controller checks the keys against the widget's type.
public struct PanelCommand: Sendable, Equatable {
    public enum Action: Sendable, Equatable {
        case list
        case get(widget: String)
        /// `get` without a widget: the panel's own state (page, screen).
        case getPanel
        /// `set` or a widget type's own verb, for one widget.
        case widget(id: String, WidgetCommand)
        /// Which widgets' events the asking client receives from now on.
        case observe(EventFilter)
        /// Writes the frame on screen as a PNG.
        case screenshot(path: String)
        /// Reads the layout file again and swaps it in if it is valid.
        case reload
        /// Show a page: the drawer's push (animated unless `animated` is false).
        case page(id: String, animated: Bool)
        /// Move the drawer to a position, or `toggle` the menu.
        case drawer(position: String, animated: Bool)
        /// Sets the screen's state (`on` wakes it, `idle`, `dim`, `off`) and restarts its idle
        /// timers; `brightness` (a fraction of full) sets the on-level by hand. At least one.
        case screen(ScreenState?, brightness: Double?)
        /// Writes the flight recorder's ring, the layout and the state as one replayable file.
        case dump(path: String)
    }

    public var action: Action
    /// The request's `request_id`, as JSON text (`7`, `"abc"`), echoed in its reply.
    public var requestID: String?

    public init(_ action: Action, requestID: String? = nil) { self.action = action; self.requestID = requestID }

    /// Commands addressed to the panel itself.
    public static let panelVerbs = ["list", "get", "observe", "screenshot", "reload", "page", "drawer", "screen", "dump"]
    /// What `drawer` takes as `position`: a position name, or `toggle` (the menu button's action).
    public static let drawerPositions = ["toggle"] + FrontViewPosition.names
    /// Commands addressed to one widget: `set`, the verbs of the catalog's command sets (a
    /// dial's `dial`, a chart's `append`), in the catalog's order, and `style` (tint, visible,
    /// enabled), the panel's own, which takes the same keys on every type.
    public static let widgetVerbs: [String] = {
        var verbs = ["set"]
        for set in WidgetCatalog.all.flatMap({ $0.commandSets }) {
            for verb in set.verbs.keys.sorted() where !verbs.contains(verb) { verbs.append(verb) }
        }
        return verbs + ["style"]
    }()
    /// Bound on every number in a command: anything larger is a mistake, and non-finite
    /// numbers must never reach a model.
    public static let numberBound = 1e9
    /// The dimmest on-level a `screen` command may ask for: a lit screen one can still read.
    public static let minimumBrightness = 0.01

    /// Parses one line; errors say the column of the offending value.
    public static func parse(_ text: String) -> Result<PanelCommand, LineError> {
        switch JSONReader.parse(text) {
        case .success(let node): return parse(node: node, file: "command", line: 1)
        case .failure(let e): return .failure(LineError(file: "command", line: 1, column: e.location.column, message: e.message))
        }
    }

    /// Parses a command object (a line of its own, or the `command` of an input script line).
    /// `widget`: the widget a widget command without one is for (an MQTT topic names it).
    public static func parse(node: JSONNode, file: String, line: Int, widget defaultWidget: String? = nil) -> Result<PanelCommand, LineError> {
        func fail(_ loc: SourceLocation, _ msg: String) -> Result<PanelCommand, LineError> {
            .failure(LineError(file: file, line: line, column: loc.column, message: msg))
        }
        let verbs = panelVerbs + widgetVerbs
        guard let members = node.objectValue else { return fail(node.location, "expected an object, found \(node.typeDescription)") }
        guard let cmdNode = node["command"] else { return fail(node.location, "missing 'command' (\(verbs.joined(separator: ", ")))") }
        guard let verb = cmdNode.stringValue else { return fail(cmdNode.location, "'command' must be a string") }
        guard verbs.contains(verb) else {
            return fail(cmdNode.location, "unknown command '\(LineError.excerpt(verb))'\(Suggestion.hint(for: verb, in: verbs)) (\(verbs.joined(separator: ", ")))")
        }
        var requestID: String?
        var arguments: [String: CommandValue] = [:]
        var seen: Set<String> = []
        for m in members {
            guard seen.insert(m.key).inserted else { return fail(m.keyLocation, "duplicate key '\(LineError.excerpt(m.key))'") }
            switch m.key {
            case "command": continue
            case "widget" where verb != "page" && verb != "drawer" && verb != "screen": continue
            case "request_id":
                guard let rid = requestIDText(m.value) else {
                    return fail(m.value.location, "'request_id' must be a string, number, boolean or null")
                }
                requestID = rid
                continue
            default: break
            }
            if panelVerbs.contains(verb) {
                if (verb == "observe" && m.key == "widgets") || ((verb == "screenshot" || verb == "dump") && m.key == "path") { continue }
                let own = verb == "page" ? ["page", "animated"] : verb == "drawer" ? ["position", "animated"] : verb == "screen" ? ["state", "brightness"] : []
                if !own.contains(m.key) {
                    return fail(m.keyLocation, "unknown key '\(LineError.excerpt(m.key))' for command '\(verb)'\(Suggestion.hint(for: m.key, in: own))")
                }
            }
            switch m.value.kind {
            case .number(let d):
                guard d.isFinite, abs(d) <= numberBound else {
                    return fail(m.value.location, "'\(LineError.excerpt(m.key))' must be a finite number within ±1e9")
                }
                arguments[m.key] = .number(d)
            case .bool(let b): arguments[m.key] = .bool(b)
            case .string(let s): arguments[m.key] = .string(s)
            default: return fail(m.value.location, "'\(LineError.excerpt(m.key))' must be a number, string or boolean, found \(m.value.typeDescription)")
            }
        }
        switch verb {
        case "list": return .success(PanelCommand(.list, requestID: requestID))
        case "reload": return .success(PanelCommand(.reload, requestID: requestID))
        case "observe":
            guard let w = node["widgets"] else { return fail(node.location, "missing 'widgets' (a list of widget ids, [] for none, or \"*\" for all)") }
            if w.stringValue == "*" { return .success(PanelCommand(.observe(.all), requestID: requestID)) }
            guard let items = w.arrayValue else { return fail(w.location, "'widgets' must be a list of widget ids or \"*\"") }
            var ids: [String] = []
            for item in items {
                guard let id = item.stringValue else { return fail(item.location, "'widgets' must hold widget ids (strings)") }
                ids.append(id)
            }
            return .success(PanelCommand(.observe(.widgets(Set(ids))), requestID: requestID))
        case "screenshot":
            guard let p = node["path"] else { return fail(node.location, "missing 'path' (where to write the PNG)") }
            guard let path = p.stringValue, !path.isEmpty, !path.utf8.contains(0) else { return fail(p.location, "'path' must be a file name") }
            return .success(PanelCommand(.screenshot(path: path), requestID: requestID))
        case "dump":
            guard let p = node["path"] else { return fail(node.location, "missing 'path' (where to write the flight recording)") }
            guard let path = p.stringValue, !path.isEmpty, !path.utf8.contains(0) else { return fail(p.location, "'path' must be a file name") }
            return .success(PanelCommand(.dump(path: path), requestID: requestID))
        case "screen":
            let states = ScreenState.allCases.map(\.rawValue)
            var brightness: Double?
            if let bNode = node["brightness"] {
                guard case .number(let b)? = arguments["brightness"], b >= minimumBrightness, b <= 1 else {
                    return fail(bNode.location, "'brightness' must be a number from \(JSONLineWriter.number(minimumBrightness)) to 1 (a fraction of full; 'off' switches the screen off)")
                }
                brightness = b
            }
            guard let sNode = node["state"] else {
                if brightness != nil { return .success(PanelCommand(.screen(nil, brightness: brightness), requestID: requestID)) }
                return fail(node.location, "missing 'state' (\(states.joined(separator: ", "))) or 'brightness'")
            }
            guard case .string(let value)? = arguments["state"], let state = ScreenState(rawValue: value) else {
                return fail(sNode.location, "'state' must be one of \(states.joined(separator: ", "))")
            }
            return .success(PanelCommand(.screen(state, brightness: brightness), requestID: requestID))
        case "page", "drawer":
            let key = verb == "page" ? "page" : "position"
            guard let vNode = node[key] else {
                return fail(node.location, "missing '\(key)'" + (verb == "drawer" ? " (\(drawerPositions.joined(separator: ", ")))" : " (a page id)"))
            }
            guard case .string(let value)? = arguments[key] else { return fail(vNode.location, "'\(key)' must be a string") }
            var animated = true
            if let aNode = node["animated"] {
                guard case .bool(let b)? = arguments["animated"] else { return fail(aNode.location, "'animated' must be true or false") }
                animated = b
            }
            if verb == "page" { return .success(PanelCommand(.page(id: value, animated: animated), requestID: requestID)) }
            guard drawerPositions.contains(value) else {
                return fail(vNode.location, "unknown position '\(LineError.excerpt(value))'\(Suggestion.hint(for: value, in: drawerPositions)) (\(drawerPositions.joined(separator: ", ")))")
            }
            return .success(PanelCommand(.drawer(position: value, animated: animated), requestID: requestID))
        default: break
        }
        if verb == "get" && node["widget"] == nil { return .success(PanelCommand(.getPanel, requestID: requestID)) }
        let widget: String
        if let wNode = node["widget"] {
            guard let id = wNode.stringValue else { return fail(wNode.location, "'widget' must be a string") }
            widget = id
        } else if let defaultWidget {
            widget = defaultWidget
        } else { return fail(node.location, "missing 'widget'") }
        if verb == "get" { return .success(PanelCommand(.get(widget: widget), requestID: requestID)) }
        return .success(PanelCommand(.widget(id: widget, WidgetCommand(verb, arguments)), requestID: requestID))
    }
}

extension PanelCommand {
    /// A scalar `request_id` as JSON text, nil for arrays and objects.
    package static func requestIDText(_ node: JSONNode) -> String? {
        switch node.kind {
        case .string(let s): return JSONLineWriter.quote(s)
        case .number(let d) where d.isFinite: return JSONLineWriter.number(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        default: return nil
        }
    }

    /// The `request_id` of a line that failed to parse as a command, when the line is at
    /// least a JSON object with a scalar one: its error reply can still echo it.
    public static func requestID(inFailedLine text: String) -> String? {
        // A number out of range elsewhere on the line (`"x":1e999`) must not hide the id.
        guard case .success(let node) = JSONReader.parseKeepingHugeNumbers(text), let rid = node["request_id"] else { return nil }
        return requestIDText(rid)
    }
}

extension LineError {
    /// A user's text quoted in an error, cut short so a huge line is not echoed back whole,
    /// with control characters and line separators escaped (`\u000A`): a JSON escape such as
    /// `"a\nb"` in a key must not split a `FILE:LINE:COLUMN: error:` line in two (found by
    /// the script and command fuzz targets).
    public static func excerpt(_ s: String, limit: Int? = 80) -> String {
        var out = String.UnicodeScalarView()
        for (i, u) in s.unicodeScalars.enumerated() {
            if i == limit { return String(out) + "…" }
            if u.value < 0x20 || u.value == 0x7F || u == "\u{85}" || u == "\u{2028}" || u == "\u{2029}" {
                let hex = String(u.value, radix: 16, uppercase: true)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).unicodeScalars)
            } else {
                out.append(u)
            }
        }
        return String(out)
    }
}
