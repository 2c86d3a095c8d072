import ControlWidgets
import Graphics
import PanelLayout
import PanelLoop
import PanelProtocol
import PanelSystem

/// The heart of the runtime, shared by the display and offscreen paths: input and commands
/// change widget models, models mark damage, and frames repaint only the damage. It never
/// reads a clock: every call carries the frame clock's time.
public final class PanelController {
    public private(set) var scene: Scene
    /// The wall clock the scene's clocks read (kept across reloads).
    public let wallClock: WallClock
    public private(set) var compositor: Compositor
    /// Receives each outgoing JSON line (events, and replies to commands without a client).
    public var emit: (String) -> Void = { _ in }
    /// When set, events go here as values instead of to `emit` as lines, so a hub can fan
    /// them out to its edges (each encodes them itself). Weak: the hub owns the controller.
    public weak var eventSink: (any PanelEventSink)?
    /// Runs `reload` requests (nil: not available here, only with `run`). Weak: the host owns it.
    public weak var reloader: (any PanelReloading)?
    /// Another page became the front (`--state` saves the page shown).
    public var onPageShown: (() -> Void)?
    /// A finger or the mouse pressed an enabled control and the layout's `sound` asks for a
    /// click: the host plays it (PanelHost's ClickSound); nothing else hears of it.
    public var onControlPress: (() -> Void)?
    /// `run --record`: every input and command, as it is delivered.
    public var recorder: InputRecorder?
    /// The flight recorder's ring (on by default with `run`; PanelController+FlightRecorder).
    public internal(set) var flightRecorder: FlightRecorder?
    package var router = InputRouter()
    package var damage: DamageRegion
    /// The page drawer's frame bookkeeping (see PanelController+Drawer).
    package var drawerFrames = DrawerFrameState()
    /// Screen power: dim, off, wake (see PanelController+Screen).
    package let screenRuntime = ScreenRuntime()
    /// The last command's channel and animated `set`s still under way, by widget
    /// (PanelController+Settle).
    package var commandTrail = CommandTrail()
    /// Widgets that animated in the last frame: they need one more frame to show the end state.
    private var animatingBefore: Set<ObjectIdentifier> = []
    /// Events held back while a request runs, so they follow its reply.
    private var heldEvents: [PanelEvent]?
    /// Messages for the host's stderr from compositors a reload replaced (`takeDiagnostics`).
    private var diagnostics: [String] = []
    /// Screenshots: held while a frame is due, written on the worker (ScreenshotQueue).
    package let screenshots = ScreenshotQueue()
    /// Where clients that may not write anywhere (the socket, MQTT, the studio) put
    /// screenshots: relative paths resolve here, and no path may leave it. nil: they cannot.
    public var screenshotDirectory: String?
    /// Where screenshots are encoded and written off the loop's thread (`run`); nil: here and
    /// now (render, tests), the reply before the next command.
    public var pngWorker: PNGWorker? {
        get { screenshots.worker }
        set { screenshots.worker = newValue }
    }

    /// Where pictures from topics are decoded off the loop's thread (`run`; the mirrors' too),
    /// shared with the peers; nil: here and now (render, tests), before the next command.
    public var pictureWorker: PictureWorker? {
        didSet { for c in peers { c.pictureWorker = pictureWorker } }
    }
    /// A picture decoded off the loop could not be shown (topic, widget, why): one log line,
    /// as `receiveBound`'s refusals are for the payloads refused at once. Set by the MQTT bridge.
    public var onLatePayloadNote: ((String, String, String) -> Void)?

    /// Where a bound control's user changes go (`bind.commandTopic`, payload): the MQTT bridge.
    public var boundCommandSink: ((String, String) -> Void)?

    /// Other panels this process shows on other screens (`run --output NAME=PANEL`): a command
    /// for a widget this panel lacks goes to the first of them that has it.
    public var peers: [PanelController] = [] {
        didSet { for c in peers { c.pictureWorker = pictureWorker } }
    }

    /// The same panel on other screens (`run --output all`), kept in step by replaying input
    /// and commands (PanelController+Mirror).
    public internal(set) var mirrors: [PanelController] = []

    private func peer(for command: PanelCommand) -> PanelController? {
        guard !peers.isEmpty else { return nil }
        let id: String
        switch command.action {
        case .get(let w): id = w
        case .widget(let w, _): id = w
        default: return nil
        }
        guard scene.widget(id: id) == nil else { return nil }
        return peers.first { $0.scene.widget(id: id) != nil }
    }

    /// How the upright frame sits on the physical screen (the panel's `rotation`, or the
    /// screen's own orientation); changes only with `resize`.
    public private(set) var rotation: ScreenRotation

    /// - Parameters: screenWidth, screenHeight: the physical screen; with a panel rotation of
    ///   90° or 270° the frame is painted upright at the swapped size and turned on output.
    ///   rotationDegrees: overrides the panel's rotation (a connector's `panel orientation`).
    ///   wallClock: what a clock widget shows at each frame time (fixed offscreen, following
    ///   the real time on a display: the session calls `wallClock.follow`).
    public init(panel: Panel, screenWidth: Int, screenHeight: Int, rotationDegrees: Int? = nil,
                wallClock: WallClock = .startingNow()) throws(GraphicsError) {
        rotation = ScreenRotation(degrees: rotationDegrees ?? panel.rotation, physicalWidth: screenWidth, physicalHeight: screenHeight)
        let w = rotation.logicalWidth, h = rotation.logicalHeight
        self.wallClock = wallClock
        FontConfiguration.loadInBackground()   // while the scene and the first shapes are made
        scene = try Scene(panel: panel, screenWidth: w, screenHeight: h, wallClock: wallClock)
        for widget in scene.widgets { widget.startPreparing(scene.mapping) }   // while the first frame paints above them
        let colors = panel.theme.background.map(Color.init(_:))
        compositor = try Compositor(width: w, height: h, backgroundColors: colors)
        damage = DamageRegion(width: w, height: h)
        damage.addAll()
        LabelBindings.refreshAll(in: scene.allWidgets)
        screenRuntime.group.add(self)
        adoptScreenSettings(of: panel)
    }

    /// The time of the last frame (`renderFrame`): what every rectangle painted on demand shows.
    package var frameTime = 0.0

    /// The physical screen's picture now, painted on demand (turned when the panel is rotated).
    public func physicalFrame() throws(GraphicsError) -> ImageSurface { try rotation.physicalImage(of: snapshot(shown: true)) }

    /// A point on the physical screen (a touch) in design pixels.
    public func designPoint(screen p: Point) -> Point { scene.mapping.toDesign(rotation.toLogical(p)) }

    // MARK: input and commands

    public func deliver(_ event: InputEvent, at time: Double) {
        if case .command(let command) = event { return execute(command, at: time, from: nil, source: EventSource.script.rawValue) }
        recorder?.record(event, at: time)
        recordFlight(event, at: time)
        advanceScreen(to: time)
        guard screenLets(event, at: time) else { return }
        var event = event
        if case let .aimedTouch(aim) = event {
            // Scripts are checked with `aimErrors` before they play; an aim that still misses
            // (a widget gone with a page change) is a touch that never happened.
            guard case let .success(p) = aimPoint(aim, at: time) else { return }
            event = aim.phase == .down ? .touchDown(id: aim.id, x: p.x, y: p.y) : .touchMotion(id: aim.id, x: p.x, y: p.y)
        }
        let presses = router.controlPresses
        take(router.route(event, in: scene, time: time), at: time)
        if router.controlPresses != presses, scene.panel.sound.click { onControlPress?() }
        mirror(event, at: time)
    }

    /// What the router did with an input: a widget's events go out (a finger took over from
    /// an animated `set`), the drawer's touches go to the drawer.
    package func take(_ routed: [InputRouter.Routed], at time: Double) {
        for r in routed {
            switch r {
            case let .widget(widget, events):
                if !events.isEmpty { userTookOver(widget) }
                publish(events, from: widget, at: time)
                runTargetRequests(of: widget, at: time)
            case .drawer(let input):
                drawerTouch(input, at: time)
            }
        }
    }

    /// Where a touch aimed at a widget lands, in design pixels: on the widget's round part
    /// (a knob's circle) or the circle inscribed in its frame, at the aim's angle and radius.
    /// A right view's widget is aimed where it is drawn at `time` (shifted with its page).
    public func aimPoint(_ aim: AimedTouch, at time: Double? = nil) -> Result<Point, LineError> {
        let shown = scene.pageWidgets[scene.pageIndex] + scene.rightWidgets
        if let widget = shown.first(where: { $0.id == aim.widget }) {
            var p = widget.aimArea.point(degrees: aim.angle, fraction: aim.radius)
            if let time, let drawer = scene.drawer, scene.rightWidgets.contains(where: { $0 === widget }) {
                let x = drawer.frontX(at: time)
                if x < 0 { p.x += drawer.rightViewOffset(frontX: x) }
            }
            return .success(p)
        }
        let message: String
        if let (page, _) = scene.panel.widget(id: aim.widget) {
            message = "widget '\(LineError.excerpt(aim.widget))' is on page '\(page.id)', which is not shown"
        } else {
            let hint = scene.pageWidgets[scene.pageIndex].map(\.id).joined(separator: ", ")
            message = "no widget '\(LineError.excerpt(aim.widget))' on this page (widgets: \(hint))"
        }
        return .failure(LineError(file: "", line: aim.line, column: aim.column, message: message))
    }

    /// Every aimed touch in a script that names no widget of the panel, positioned in `file`.
    /// (A widget on another page is fine: a `page` command may show it before the touch;
    /// if its page is still hidden then, the touch never happens.)
    public func aimErrors(_ inputs: [TimedInput], file: String) -> [LineError] {
        inputs.compactMap { input -> LineError? in
            guard case let .aimedTouch(aim) = input.event, scene.panel.widget(id: aim.widget) == nil,
                  case var .failure(e) = aimPoint(aim) else { return nil }
            e.file = file
            return e
        }
    }

    /// Executes one command line from `client` (nil: the reply goes to `emit`). Every
    /// request gets exactly one reply, in the shape of `Reply`, before the events it caused.
    public func execute(commandLine: String, at time: Double, from client: (any CommandClient)? = nil) {
        switch PanelCommand.parse(commandLine) {
        case .failure(let e):
            let rid = PanelCommand.requestID(inFailedLine: commandLine)
            send(Reply.failure(rid, "column \(e.column): \(e.message)"), to: client)
        case .success(let command):
            recorder?.record(commandLine: commandLine, command: command, at: time)
            execute(command, at: time, from: client)
        }
    }

    /// Executes a command a client built as a value (MQTT); `line` is what a recording keeps.
    public func execute(_ command: PanelCommand, line: String, at time: Double, from client: (any CommandClient)?) {
        recorder?.record(commandLine: line, command: command, at: time)
        execute(command, at: time, from: client)
    }

    /// Replies to a line that could not even be read (longer than the transport's limit).
    public func rejectCommand(_ message: String, at time: Double, from client: (any CommandClient)? = nil) {
        send(Reply.failure(nil, message), to: client)
    }

    /// Executes one parsed command (from a line, or an input script's `command` line).
    /// `source` names the channel when there is no client (a script says `script`); the
    /// events the command causes carry the client's source, else this one, else `program`.
    public func execute(_ command: PanelCommand, at time: Double, from client: (any CommandClient)? = nil, source: String? = nil) {
        if let peer = peer(for: command) { return peer.execute(command, at: time, from: client, source: source) }
        let source = client?.eventSource ?? source
        recordFlight(command, at: time)
        defer { mirror(command, at: time) }   // after this one's reply and events
        let rid = command.requestID
        let reply: (Reply) -> Void = { [unowned self] in self.send($0, to: client) }
        switch command.action {
        case .list:
            // Every page's widgets (hidden ones keep their values), with the pages.
            var items: [String] = []
            for widget in scene.allWidgets where !(widget is MenuButtonView) { items.append(stateObject(widget).line) }
            var data = JSONLineWriter()
            data.add("panel", scene.panel.name)
            data.add("page", scene.panel.pages[pageInUse].id)
            addPages(to: &data)
            addScreen(to: &data)
            data.addRaw("widgets", "[" + items.joined(separator: ",") + "]")
            reply(Reply.ok(rid, data: data))
        case let .page(id, animated):
            showPage(id, animated: animated, time: time, requestID: rid, reply: reply)
        case let .drawer(position, animated):
            moveDrawer(position, animated: animated, time: time, requestID: rid, reply: reply)
        case let .screen(state, brightness):
            executeScreen(state, brightness: brightness, at: time, requestID: rid, reply: reply)
        case .dump(let path):
            executeDump(path, at: time, requestID: rid, client: client, reply: reply)
        case .getPanel:
            var data = JSONLineWriter()
            data.add("panel", scene.panel.name)
            data.add("page", scene.panel.pages[pageInUse].id)
            addScreen(to: &data)
            reply(Reply.ok(rid, data: data))
        case .get(let id):
            guard let widget = scene.widget(id: id) else { return reply(Reply.failure(rid, unknownWidget(id))) }
            guard widget.snapshot() != nil else {
                // Every command gets an answer, so an integrator waiting for one never hangs.
                return reply(Reply.failure(rid, "'\(LineError.excerpt(id))' has no value (it is a \(widget.typeName), not a control)"))
            }
            reply(Reply.ok(rid, data: stateObject(widget)))
        case .widget(let id, let wc):
            guard let widget = scene.widget(id: id) else { return reply(Reply.failure(rid, unknownWidget(id))) }
            if wc.verb == "style" { return executeStyle(widget, wc, at: time, source: source, requestID: rid, reply: reply) }
            guard let keys = widget.commandKeys[wc.verb] else {
                let verbs = widget.commandKeys.keys.sorted()
                let takes = verbs.isEmpty ? "takes no commands" : "takes \(verbs.map { "'\($0)'" }.joined(separator: ", "))"
                return reply(Reply.failure(rid, "\(widget.typeName) '\(id)' has no command '\(wc.verb)' (a \(widget.typeName) \(takes))"))
            }
            for key in wc.arguments.keys.sorted() where !keys.contains(key) {
                let hint = Suggestion.hint(for: key, in: keys.sorted())
                return reply(Reply.failure(rid, "unknown key '\(LineError.excerpt(key))' for '\(wc.verb)' on \(widget.typeName) '\(id)'\(hint)"))
            }
            do {
                var events = try widget.apply(wc, at: time)
                if let source { events = events.map { $0.retagged(source: source) } }
                widget.needsDisplay = true
                commandArrived(for: widget, wc, source: source, at: time)
                reply(Reply.ok(rid, data: stateObject(widget)))
                publish(events, from: widget, at: time)
                runTargetRequests(of: widget, at: time)   // a dialled number typed into a keypad
            } catch {
                reply(Reply.failure(rid, error.description))
            }
        case .observe(let filter):
            guard let client else { return reply(Reply.failure(rid, "'observe' needs a client that receives events (stdin/stdout or the socket)")) }
            if case .widgets(let ids) = filter, let unknown = ids.sorted().first(where: { scene.panel.widget(id: $0) == nil }) {
                let all = scene.panel.pages.flatMap { $0.widgets.map(\.id) }
                return reply(Reply.failure(rid, "no widget '\(LineError.excerpt(unknown))'\(Suggestion.hint(for: unknown, in: all)) in this panel"))
            }
            client.filter = filter
            var data = JSONLineWriter()
            data.addRaw("widgets", filter.json)
            reply(Reply.ok(rid, data: data))
        case .screenshot(let requested):
            var path = requested
            if let client, !client.writesAnywhere {
                switch ScreenshotPath.resolve(requested, inside: screenshotDirectory) {
                case .success(let p): path = p
                case .failure(let refusal): return reply(Reply.failure(rid, refusal.message))
                }
            }
            // A bounded queue (each job holds a frame's pixels): when it is full, say so now.
            if let busy = screenshots.busyRefusal { return reply(Reply.failure(rid, busy)) }
            // The frame that shows every earlier command: if one is due, after it is painted.
            client?.replyDeferred()
            let request = ScreenshotQueue.Request(path: path, requestID: rid, client: client)
            if wantsFrame(at: time) { screenshots.hold(request) } else { writeScreenshot(request) }
        case .reload:
            guard let reloader else { return reply(Reply.failure(rid, "reload is not available here (only with 'run')")) }
            // The reply goes before the `reloaded`/`reloadFailed` event, as for every request.
            heldEvents = []
            let errors = reloader.reload(at: time)
            defer {
                let held = heldEvents ?? []
                heldEvents = nil
                for event in held { emitEvent(event) }
            }
            if errors.isEmpty {
                var data = JSONLineWriter()
                data.add("panel", scene.panel.name)
                reply(Reply.ok(rid, data: data))
            } else {
                reply(Reply.failure(rid, "the layout file has errors; the panel is unchanged", errors: errors))
            }
        }
    }

    /// Ends every touch in progress as cancelled, so their events (`trackingEnded`) go out:
    /// called before the panel exits, so an integrator never sees a drag that never ends.
    public func cancelActiveTouches(at time: Double) {
        take(router.cancelAllTouches(time: time), at: time)
    }

    /// Writes the picture shown now for `request` (ScreenshotQueue); the reply goes to its
    /// client, or to `emit` without one.
    private func writeScreenshot(_ request: ScreenshotQueue.Request) {
        let emit = self.emit
        let reply: (Reply) -> Void = request.client.map { client in { client.reply($0) } } ?? { emit($0.line) }
        let picture: Result<CapturedImage, ScreenshotQueue.ImageFailure>
        do { picture = .success(try CapturedImage(physicalFrame())) } catch { picture = .failure(.init(message: error.description)) }
        screenshots.write(request, picture: picture, reply: reply)
    }

    private func send(_ reply: Reply, to client: (any CommandClient)?) {
        if let client { client.reply(reply) } else { emit(reply.line) }
    }

    /// A widget's reply data: id, type, then its state fields (as in its `valueChanged`).
    private func stateObject(_ widget: any WidgetView) -> JSONLineWriter {
        var w = JSONLineWriter()
        w.add("widget", widget.id)
        w.add("type", widget.typeName)
        if let s = widget.snapshot() { for f in s.fields { w.add(f.key, f.value) } }
        for f in boundFields(widget) { w.add(f.key, f.value) }
        return w
    }

    private func unknownWidget(_ id: String) -> String {
        let ids = scene.pageWidgets[scene.pageIndex].map(\.id)
        let hint = Suggestion.hint(for: id, in: ids)
        return "no widget '\(LineError.excerpt(id))'\(hint) on this page (widgets: \(ids.joined(separator: ", ")))"
    }

    package func publish(_ events: [WidgetEvent], from widget: any WidgetView, at time: Double) {
        // Nothing to say (every widget, every frame, from `advance`): the label bindings below
        // take every widget of every page, which made a frame cost the square of their number.
        guard !events.isEmpty else { return }
        if widget is MenuButtonView {
            // The menu button's tap is the drawer's toggle, not an event for integrators.
            if events.contains(MenuButtonView.tapped), let drawer = scene.drawer {
                handle(drawerOutputs: drawer.toggle(animated: true, at: time), at: time)
            }
            return
        }
        for e in events { emitEvent(PanelEvent(time: time, widget: widget.id, e)) }
        LabelBindings.update(after: events, from: widget, in: scene.allWidgets)
        boundUserChange(events, from: widget, at: time)
    }

    /// Sends a panel event (`reloaded`, `reloadFailed`) with its fields.
    public func publishPanelEvent(_ name: String, at time: Double, _ fields: [EventField] = []) {
        emitEvent(PanelEvent(time: time, widget: nil, name: name, fields: fields))
    }

    private func emitEvent(_ event: PanelEvent) {
        if heldEvents != nil { heldEvents!.append(event); return }
        if let eventSink { eventSink.deliver(event) } else { emit(event.line) }
    }

    // MARK: frames

    /// Runs animations up to `time` (on every page: a hidden knob still comes to rest),
    /// emitting the events of those that ended, and the drawer's.
    public func advance(to time: Double) {
        advanceScreen(to: time)
        advanceBindings(to: time)
        for widget in scene.allWidgets {
            publish(commandEvents(widget.advance(to: time), from: widget, at: time), from: widget, at: time)
            runTargetRequests(of: widget, at: time)   // a held spinbox or step button repeats
        }
        if let drawer = scene.drawer { handle(drawerOutputs: drawer.advance(to: time), at: time) }
        flightTick(at: time)
    }

    /// The earliest time after `time` a widget at rest changes by itself (a blinking light).
    public func nextWidgetChange(after time: Double) -> Double? {
        let widgets = scene.allWidgets.compactMap { $0.nextChange(after: time) }.min()
        // A bound value going stale, a confirmation running out: the loop wakes then, not before.
        guard let bound = scene.bindings.deadline.map({ Swift.max($0, time) }) else { return widgets }
        return Swift.min(widgets ?? bound, bound)
    }

    /// A widget on show changes by itself between the last frame and `time` (a clock's minute,
    /// a blink): the loops ask `wantsFrame` before they advance the models, and woke for this.
    private func widgetChangeDue(by time: Double) -> Bool {
        scene.widgets.contains { w in w.nextChange(after: frameTime).map { $0 <= time + 1e-9 } ?? false }
    }

    /// True when a frame at `time` would show something new.
    public func wantsFrame(at time: Double) -> Bool {
        if let whileOff = screenWantsFrameWhileOff() { return whileOff }
        return screenFrameDue || !damage.isEmpty || compositor.needsFullRepaint || scene.widgets.contains { $0.needsDisplay || $0.isAnimating(at: time) || animatingBefore.contains(ObjectIdentifier($0)) }
            || drawerWantsFrame(at: time) || widgetChangeDue(by: time)
    }

    /// Brings the frame up to `time`: what changed since the last frame becomes damage and
    /// the frame's time moves on; returns the rectangles that look different now. Nothing is
    /// painted here (the drawer's cached layers aside): an output paints those rectangles,
    /// and whatever else it needs, on demand (`paintFrame`), as does a screenshot (`snapshot`).
    @discardableResult
    public func renderFrame(at time: Double) -> [PixelRect] {
        frameTime = time
        if let blank = renderScreenWhileOff() { writePendingScreenshots(); return blank }
        flushDrawerPan(at: time)
        let layered = scene.drawer.map { !$0.isClosed(at: time) } ?? false
        var animatingNow: Set<ObjectIdentifier> = []
        func dirtyRects(_ widgets: [any WidgetView]) -> [PixelRect] {
            var rects: [PixelRect] = []
            for widget in widgets {
                let key = ObjectIdentifier(widget)
                let animating = widget.isAnimating(at: time)
                if animating { animatingNow.insert(key) }
                if widget.needsDisplay || animating || animatingBefore.contains(key) {
                    rects += widget.damage(scene.mapping, at: time).map(PixelRect.init(covering:))
                    widget.needsDisplay = false
                }
            }
            return rects
        }
        let frontDirty = dirtyRects(scene.widgets)
        let rects: [PixelRect]
        if layered, let drawer = scene.drawer {
            // The drawer is open or moving: composite the cached page layers.
            let rightDirty = dirtyRects(scene.rightWidgets)
            animatingBefore = animatingNow
            rects = compositor.renderDrawer(scene, drawer: drawer, time: time, frontDirty: frontDirty, rightDirty: rightDirty,
                                            opening: !drawerFrames.layered)
            drawerFrames.layered = true
            drawerFrames.directPage = nil
            drawerFrames.lastFrontX = drawer.frontX(at: time)
            drawerFrames.lastMenuScroll = drawer.menuLayout.scrollOffset
        } else {
            // Closed (or no drawer): the page's damage.
            if drawerFrames.layered || drawerFrames.directPage != scene.pageIndex { damage.addAll() }
            drawerFrames.layered = false
            drawerFrames.directPage = scene.pageIndex
            for rect in frontDirty { damage.add(rect) }
            animatingBefore = animatingNow
            if compositor.beginPageFrame() { damage.addAll() }   // after a recovered Cairo error
            rects = damage.rects
        }
        damage.removeAll()
        let shownRects = screenOutput(rects)
        writePendingScreenshots()
        return shownRects
    }

    /// The screenshots that waited for this frame (their clients wait for the replies).
    private func writePendingScreenshots() {
        for request in screenshots.takeHeld() { writeScreenshot(request) }
    }

    /// Swaps in another layout (a reload) on the same screen, keeping the values of widgets
    /// whose id and type are unchanged. Throws (leaving everything as it was) if the new
    /// scene cannot be built. Touches in progress are dropped with the old widgets.
    public func replacePanel(_ panel: Panel, at time: Double) throws(GraphicsError) {
        let values = WidgetValues.capture(scene.allWidgets)
        let pageID = scene.panel.pages[scene.pageIndex].id
        let newScene = try Scene(panel: panel, screenWidth: rotation.logicalWidth, screenHeight: rotation.logicalHeight, wallClock: wallClock)
        if let index = panel.pages.firstIndex(where: { $0.id == pageID && $0.role == .page }) { newScene.showPage(index) }
        let colors = panel.theme.background.map(Color.init(_:))
        let newCompositor = try Compositor(width: rotation.logicalWidth, height: rotation.logicalHeight, backgroundColors: colors)
        WidgetValues.restore(values, into: newScene.allWidgets, at: time)
        Self.keepBindings(of: scene, in: newScene, at: time)
        let styles = scene.styles
        scene = newScene
        if let note = compositor.takeRecoveryNote() { diagnostics.append(note) }
        compositor = newCompositor
        router = InputRouter()
        commandTrail = CommandTrail()
        drawerFrames = DrawerFrameState()
        adoptScreenSettings(of: panel)
        animatingBefore = []
        applyStyles(styles, at: time)   // a style outlives a reload, as a value does
        damage.addAll()
        flightPanelReplaced(at: time)
    }

    /// The screen changed size (a monitor replugged with another mode, a resized virtual
    /// display): the panel is placed again and every cache rebuilt at the new scale, keeping
    /// values and the shown page, as a reload does. Throws (leaving everything as it was) if
    /// the new scene cannot be built. `rotationDegrees` turns the screen too (the studio's
    /// preview of a screen mounted another way); nil keeps the rotation.
    public func resize(screenWidth: Int, screenHeight: Int, rotationDegrees: Int? = nil, at time: Double) throws(GraphicsError) {
        let old = rotation
        rotation = ScreenRotation(degrees: rotationDegrees ?? old.degrees, physicalWidth: screenWidth, physicalHeight: screenHeight)
        do { try replacePanel(scene.panel, at: time) } catch {
            rotation = old
            throw error
        }
        damage = DamageRegion(width: rotation.logicalWidth, height: rotation.logicalHeight)
        damage.addAll()
    }

    /// Messages for stderr (a recovered Cairo error) from this screen, its mirrors and the
    /// other screens' panels, each once: the host writes them (the core has no stderr).
    public func takeDiagnostics() -> [String] {
        ([self] + mirrors + peers).flatMap { $0.takeOwnDiagnostics() }
    }

    private func takeOwnDiagnostics() -> [String] {
        defer { diagnostics = [] }
        return diagnostics + (compositor.takeRecoveryNote().map { [$0] } ?? [])
    }

    /// Marks the whole screen for repaint (first frame, page change).
    public func invalidateAll() { damage.addAll() }
}

/// Stdin and the socket hand it their request lines.
extension PanelController: CommandExecutor {}
