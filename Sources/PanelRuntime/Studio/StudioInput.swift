import ControlWidgets
import Graphics

/// The mouse and keyboard of the studio page as panel input: the body of `POST /api/input` is
/// input-script lines (docs/protocol.md: `touch_down`, `touch_motion`, `touch_up`,
/// `pointer_motion`, `wheel`, `key`, `command`), with `x`/`y` in the picture's pixels (the
/// physical screen, as the frame stream shows it). They are mapped to design pixels as a
/// touch screen's are and delivered through the same path as every other input, now (`t` is
/// ignored). The reply lists the replies of any `command` lines.
enum StudioInput {
    static let maxLines = 256

    static func deliver(_ body: String, to controller: PanelController, at time: Double) -> HTTPResponse {
        var events: [InputEvent] = []
        var errors: [String] = []
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count <= maxLines else { return .failure(413, "at most \(maxLines) input lines per request") }
        for (i, raw) in lines.enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty { continue }
            switch InputScript.parseLine(line, file: "input", line: i + 1) {
            case .failure(let e): errors.append(e.description)
            case .success(let input): events.append(mapped(input.event, controller))
            }
        }
        guard errors.isEmpty else {
            var w = JSONLineWriter()
            w.add("ok", false); w.add("error", "bad input lines; nothing was delivered")
            w.addRaw("errors", "[" + errors.map(JSONLineWriter.quote).joined(separator: ",") + "]")
            return .json(w.line, status: 400)
        }
        let client = CapturingClient()
        for e in events {
            if case .command(let c) = e { controller.execute(c, at: time, from: client) } else { controller.deliver(e, at: time) }
        }
        var w = JSONLineWriter()
        w.add("ok", true); w.add("delivered", events.count)
        w.addRaw("replies", "[" + client.lines.joined(separator: ",") + "]")
        return .json(w.line)
    }

    static func mapped(_ event: InputEvent, _ c: PanelController) -> InputEvent {
        func d(_ x: Double, _ y: Double) -> Point { c.designPoint(screen: Point(x: x, y: y)) }
        switch event {
        case let .touchDown(id, x, y): let p = d(x, y); return .touchDown(id: id, x: p.x, y: p.y)
        case let .touchMotion(id, x, y): let p = d(x, y); return .touchMotion(id: id, x: p.x, y: p.y)
        case let .pointerMotion(x, y): let p = d(x, y); return .pointerMotion(x: p.x, y: p.y)
        default: return event
        }
    }
}

/// Collects the reply lines of commands run for one HTTP request.
final class CapturingClient: CommandClient {
    var filter: EventFilter = .none
    var eventSource: String? { EventSource.studio.rawValue }
    private(set) var lines: [String] = []
    func send(_ line: String) { lines.append(line) }
}
