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
    }

    /// The upright frame (design orientation) in ordinary memory.
    public var frame: ImageSurface { compositor.frame }

    /// The frame as the physical screen shows it (turned when the panel is rotated).
    public func physicalFrame() throws(GraphicsError) -> ImageSurface { try rotation.physicalImage(of: frame) }

    /// A point on the physical screen (a touch) in design pixels.
    public func designPoint(screen p: Point) -> Point { scene.mapping.toDesign(rotation.toLogical(p)) }

    // MARK: input and commands

    public func deliver(_ event: InputEvent, at time: Double) {
        for (widget, events) in router.route(event, widgets: scene.widgets, time: time) {
            publish(events, from: widget, at: time)
        }
    }

    /// Executes one command line; replies and errors leave through `emit`.
    public func execute(commandLine: String, at time: Double) {
        switch PanelCommand.parse(commandLine) {
        case .failure(let e):
            var w = JSONLineWriter()
            w.add("t", time); w.add("error", "column \(e.column): \(e.message)")
            emit(w.line)
        case .success(.list):
            for widget in scene.widgets { if let s = widget.snapshot() { emit(line(for: s, widget: widget.id, time: time, name: "state")) } }
        case .success(.get(let id)):
            guard let widget = scene.widget(id: id) else { return unknownWidget(id, time) }
            if let s = widget.snapshot() {
                emit(line(for: s, widget: id, time: time, name: "state"))
            } else {
                // Every command gets an answer, so an integrator waiting for one never hangs.
                var w = JSONLineWriter()
                w.add("t", time); w.add("widget", id); w.add("error", "'\(id)' has no value (it is not a control)")
                emit(w.line)
            }
        case .success(.set(let id, let command)):
            guard let widget = scene.widget(id: id) else { return unknownWidget(id, time) }
            do {
                publish(try widget.apply(command, at: time), from: widget, at: time)
                widget.needsDisplay = true
            } catch {
                var w = JSONLineWriter()
                w.add("t", time); w.add("widget", id); w.add("error", error.description)
                emit(w.line)
            }
        }
    }

    private func unknownWidget(_ id: String, _ time: Double) {
        var w = JSONLineWriter()
        w.add("t", time); w.add("error", "no widget '\(id)' on this page (widgets: \(scene.widgets.map(\.id).joined(separator: ", ")))")
        emit(w.line)
    }

    private func publish(_ events: [WidgetEvent], from widget: any WidgetView, at time: Double) {
        for e in events { emit(line(for: e, widget: widget.id, time: time, name: nil)) }
    }

    private func line(for event: WidgetEvent, widget: String, time: Double, name: String?) -> String {
        var w = JSONLineWriter()
        w.add("t", time)
        w.add("widget", widget)
        w.add("event", name ?? event.name)
        if case let .valueChanged(position, index, value, title, source) = event {
            w.add("position", position)
            w.add("positionIndex", index)
            if let value { w.add("value", value) }
            if let title { w.add("title", title) }
            if name == nil { w.add("source", source.rawValue) }
        }
        return w.line
    }

    // MARK: frames

    /// Runs animations up to `time`, emitting the events of those that ended.
    public func advance(to time: Double) {
        for widget in scene.widgets { publish(widget.advance(to: time), from: widget, at: time) }
    }

    /// True when a frame at `time` would show something new.
    public func wantsFrame(at time: Double) -> Bool {
        !damage.isEmpty || scene.widgets.contains { $0.needsDisplay || $0.isAnimating(at: time) || animatingBefore.contains(ObjectIdentifier($0)) }
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
