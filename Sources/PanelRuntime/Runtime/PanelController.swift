import ControlWidgets
import Graphics
import PanelLayout

/// The heart of the runtime, shared by the display and offscreen paths: input and commands
/// change widget models, models mark damage, and frames repaint only the damage. It never
/// reads a clock: every call carries the frame clock's time.
public final class PanelController {
    public let scene: Scene
    public let compositor: Compositor
    /// Receives each outgoing JSON line (events, replies, errors).
    public var emit: (String) -> Void = { _ in }
    private let router = InputRouter()
    private var damage: DamageRegion
    /// Widgets that animated in the last frame: they need one more frame to show the end state.
    private var animatingBefore: Set<ObjectIdentifier> = []

    /// How the upright frame sits on the physical screen (the panel's `rotation`).
    public let rotation: ScreenRotation

    /// - Parameters: screenWidth, screenHeight: the physical screen; with a panel rotation of
    ///   90° or 270° the frame is painted upright at the swapped size and turned on output.
    public init(panel: Panel, screenWidth: Int, screenHeight: Int) throws(GraphicsError) {
        rotation = ScreenRotation(degrees: panel.rotation, physicalWidth: screenWidth, physicalHeight: screenHeight)
        let w = rotation.logicalWidth, h = rotation.logicalHeight
        scene = try Scene(panel: panel, screenWidth: w, screenHeight: h)
        let colors = panel.theme.background.map(Color.init(_:))
        compositor = try Compositor(width: w, height: h, backgroundColors: colors)
        damage = DamageRegion(width: w, height: h)
        damage.addAll()
        LabelBindings.refreshAll(in: scene.widgets)
    }

    /// The upright frame (design orientation) in ordinary memory.
    public var frame: ImageSurface { compositor.frame }

    /// The frame as the physical screen shows it (turned when the panel is rotated).
    public func physicalFrame() throws(GraphicsError) -> ImageSurface { try rotation.physicalImage(of: frame) }

    /// A point on the physical screen (a touch) in design pixels.
    public func designPoint(screen p: Point) -> Point { scene.mapping.toDesign(rotation.toLogical(p)) }

    // MARK: input and commands

    public func deliver(_ event: InputEvent, at time: Double) {
        if case .command(let command) = event { return execute(command, at: time) }
        var event = event
        if case let .aimedTouch(aim) = event {
            // Scripts are checked with `aimErrors` before they play; an aim that still misses
            // (a widget gone with a page change) is a touch that never happened.
            guard case let .success(p) = aimPoint(aim) else { return }
            event = aim.phase == .down ? .touchDown(id: aim.id, x: p.x, y: p.y) : .touchMotion(id: aim.id, x: p.x, y: p.y)
        }
        for (widget, events) in router.route(event, widgets: scene.widgets, time: time) {
            publish(events, from: widget, at: time)
        }
    }

    /// Where a touch aimed at a widget lands, in design pixels: on the widget's round part
    /// (a knob's circle) or the circle inscribed in its frame, at the aim's angle and radius.
    public func aimPoint(_ aim: AimedTouch) -> Result<Point, LineError> {
        if let widget = scene.widget(id: aim.widget) {
            return .success(widget.aimArea.point(degrees: aim.angle, fraction: aim.radius))
        }
        let message: String
        if let (page, _) = scene.panel.widget(id: aim.widget) {
            message = "widget '\(aim.widget)' is on page '\(page.id)', which is not shown (only the first page is shown)"
        } else {
            let hint = scene.widgets.map(\.id).joined(separator: ", ")
            message = "no widget '\(aim.widget)' on this page (widgets: \(hint))"
        }
        return .failure(LineError(file: "", line: aim.line, column: aim.column, message: message))
    }

    /// Every aimed touch in a script that names no widget on the shown page, positioned in `file`.
    public func aimErrors(_ inputs: [TimedInput], file: String) -> [LineError] {
        inputs.compactMap { input -> LineError? in
            guard case let .aimedTouch(aim) = input.event, case var .failure(e) = aimPoint(aim) else { return nil }
            e.file = file
            return e
        }
    }

    /// Executes one command line; replies and errors leave through `emit`.
    public func execute(commandLine: String, at time: Double) {
        switch PanelCommand.parse(commandLine) {
        case .failure(let e):
            var w = JSONLineWriter()
            w.add("t", time); w.add("error", "column \(e.column): \(e.message)")
            emit(w.line)
        case .success(let command):
            execute(command, at: time)
        }
    }

    /// Executes one parsed command (from a line, or an input script's `command` line).
    public func execute(_ command: PanelCommand, at time: Double) {
        let rid = command.requestID
        switch command.action {
        case .list:
            for widget in scene.widgets {
                if let s = widget.snapshot() { emit(line(for: s, widget: widget.id, time: time, requestID: rid)) }
            }
        case .get(let id):
            guard let widget = scene.widget(id: id) else { return unknownWidget(id, time, rid) }
            if let s = widget.snapshot() {
                emit(line(for: s, widget: id, time: time, requestID: rid))
            } else {
                // Every command gets an answer, so an integrator waiting for one never hangs.
                error("'\(id)' has no value (it is not a control)", widget: id, time, rid)
            }
        case .widget(let id, let wc):
            guard let widget = scene.widget(id: id) else { return unknownWidget(id, time, rid) }
            guard let keys = widget.commandKeys[wc.verb] else {
                let verbs = widget.commandKeys.keys.sorted()
                let takes = verbs.isEmpty ? "takes no commands" : "takes \(verbs.map { "'\($0)'" }.joined(separator: ", "))"
                return error("\(widget.typeName) '\(id)' has no command '\(wc.verb)' (a \(widget.typeName) \(takes))", widget: id, time, rid)
            }
            for key in wc.arguments.keys.sorted() where !keys.contains(key) {
                let hint = Suggestion.hint(for: key, in: keys.sorted())
                return error("unknown key '\(LineError.excerpt(key))' for '\(wc.verb)' on \(widget.typeName) '\(id)'\(hint)", widget: id, time, rid)
            }
            do {
                let events = try widget.apply(wc, at: time)
                widget.needsDisplay = true
                if let rid {
                    var w = JSONLineWriter()
                    w.add("t", time); w.add("widget", id); w.addRaw("request_id", rid); w.add("ok", true)
                    emit(w.line)
                }
                publish(events, from: widget, at: time)
            } catch {
                self.error(error.description, widget: id, time, rid)
            }
        }
    }

    /// Replies to a command line that could not even be read (e.g. longer than the limit).
    public func rejectCommand(_ message: String, at time: Double) {
        var w = JSONLineWriter()
        w.add("t", time); w.add("error", message)
        emit(w.line)
    }

    /// Ends every touch in progress as cancelled, so their events (`trackingEnded`) go out:
    /// called before the panel exits, so an integrator never sees a drag that never ends.
    public func cancelActiveTouches(at time: Double) {
        for (widget, events) in router.cancelAllTouches(time: time) {
            publish(events, from: widget, at: time)
        }
    }

    private func unknownWidget(_ id: String, _ time: Double, _ rid: String?) {
        let ids = scene.widgets.map(\.id)
        let hint = Suggestion.hint(for: id, in: ids)
        var w = JSONLineWriter()
        w.add("t", time)
        if let rid { w.addRaw("request_id", rid); w.add("ok", false) }
        w.add("error", "no widget '\(LineError.excerpt(id))'\(hint) on this page (widgets: \(ids.joined(separator: ", ")))")
        emit(w.line)
    }

    private func error(_ message: String, widget: String, _ time: Double, _ rid: String?) {
        var w = JSONLineWriter()
        w.add("t", time); w.add("widget", widget)
        if let rid { w.addRaw("request_id", rid); w.add("ok", false) }
        w.add("error", message)
        emit(w.line)
    }

    private func publish(_ events: [WidgetEvent], from widget: any WidgetView, at time: Double) {
        for e in events { emit(line(for: e, widget: widget.id, time: time, requestID: nil)) }
        LabelBindings.update(after: events, from: widget, in: scene.widgets)
    }

    private func line(for event: WidgetEvent, widget: String, time: Double, requestID: String?) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        w.add("widget", widget)
        if let requestID { w.addRaw("request_id", requestID) }
        w.add("event", event.name)
        for f in event.fields { w.add(f.key, f.value) }
        return w.line
    }

    // MARK: frames

    /// Runs animations up to `time`, emitting the events of those that ended.
    public func advance(to time: Double) {
        for widget in scene.widgets { publish(widget.advance(to: time), from: widget, at: time) }
    }

    /// True when a frame at `time` would show something new.
    public func wantsFrame(at time: Double) -> Bool {
        !damage.isEmpty || compositor.needsFullRepaint || scene.widgets.contains { $0.needsDisplay || $0.isAnimating(at: time) || animatingBefore.contains(ObjectIdentifier($0)) }
    }

    /// Repaints what changed as of `time` into `frame`; returns the repainted rectangles.
    @discardableResult
    public func renderFrame(at time: Double) -> [PixelRect] {
        var animatingNow: Set<ObjectIdentifier> = []
        for widget in scene.widgets {
            let key = ObjectIdentifier(widget)
            let animating = widget.isAnimating(at: time)
            if animating { animatingNow.insert(key) }
            if widget.needsDisplay || animating || animatingBefore.contains(key) {
                damage.add(scene.damageRect(of: widget))
                widget.needsDisplay = false
            }
        }
        animatingBefore = animatingNow
        if compositor.needsFullRepaint { damage.addAll() }   // after a recovered Cairo error
        let rects = damage.rects
        compositor.render(scene, damage: damage, time: time)
        damage.removeAll()
        return rects
    }

    /// Marks the whole screen for repaint (first frame, page change).
    public func invalidateAll() { damage.addAll() }
}

extension Color {
    init(_ c: RGBA) { self.init(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
}
