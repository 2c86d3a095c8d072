import PanelLayout

/// The one input vocabulary: input scripts, libinput and the socket all produce these.
/// Coordinates are design pixels; times are seconds on the frame clock.
public enum InputEvent: Sendable, Equatable {
    case touchDown(id: Int, x: Double, y: Double)
    case touchMotion(id: Int, x: Double, y: Double)
    case touchUp(id: Int)
    case touchCancel(id: Int)
    case pointerMotion(x: Double, y: Double)
    case button(PointerButton, pressed: Bool)
    /// Wheel or rotary-encoder detents; positive turns clockwise / scrolls up.
    case wheel(delta: Double)
    case key(String, pressed: Bool)
    /// A command of docs/protocol.md carried by an input script line, executed at its time.
    case command(PanelCommand)
    /// A touch_down or touch_motion aimed at a widget (scripts); resolved by the runtime.
    case aimedTouch(AimedTouch)

    public enum PointerButton: String, Sendable { case left, right, middle }
}

public struct TimedInput: Sendable, Equatable {
    public var time: Double
    public var event: InputEvent
    public init(time: Double, event: InputEvent) { self.time = time; self.event = event }
}

/// A problem in a JSON-lines input (script or socket line), with its position.
public struct LineError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String
    /// One line, always: control characters a message might quote are escaped here too.
    public var description: String { "\(file):\(line):\(column): error: \(LineError.excerpt(message, limit: nil))" }

    package init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }
}

/// Every problem found in a JSON-lines file.
public struct LineErrors: Error, Sendable, CustomStringConvertible {
    public var errors: [LineError]
    public var description: String { errors.map(\.description).joined(separator: "\n") }
}

/// Parses input lines such as `{"t":0.10,"type":"touch_down","id":0,"x":180,"y":80}`.
public enum InputScript {
    /// Each type takes its own keys (built once: per line it cost 4 % of a long replay).
    package static let keysByType: [String: Set<String>] = [
        "touch_down": ["id", "x", "y", "widget", "angle", "radius"], "touch_motion": ["id", "x", "y", "widget", "angle", "radius"], "touch_up": ["id"], "touch_cancel": ["id"],
        "pointer_motion": ["x", "y"], "button": ["button", "state"], "wheel": ["delta"], "key": ["key", "state"], "command": ["command"],
    ]
    public static let keyNames: Set<String> = ["Left", "Right", "Up", "Down", "PageUp", "PageDown", "Home", "End", "Tab", "Enter", "Space", "Escape"]

    /// Parses a whole script; every bad line is reported, and times must not go backwards.
    public static func parse(_ text: String, file: String) -> Result<[TimedInput], LineErrors> {
        var inputs: [TimedInput] = []
        var errors: [LineError] = []
        var lastTime = -Double.infinity
        // Split the UTF-8 bytes on "\n" (never on Characters: "\r\n" is one Character in
        // Swift, so a CRLF file would be one long line); one pass, linear in the file.
        var lineNumber = 0
        var utf8 = Substring(text).utf8[...]
        while !utf8.isEmpty || lineNumber == 0 {
            lineNumber += 1
            let end = utf8.firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            var raw = utf8[utf8.startIndex..<end]
            utf8 = end == utf8.endIndex ? utf8[end...] : utf8[utf8.index(after: end)...]
            if raw.last == UInt8(ascii: "\r") { raw = raw.dropLast() }
            if raw.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) || raw.first == UInt8(ascii: "#") { continue }
            switch parseLine(String(decoding: raw, as: UTF8.self), file: file, line: lineNumber) {
            case .success(let input):
                if input.time < lastTime {
                    errors.append(LineError(file: file, line: lineNumber, column: 1, message: "time \(input.time) is earlier than the previous line's \(lastTime)"))
                }
                lastTime = Swift.max(lastTime, input.time)
                inputs.append(input)
            case .failure(let e):
                errors.append(e)
            }
        }
        return errors.isEmpty ? .success(inputs) : .failure(LineErrors(errors: errors))
    }

    public static func parseLine(_ text: String, file: String, line: Int) -> Result<TimedInput, LineError> {
        func fail(_ loc: SourceLocation, _ msg: String) -> Result<TimedInput, LineError> {
            .failure(LineError(file: file, line: line, column: loc.column, message: msg))
        }
        let node: JSONNode
        switch JSONReader.parse(text) {
        case .success(let n): node = n
        case .failure(let e): return fail(e.location, e.message)
        }
        guard let members = node.objectValue else { return fail(node.location, "expected an object, found \(node.typeDescription)") }
        // Each type takes its own keys; a stray one (an "x" on a wheel line) is a mistake in
        // the script, and so is a key given twice.
        let allowed = ["t", "type"] + (keysByType[node["type"]?.stringValue ?? ""] ?? ["id", "x", "y", "button", "state", "delta", "key"])
        var seen: Set<String> = []
        for m in members {
            if !allowed.contains(m.key) {
                let type = node["type"]?.stringValue.map { " for '\(LineError.excerpt($0))'" } ?? ""
                return fail(m.keyLocation, "unknown key '\(LineError.excerpt(m.key))'\(type)")
            }
            if !seen.insert(m.key).inserted { return fail(m.keyLocation, "duplicate key '\(LineError.excerpt(m.key))'") }
        }
        func number(_ key: String) -> Result<Double, LineError> {
            guard let v = node[key] else { return .failure(LineError(file: file, line: line, column: node.location.column, message: "missing '\(key)'")) }
            guard let n = v.numberValue, n.isFinite else { return .failure(LineError(file: file, line: line, column: v.location.column, message: "'\(key)' must be a number, found \(v.typeDescription)")) }
            return .success(n)
        }
        func coordinate(_ key: String) -> Result<Double, LineError> {
            number(key).flatMap { n in
                abs(n) <= InputEvent.coordinateBound ? .success(n)
                    : .failure(LineError(file: file, line: line, column: node[key]!.location.column, message: "'\(key)' must be within ±1000000 design pixels"))
            }
        }
        func string(_ key: String) -> Result<(String, SourceLocation), LineError> {
            guard let v = node[key] else { return .failure(LineError(file: file, line: line, column: node.location.column, message: "missing '\(key)'")) }
            guard let s = v.stringValue else { return .failure(LineError(file: file, line: line, column: v.location.column, message: "'\(key)' must be a string, found \(v.typeDescription)")) }
            return .success((s, v.location))
        }
        do {
            let t = try number("t").get()
            guard t >= 0 else { return fail(node["t"]!.location, "'t' must not be negative") }
            let (type, typeLoc) = try string("type").get()
            let event: InputEvent
            switch type {
            case "touch_down", "touch_motion":
                let id = try number("id").get()
                guard id == id.rounded(), id >= 0, id < 1_000_000 else { return fail(node["id"]!.location, "'id' must be a whole number from 0 (touch ids; the mouse uses its own)") }
                if node["widget"] != nil {
                    event = .aimedTouch(try aimedTouch(type == "touch_down" ? .down : .motion, id: Int(id)).get())
                    break
                }
                for key in ["angle", "radius"] {
                    if let v = node[key] { return fail(v.location, "'\(key)' aims at a widget: give 'widget' too") }
                }
                let x = try coordinate("x").get(), y = try coordinate("y").get()
                event = type == "touch_down" ? .touchDown(id: Int(id), x: x, y: y) : .touchMotion(id: Int(id), x: x, y: y)
            case "touch_up", "touch_cancel":
                let id = try number("id").get()
                guard id == id.rounded(), id >= 0, id < 1_000_000 else { return fail(node["id"]!.location, "'id' must be a whole number from 0 (touch ids; the mouse uses its own)") }
                event = type == "touch_up" ? .touchUp(id: Int(id)) : .touchCancel(id: Int(id))
            case "pointer_motion":
                event = .pointerMotion(x: try coordinate("x").get(), y: try coordinate("y").get())
            case "button":
                let (b, bLoc) = try string("button").get()
                guard let button = InputEvent.PointerButton(rawValue: b) else { return fail(bLoc, "unknown button '\(LineError.excerpt(b))' (left, right, middle)") }
                event = .button(button, pressed: try pressed().get())
            case "wheel":
                let delta = try number("delta").get()
                guard abs(delta) <= InputEvent.wheelBound else { return fail(node["delta"]!.location, "'delta' must be within ±1000 detents") }
                event = .wheel(delta: delta)
            case "command":
                guard let c = node["command"] else { return fail(node.location, "missing 'command' (a command object of docs/protocol.md)") }
                guard c.objectValue != nil else { return fail(c.location, "'command' must be a command object such as {\"command\":\"set\",\"widget\":\"volume\",\"position\":90}") }
                switch PanelCommand.parse(node: c, file: file, line: line) {
                case .success(let command): event = .command(command)
                case .failure(let e): return .failure(e)
                }
            case "key":
                let (k, kLoc) = try string("key").get()
                guard keyNames.contains(k) else {
                    return fail(kLoc, "unknown key '\(LineError.excerpt(k))' (\(keyNames.sorted().joined(separator: ", ")))")
                }
                event = .key(k, pressed: try pressed().get())
            default:
                return fail(typeLoc, "unknown input type '\(LineError.excerpt(type))' (touch_down, touch_motion, touch_up, touch_cancel, pointer_motion, button, wheel, key, command)")
            }
            return .success(TimedInput(time: t, event: event))
        } catch {
            return .failure(error)
        }

        /// `widget` with optional `angle` and `radius` instead of `x` and `y`.
        func aimedTouch(_ phase: AimedTouch.Phase, id: Int) -> Result<AimedTouch, LineError> {
            for key in ["x", "y"] {
                if let v = node[key] { return .failure(LineError(file: file, line: line, column: v.location.column, message: "give either 'x' and 'y' or 'widget', not both")) }
            }
            do {
                let (widget, widgetLoc) = try string("widget").get()
                let angle = node["angle"] == nil ? 0 : try number("angle").get()
                if abs(angle) > AimedTouch.maxAngle {
                    return .failure(LineError(file: file, line: line, column: node["angle"]!.location.column, message: "'angle' must be within ±1000000 degrees"))
                }
                let radius = node["radius"] == nil ? 0 : try number("radius").get()
                if !(0...AimedTouch.maxRadius).contains(radius) {
                    return .failure(LineError(file: file, line: line, column: node["radius"]!.location.column, message: "'radius' must be 0...10 (a fraction of the widget's radius: 0 = centre, 1 = rim)"))
                }
                return .success(AimedTouch(phase: phase, id: id, widget: widget, angle: angle, radius: radius, line: line, column: widgetLoc.column))
            } catch {
                return .failure(error)
            }
        }

        func pressed() -> Result<Bool, LineError> {
            switch string("state") {
            case .failure(let e): return .failure(e)
            case .success(let (s, loc)):
                if s == "pressed" { return .success(true) }
                if s == "released" { return .success(false) }
                return .failure(LineError(file: file, line: line, column: loc.column, message: "'state' must be 'pressed' or 'released'"))
            }
        }
    }
}
