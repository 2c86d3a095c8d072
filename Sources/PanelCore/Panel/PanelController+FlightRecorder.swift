import ControlWidgets
import Graphics
import PanelLayout
import PanelProtocol
import PanelSystem

/// The flight recorder inside the controller: what it records (every input, every command
/// that changes the picture, idle screen changes, reloads), the checkpoints it takes, and the
/// dump. The ring itself is `FlightRecorder`; this is where it meets the panel's state.
extension PanelController {
    /// Starts recording: the first checkpoint is the panel as it is now (after `--state`).
    public func startFlightRecorder(_ recorder: FlightRecorder, at time: Double) {
        flightRecorder = recorder
        recorder.layout = flightLayout(epoch: 0)
        recorder.begin(flightCheckpoint(at: time, atRest: true))
    }

    /// The layout on screen now, read from its file (as the loader just did).
    private func flightLayout(epoch: Int) -> FlightRecorder.Layout {
        let path = scene.panel.sourcePath
        return FlightRecorder.Layout(text: FileSystem.layoutText(path) ?? "", path: path, epoch: epoch,
                                     width: rotation.physicalWidth, height: rotation.physicalHeight, rotation: rotation.degrees)
    }

    /// A reload or a resize swapped the scene: lines before it replay on the old layout only,
    /// so a new checkpoint (and epoch) starts here.
    package func flightPanelReplaced(at time: Double) {
        guard let recorder = flightRecorder, let old = recorder.layout else { return }
        recorder.note(body: "\"type\":\"note\",\"text\":\"layout replaced (reload or resize)\"}", at: time)
        recorder.layout = flightLayout(epoch: old.epoch + 1)
        // The new scene starts afresh (new widgets at their values, no touch, focus or pointer:
        // a new router), which is exactly what the checkpoint says.
        recorder.held = FlightRecorder.HeldInput()
        recorder.begin(flightCheckpoint(at: time, atRest: true))
    }

    /// From `advance`: a checkpoint when one is wanted and the panel is at rest, or when one
    /// is overdue.
    package func flightTick(at time: Double) {
        guard let recorder = flightRecorder, recorder.wantsCheckpoint(at: time) else { return }
        let rest = flightAtRest(at: time)
        if rest || recorder.needsCheckpoint(at: time) { recorder.begin(flightCheckpoint(at: time, atRest: rest)) }
    }

    /// Nothing held, nothing moving, and quiet for a second (so no gesture remembers a tap
    /// that the replay would not have seen: a double tap's first half).
    private func flightAtRest(at time: Double) -> Bool {
        guard let recorder = flightRecorder, recorder.held.isEmpty, time - recorder.lastLineTime >= 1 else { return false }
        if let drawer = scene.drawer, drawer.reveal.isBusy { return false }
        return !scene.allWidgets.contains { $0.isAnimating(at: time) }
    }

    /// What replay needs to start at `time`: every widget's exact value and the page (as a
    /// `--state` object), then as script lines the drawer, the keyboard focus, the pointer,
    /// touches still held (re-pressed where they are), and the screen's state.
    private func flightCheckpoint(at time: Double, atRest: Bool) -> FlightRecorder.Checkpoint {
        var lines: [String] = []
        if let drawer = scene.drawer, drawer.reveal.finalPosition != .left {
            lines.append(InputScriptLine.body(command: "{\"command\":\"drawer\",\"position\":\"\(drawer.reveal.finalPosition.name)\",\"animated\":false}"))
        }
        if let focused = router.focused, let i = scene.widgets.filter(\.acceptsFocus).firstIndex(where: { $0 === focused }) {
            for _ in 0...i {
                lines.append(InputScriptLine.body(.key("Tab", pressed: true))!)
                lines.append(InputScriptLine.body(.key("Tab", pressed: false))!)
            }
        }
        let held = flightRecorder?.held ?? FlightRecorder.HeldInput()
        if let p = held.pointer { lines.append(InputScriptLine.body(.pointerMotion(x: p.x, y: p.y))!) }
        for id in held.touches.keys.sorted() {
            let p = held.touches[id]!
            lines.append(InputScriptLine.body(.touchDown(id: id, x: p.x, y: p.y))!)
        }
        for b in held.buttons.sorted(by: { $0.rawValue < $1.rawValue }) { lines.append(InputScriptLine.body(.button(b, pressed: true))!) }
        if screenState != .on {
            lines.append(InputScriptLine.body(command: "{\"command\":\"screen\",\"state\":\"\(screenState.rawValue)\"}"))
        }
        return FlightRecorder.Checkpoint(time: time, layout: flightRecorder!.layout!, state: flightState(), lines: lines, atRest: atRest)
    }

    /// Every widget's state on every page and the styles, as the state file has them but with
    /// numbers in full (round-trip) precision: a knob restored a millionth of a degree off
    /// paints differently.
    package func flightState() -> String {
        var items: [String] = []
        for widget in scene.allWidgets where !(widget is MenuButtonView) {
            guard let s = widget.snapshot() else { continue }
            var f: [String] = []
            for field in s.fields {
                let value: String
                switch field.value {
                case .number(let d): value = d.isFinite ? InputScriptLine.exact(d) : "null"
                case .integer(let i): value = String(i)
                case .string(let t): value = JSONLineWriter.quote(t)
                case .bool(let b): value = b ? "true" : "false"
                case .strings: continue
                }
                f.append(JSONLineWriter.quote(field.key) + ":" + value)
            }
            // Most types leave `enabled` out of their state; a control takes focus exactly
            // when it is enabled (every type's `acceptsFocus`), and a disabled one is drawn so.
            if widget.commandKeys["set"]?.contains("enabled") == true, !s.fields.contains(where: { $0.key == "enabled" }) {
                f.append("\"enabled\":\(widget.acceptsFocus)")
            }
            var o = JSONLineWriter()
            o.add("id", widget.id); o.add("type", widget.typeName)
            o.addRaw("fields", "{" + f.joined(separator: ",") + "}")
            items.append(o.line)
        }
        var w = JSONLineWriter()
        w.add("version", 1)
        w.add("panel", scene.panel.name)
        w.add("page", scene.panel.pages[scene.pageIndex].id)
        w.addRaw("widgets", "[" + items.joined(separator: ",") + "]")
        // What the `style` command set (a tint, a hidden or disabled widget) is part of the picture.
        if let styled = SavedState.stylesJSON(scene.styles) { w.addRaw("styles", styled) }
        return w.line
    }

    /// A flight recording's starting state (replay): the page, then every widget of every
    /// page (labels too: a text set by a command is part of the picture), then the styles.
    public func restoreFlightState(_ state: SavedState, at time: Double) {
        if let page = state.page, let index = scene.panel.pages.firstIndex(where: { $0.id == page }), index != scene.pageIndex {
            scene.showPage(index)
            invalidateAll()
        }
        let widgets = scene.allWidgets.filter { !($0 is MenuButtonView) }
        WidgetValues.restore(state.widgets, into: widgets, at: time)
        // `restore` stops at the first field set that applies (a knob's position), so
        // `enabled` gets a `set` of its own.
        for value in state.widgets {
            guard let enabled = value.fields.first(where: { $0.key == "enabled" })?.value,
                  let widget = widgets.first(where: { $0.id == value.id && $0.typeName == value.type }) else { continue }
            if (try? widget.apply(WidgetCommand("set", ["enabled": enabled]), at: time)) != nil { widget.needsDisplay = true }
        }
        // After the values: a tint rebuilds its widget, keeping the value just restored.
        applyStyles(state.styles, at: time)
    }

    // MARK: recording

    package func recordFlight(_ event: InputEvent, at time: Double) {
        guard let recorder = flightRecorder else { return }
        var event = event
        if case let .aimedTouch(aim) = event {
            // Recorded where it lands, as a device would have sent it.
            guard case let .success(p) = aimPoint(aim, at: time) else { return }
            event = aim.phase == .down ? .touchDown(id: aim.id, x: p.x, y: p.y) : .touchMotion(id: aim.id, x: p.x, y: p.y)
        }
        guard let body = InputScriptLine.body(event) else { return }
        recorder.held.note(event)
        recorder.record(body: body, at: time)
    }

    package func recordFlight(_ command: PanelCommand, at time: Double) {
        guard let recorder = flightRecorder else { return }
        let body = InputScriptLine.body(command: command.scriptText)
        switch command.action {
        case .list, .get, .getPanel, .observe: return
        case .screenshot, .reload, .dump: recorder.note(body: body, at: time)
        case .widget, .page, .drawer, .screen: recorder.record(body: body, at: time)
        }
    }

    /// The idle timers' changes: replay runs without timers (its idle time differs: the
    /// window starts mid-run), so the changes are lines of their own.
    package func recordFlightScreen(_ change: ScreenChange) {
        guard let recorder = flightRecorder, change.cause == .idle else { return }
        recorder.record(body: InputScriptLine.body(command: "{\"command\":\"screen\",\"state\":\"\(change.state.rawValue)\"}"),
                        at: Swift.max(change.time, recorder.lastLineTime))
    }

    // MARK: the dump

    /// Writes the flight recording to `path` (a temporary file, fsync, rename; never through a
    /// link, never into a FIFO or device, which could block the loop).
    public func writeFlightDump(to path: String, reason: String, at time: Double) -> Result<FlightRecorder.Dump, OutputFileError> {
        guard let recorder = flightRecorder else {
            return .failure(.unsupported(path, "the flight recorder is off (run without --flight-recorder off)"))
        }
        if let refusal = OutputFile.nonRegularRefusal(path) { return .failure(refusal) }
        guard let dump = recorder.dump(at: time, stateNow: flightState(), reason: reason, version: PanelVersion.current) else {
            return .failure(.noData(path, "nothing recorded yet"))
        }
        do {
            let file = try OutputFile(path: path)
            file.write(dump.text)
            try file.commit()
        } catch {
            return .failure(error)
        }
        return .success(dump)
    }

    /// `{"command":"dump","path":…}`: clients that may not write anywhere write inside the
    /// screenshot directory, as for screenshots.
    package func executeDump(_ requested: String, at time: Double, requestID rid: String?, client: (any CommandClient)?, reply: (Reply) -> Void) {
        var path = requested
        if let client, !client.writesAnywhere {
            switch ScreenshotPath.resolve(requested, inside: screenshotDirectory) {
            case .success(let p): path = p
            case .failure(let refusal): return reply(Reply.failure(rid, refusal.message))
            }
        }
        switch writeFlightDump(to: path, reason: "dump command", at: time) {
        case .success(let d):
            var data = JSONLineWriter()
            data.add("path", path)
            data.add("lines", d.lines)
            data.add("bytes", flightRecorder?.bytes ?? 0)
            data.add("fileBytes", d.text.utf8.count)
            data.add("from", d.from)
            data.add("to", d.to)
            reply(Reply.ok(rid, data: data))
        case .failure(let e):
            reply(Reply.failure(rid, e.description))
        }
    }
}

extension PanelCommand {
    /// The command as one JSON object without its request id: what a replay executes.
    package var scriptText: String {
        func obj(_ verb: String, _ rest: [(String, String)]) -> String {
            "{" + ([("command", JSONLineWriter.quote(verb))] + rest).map { JSONLineWriter.quote($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        switch action {
        case .list: return obj("list", [])
        case .get(let w): return obj("get", [("widget", JSONLineWriter.quote(w))])
        case .getPanel: return obj("get", [])
        case .observe(let f): return obj("observe", [("widgets", f.json)])
        case .screenshot(let p): return obj("screenshot", [("path", JSONLineWriter.quote(p))])
        case .dump(let p): return obj("dump", [("path", JSONLineWriter.quote(p))])
        case .reload: return obj("reload", [])
        case let .page(id, animated): return obj("page", [("page", JSONLineWriter.quote(id)), ("animated", animated ? "true" : "false")])
        case let .drawer(p, animated): return obj("drawer", [("position", JSONLineWriter.quote(p)), ("animated", animated ? "true" : "false")])
        case let .screen(s, b):
            return obj("screen", (s.map { [("state", JSONLineWriter.quote($0.rawValue))] } ?? []) + (b.map { [("brightness", JSONLineWriter.number($0))] } ?? []))
        case let .widget(id, wc):
            let args = wc.arguments.keys.sorted().map { key -> (String, String) in
                switch wc.arguments[key]! {
                case .number(let d): return (key, InputScriptLine.exact(d))
                case .string(let s): return (key, JSONLineWriter.quote(s))
                case .bool(let b): return (key, b ? "true" : "false")
                }
            }
            return obj(wc.verb, [("widget", JSONLineWriter.quote(id))] + args)
        }
    }
}
