import ControlWidgets
import Graphics
import PanelCore
import PanelProtocol

/// The mouse and keyboard of the studio page as panel input: the body of `POST /api/input` is
/// input-script lines (docs/protocol.md: `touch_down`, `touch_motion`, `touch_up`,
/// `pointer_motion`, `wheel`, `key`, `command`), with `x`/`y` in the picture's pixels (the
/// physical screen, as the frame stream shows it). They are mapped to design pixels as a
/// touch screen's are and delivered through the same path as every other input, now (`t` is
/// ignored). The reply lists the replies of any `command` lines.
package enum StudioInput {
    package static let maxLines = 256

    /// - Parameter later: called when a command's reply comes later (a screenshot being
    ///   written): returns where the response goes then; nil is returned here in that case.
    package static func deliver(_ body: String, to controller: PanelController, at time: Double,
                        later: () -> (HTTPResponse) -> Void) -> HTTPResponse? {
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
        let count = events.count
        func response() -> HTTPResponse {
            var w = JSONLineWriter()
            w.add("ok", true); w.add("delivered", count)
            w.addRaw("replies", "[" + client.lines.joined(separator: ",") + "]")
            return .json(w.line)
        }
        if client.owed == 0 { return response() }
        let respond = later()
        client.onSettled = { respond(response()) }
        return nil
    }

    package static func mapped(_ event: InputEvent, _ c: PanelController) -> InputEvent {
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
package final class CapturingClient: CommandClient {
    package var filter: EventFilter = .none
    package var eventSource: String? { EventSource.studio.rawValue }
    private(set) var lines: [String] = []
    /// Replies still to come (screenshots being written), and what to do once all are in.
    private(set) var owed = 0
    package var onSettled: (() -> Void)?
    package func send(_ line: String) { lines.append(line) }
    package func replyDeferred() { owed += 1 }
    package func deferredReplySent() {
        owed = max(0, owed - 1)
        if owed == 0, let done = onSettled { onSettled = nil; done() }
    }
}
