import Graphics

/// An LED with a label under it: a lit light glows in its colour, an unlit one is a dim disc
/// of it. Set by commands (`{"command":"set","widget":"alarm","state":"blinking","color":"#ff3b30"}`);
/// it takes no touches. A blinking light repaints only when its phase flips (`nextChange`).
public final class IndicatorView: WidgetView {
    public let id: String
    public let frame: Rect
    public private(set) var model: IndicatorModel
    public private(set) var colorHex: String
    public private(set) var color: Color
    public private(set) var label: String
    public let fontName: String
    public let textColor: Color
    /// An icon that is the light (lit: in its colour over a soft glow; unlit: dim), instead of the LED.
    public let icon: WidgetIcon?
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }
    /// Whether the light was lit at the last advance, to repaint on a flip only (the frame
    /// advances every widget before it is drawn; an output may paint later, or never).
    private var litAtLastAdvance: Bool?

    public init(id: String, frame: Rect, model: IndicatorModel, colorHex: String, label: String, fontName: String, textColor: Color, icon: WidgetIcon? = nil) {
        self.icon = icon
        self.id = id; self.frame = frame; self.model = model; self.label = label
        self.colorHex = colorHex; self.color = Color(hex: colorHex) ?? Color(red: 0.2, green: 0.85, blue: 0.3)
        self.fontName = fontName; self.textColor = textColor
    }

    /// The label's line under the light: 22 % of the smaller side, at least 12 px.
    var captionHeight: Double { label.isEmpty ? 0 : Swift.max(12, Swift.min(frame.width, frame.height) * 0.22) }

    /// The light's disc (design pixels): centred above the caption, with room for its glow.
    public var lightCenter: Point { Point(x: frame.x + frame.width / 2, y: frame.y + (frame.height - captionHeight) / 2) }
    public var lightRadius: Double { Swift.max(1, Swift.min(frame.width, frame.height - captionHeight) / 2 * 0.6) }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let lit = model.isLit(at: time)
        let c = mapping.toScreen(lightCenter)
        let r = lightRadius * mapping.scale
        if let icon {
            drawIcon(icon, in: ctx, center: c, radius: r, lit: lit)
        } else {
            drawLED(in: ctx, center: c, radius: r, lit: lit)
        }
        guard !label.isEmpty else { return }
        let layout = TextLayout(text: label, family: fontName, pixelSize: captionHeight * 0.8 * mapping.scale, bold: false, context: ctx)
        let box = mapping.toScreen(Rect(x: frame.x, y: frame.y + frame.height - captionHeight, width: frame.width, height: captionHeight))
        layout.fit(.wrap, width: box.width, height: box.height, alignment: .center)   // whole lines, never cut letters
        ctx.setColor(textColor)
        layout.draw(at: Point(x: box.x, y: box.y + (box.height - layout.size.height) / 2))
    }

    /// The icon as the light: lit, its colour over a glow; unlit, the colour at a quarter over dark.
    private func drawIcon(_ icon: WidgetIcon, in ctx: DrawingContext, center c: Point, radius r: Double, lit: Bool) {
        if lit {
            ctx.setRadialGradient(center0: c, radius0: 0, center1: c, radius1: r * 1.5,
                                  stops: [(0, color.withAlpha(0.35)), (1, color.withAlpha(0))])
            ctx.addCircle(center: c, radius: r * 1.5); ctx.fill()
        }
        let ink = lit ? color : Color(red: 0.1 + color.red * 0.25, green: 0.1 + color.green * 0.25, blue: 0.1 + color.blue * 0.25)
        icon.draw(in: ctx, box: Rect(x: c.x - r * 1.2, y: c.y - r * 1.2, width: r * 2.4, height: r * 2.4), color: ink)
    }

    private func drawLED(in ctx: DrawingContext, center c: Point, radius r: Double, lit: Bool) {
        if lit {
            // The glow: the colour fading out to twice the radius.
            ctx.setRadialGradient(center0: c, radius0: r * 0.8, center1: c, radius1: r * 1.6,
                                  stops: [(0, color.withAlpha(0.55)), (1, color.withAlpha(0))])
            ctx.addCircle(center: c, radius: r * 1.6); ctx.fill()
            // The lens: a bright centre turning into the colour at the rim.
            let hot = Color(red: 1 - (1 - color.red) * 0.35, green: 1 - (1 - color.green) * 0.35, blue: 1 - (1 - color.blue) * 0.35)
            ctx.setRadialGradient(center0: Point(x: c.x - r * 0.3, y: c.y - r * 0.3), radius0: 0, center1: c, radius1: r,
                                  stops: [(0, hot), (0.55, color), (1, color)])
        } else {
            // Unlit: the colour at a quarter over a dark lens.
            ctx.setColor(Color(red: 0.08 + color.red * 0.22, green: 0.08 + color.green * 0.22, blue: 0.08 + color.blue * 0.22))
        }
        ctx.addCircle(center: c, radius: r); ctx.fill()
        ctx.setColor(Color(white: 0, alpha: 0.5)); ctx.setLineWidth(Swift.max(1, r * 0.08))
        ctx.addCircle(center: c, radius: r); ctx.stroke()
    }

    /// Steady between phase flips: the scheduler wakes at `nextChange` instead of every frame.
    public func isAnimating(at time: Double) -> Bool { false }
    public func nextChange(after time: Double) -> Double? { model.nextChange(after: time) }
    public func advance(to time: Double) -> [WidgetEvent] {
        let lit = model.isLit(at: time)
        if let litAtLastAdvance, litAtLastAdvance != lit { needsDisplay = true }
        litAtLastAdvance = lit
        return []
    }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "indicator" }
    public var commandKeys: [String: Set<String>] { IndicatorDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        guard !command.arguments.isEmpty else { throw WidgetCommandError("nothing to set: give 'state', 'color' or 'label'") }
        var next = model, hex = colorHex, text = label
        if let v = command.arguments["state"] {
            guard let s = v.string.flatMap(IndicatorModel.State.init(rawValue:)) else {
                throw WidgetCommandError("'state' must be one of off, on, blinking")
            }
            next.state = s
        }
        if let v = command.arguments["color"] {
            guard let s = v.string, Color(hex: s) != nil else { throw WidgetCommandError("'color' must be a colour like \"#ff3b30\"") }
            hex = s
        }
        if let v = command.arguments["label"] {
            guard let s = v.string, s.unicodeScalars.count <= 64 else { throw WidgetCommandError("'label' must be a string of at most 64 characters") }
            text = s
        }
        let changed = next != model || hex != colorHex || text != label
        model = next; colorHex = hex; color = Color(hex: hex) ?? color; label = text
        guard changed else { return [] }
        needsDisplay = true
        return [WidgetEvent("valueChanged", snapshotFields + [EventField("source", .string(WidgetEvent.Source.program.rawValue))])]
    }

    var snapshotFields: [EventField] {
        [EventField("state", .string(model.state.rawValue)), EventField("color", .string(colorHex)), EventField("label", .string(label))]
    }

    /// `{"event":"state","state":"blinking","color":"#ff3b30","label":"Alarm"}` for `get`, `list` and the state file.
    public func snapshot() -> WidgetEvent? { WidgetEvent("state", snapshotFields) }
}
