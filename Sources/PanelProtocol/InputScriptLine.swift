/// The inverse of `InputScript.parseLine`: one input as a script line, so a recording made on
/// a device (`run --record`) plays back with `render --input`. Numbers are written with
/// Swift's shortest round-trip form (not the 6-decimal event form): a replay must see the very
/// same doubles the panel saw, or a knob lands a hair off and the frame differs.
public enum InputScriptLine {
    /// The script line for `event` at `time`, without a newline; nil for inputs that only
    /// scripts produce (aimed touches) and for commands (recorded from their own line).
    public static func line(_ event: InputEvent, at time: Double) -> String? {
        body(event).map { line(body: $0, at: time) }
    }

    /// A command line as it arrived (one JSON object, already parsed successfully), wrapped
    /// as a script `command` line.
    public static func line(command text: String, at time: Double) -> String {
        line(body: body(command: text), at: time)
    }

    /// A line from its time and its body (what follows `{"t":…,`): the flight recorder keeps
    /// bodies and writes their times counted from the start of its window.
    public static func line(body: Substring, at time: Double) -> String {
        "{\"t\":\(exact(time))," + body
    }

    public static func line(body: String, at time: Double) -> String { line(body: Substring(body), at: time) }

    /// The line for `event` without its time: `"type":"touch_down",…}`.
    public static func body(_ event: InputEvent) -> String? {
        switch event {
        case let .touchDown(id, x, y): return "\"type\":\"touch_down\",\"id\":\(id),\"x\":\(exact(x)),\"y\":\(exact(y))}"
        case let .touchMotion(id, x, y): return "\"type\":\"touch_motion\",\"id\":\(id),\"x\":\(exact(x)),\"y\":\(exact(y))}"
        case let .touchUp(id): return "\"type\":\"touch_up\",\"id\":\(id)}"
        case let .touchCancel(id): return "\"type\":\"touch_cancel\",\"id\":\(id)}"
        case let .pointerMotion(x, y): return "\"type\":\"pointer_motion\",\"x\":\(exact(x)),\"y\":\(exact(y))}"
        case let .button(b, pressed): return "\"type\":\"button\",\"button\":\"\(b.rawValue)\",\"state\":\"\(pressed ? "pressed" : "released")\"}"
        case let .wheel(delta): return "\"type\":\"wheel\",\"delta\":\(exact(delta))}"
        case let .key(k, pressed): return "\"type\":\"key\",\"key\":\(JSONLineWriter.quote(k)),\"state\":\"\(pressed ? "pressed" : "released")\"}"
        case .command, .aimedTouch: return nil
        }
    }

    /// A command line's body: `"type":"command","command":{…}}`.
    public static func body(command text: String) -> String {
        "\"type\":\"command\",\"command\":" + trimmed(text) + "}"
    }

    /// Shortest text that reads back as the same double (`0.1`, `134.99321234`, `1e-07`: all
    /// valid JSON numbers); whole numbers without `.0`.
    public static func exact(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    private static func trimmed(_ s: String) -> Substring {
        let ws: Set<Character> = [" ", "\t", "\r", "\n"]
        var sub = Substring(s)
        while let f = sub.first, ws.contains(f) { sub = sub.dropFirst() }
        while let l = sub.last, ws.contains(l) { sub = sub.dropLast() }
        return sub
    }
}
