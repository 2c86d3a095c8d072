import Graphics

/// A widget on screen: a model (pure state and rules) plus the cached layers that paint it.
/// The runtime owns widgets on its one thread; they never see Cairo handles of the output,
/// DRM, or the clock's source, only times and a drawing context on the frame in memory.
public protocol WidgetView: AnyObject {
    var id: String { get }
    /// The widget's frame in design pixels.
    var frame: Rect { get }

    /// The screen-pixel area this widget may paint (frame plus shadows, focus ring, caption).
    /// A function of `mapping` alone: the scene keeps it per mapping (a look that changes it
    /// makes a new view).
    func paintBounds(_ mapping: ScreenMapping) -> Rect
    /// Paints the widget as it looks at `time` into `ctx` (screen pixels, clip already set).
    func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double)

    /// The screen-pixel areas to repaint this frame, asked once per frame while the widget
    /// needs display or animates. By default all of `paintBounds`; a widget that knows which
    /// of its layers moved (a knob turning) returns less.
    func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect]

    /// True when something changed since the last frame and the widget must be repainted.
    var needsDisplay: Bool { get set }
    /// True while an animation runs at `time`; the scheduler keeps frames coming meanwhile.
    func isAnimating(at time: Double) -> Bool
    /// When a widget at rest next changes by itself (a blinking light's flip), nil for never:
    /// the loop sleeps until then instead of painting frames ("zero wake-ups at rest").
    func nextChange(after time: Double) -> Double?

    /// The round part touches aim at, for round widgets (a knob's circle); nil for others.
    var roundArea: RoundArea? { get }

    /// Whether a touch at `point` (design pixels) starts on this widget.
    func hitTest(_ point: Point) -> Bool
    /// Whether the widget takes keyboard focus (Tab order).
    var acceptsFocus: Bool { get }
    /// Whether a press on it is a control's (the layout's `sound.click` ticks): by default the
    /// widgets that take focus, not labels or instruments.
    var clicksOnPress: Bool { get }
    var hasFocus: Bool { get set }
    func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent]
    /// Advances animations to `time`, returning events for those that ended.
    func advance(to time: Double) -> [WidgetEvent]
    /// The widget type's name as the layout file spells it (`knob`, `slider`, `label`).
    var typeName: String { get }
    /// The argument keys each command verb takes on this widget, e.g. `["set": ["position",
    /// "value", "animated"]]`. Verbs not listed are rejected before `apply` is called.
    var commandKeys: [String: Set<String>] { get }
    /// Applies an integrator command (`set` with properties, or a type's own verb); returns
    /// the events it caused. Called only with a verb and keys from `commandKeys`.
    func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent]
    /// The current state as event fields (for `get` and `list`); nil for widgets without one.
    func snapshot() -> WidgetEvent?
    /// How this widget's `value` is rounded wherever it is published (its step, else its
    /// format's precision); nil for widgets without a number value. Events and snapshots
    /// already carry rounded values; other edges (Home Assistant's `step`) read it here.
    var valueRounding: ValueRounding? { get }
    /// A value bound to an MQTT topic went stale, or is fresh again: a widget that shows its
    /// value as text shows "—" meanwhile (the runtime greys every stale widget itself).
    func showStale(_ stale: Bool)
    /// What the state file keeps (`savesState`): by default the snapshot; a widget with a
    /// history (a chart's points) adds what `get` need not repeat, restored through `set`.
    func savedSnapshot() -> WidgetEvent?
    /// Builds one piece of what the widget may soon need but did not need to show itself yet
    /// (a slider's other glow levels); true when it did some (call again). The loops call it
    /// while they have nothing else to do, so neither the first frame nor an animation frame
    /// waits for it; a widget that was never asked builds the same images when it needs them.
    func prepareAhead(_ mapping: ScreenMapping) -> Bool
    /// Starts making, on another thread, images its first draw will need (no text in them:
    /// the text caches are the loop's), while the loop builds and paints the rest of the
    /// first frame; the draw takes them, waiting if need be, or makes them itself when they
    /// were made for another look. The pixels are the same either way.
    func startPreparing(_ mapping: ScreenMapping)
    /// The most bytes a bound topic's payload may have for a widget that takes the payload
    /// itself (an image's picture); nil for widgets that read values from it (BoundPayload).
    var rawPayloadLimit: Int? { get }
    /// Such a payload arrived: done now (the events, and a note, one log line, when it could
    /// not be shown), or a picture to decode first, off the loop's thread if the runtime has
    /// one, handed back to `finishRawPayload`.
    func takeRawPayload(_ rawPayload: [UInt8], at time: Double) -> RawPayloadIntake
    /// The decode `takeRawPayload` asked for is done: the events (shown now) and a note.
    func finishRawPayload(_ job: PictureDecode, _ decoded: DecodedPicture, at time: Double) -> (events: [WidgetEvent], note: String?)
}

/// What a widget makes of a raw payload (`WidgetView.takeRawPayload`).
public enum RawPayloadIntake: Sendable {
    case done(events: [WidgetEvent], note: String?)
    case decode(PictureDecode)
}

extension WidgetView {
    public func damage(_ mapping: ScreenMapping, at time: Double) -> [Rect] { [paintBounds(mapping)] }
    public var roundArea: RoundArea? { nil }
    public func nextChange(after time: Double) -> Double? { nil }
    public var valueRounding: ValueRounding? { nil }
    public func showStale(_ stale: Bool) {}
    public func savedSnapshot() -> WidgetEvent? { snapshot() }
    public var rawPayloadLimit: Int? { nil }
    public func prepareAhead(_ mapping: ScreenMapping) -> Bool { false }
    public func startPreparing(_ mapping: ScreenMapping) {}
    public var clicksOnPress: Bool { acceptsFocus }
    public func takeRawPayload(_ rawPayload: [UInt8], at time: Double) -> RawPayloadIntake { .done(events: [], note: nil) }
    public func finishRawPayload(_ job: PictureDecode, _ decoded: DecodedPicture, at time: Double) -> (events: [WidgetEvent], note: String?) { ([], nil) }
    /// Takes a raw payload whole, on this thread (a picture decoded now): tests, mirrors
    /// without a decoding thread.
    public func receive(rawPayload: [UInt8], at time: Double) -> (events: [WidgetEvent], note: String?) {
        switch takeRawPayload(rawPayload, at: time) {
        case let .done(events, note): return (events, note)
        case .decode(let job): return finishRawPayload(job, job.run(), at: time)
        }
    }
    /// Where touches aimed at this widget go: its round part, else the circle inscribed in its frame.
    public var aimArea: RoundArea { roundArea ?? RoundArea(inscribedIn: frame) }
}
