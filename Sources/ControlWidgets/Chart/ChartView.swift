import Formatting
import Graphics

/// A line or bar chart of one or more series over a time window: value axis labels on the
/// left, time labels under it (`-24h` … `now`), a grid, dashed lines at the lowest and highest
/// value shown and at each threshold. The `sparkline` look is the line alone with a dot on
/// its last point, for small tiles. Fed by `append` (or a binding); repainted only when a
/// point arrives (the axis ends at the latest one: ChartModel).
public final class ChartView: WidgetView {
    public enum Look: String, CaseIterable, Sendable { case line, bar, sparkline }

    public let id: String
    public let frame: Rect
    public private(set) var model: ChartModel
    public let look: Look
    public let colors: [Color]
    /// Fixed ends of the value axis; nil: the data's range.
    public let fixedMin: Double?
    public let fixedMax: Double?
    public let thresholds: [Double]
    public let thresholdColor: Color
    public let showMinMax: Bool
    public let valueFormat: ValueFormat?
    public let fontName: String
    public let fontSize: Double
    public let textColor: Color
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }

    public init(id: String, frame: Rect, model: ChartModel, look: Look, colors: [Color], fixedMin: Double?, fixedMax: Double?,
                thresholds: [Double], thresholdColor: Color, showMinMax: Bool, valueFormat: ValueFormat?,
                fontName: String, fontSize: Double, textColor: Color) {
        self.id = id; self.frame = frame; self.model = model; self.look = look
        self.colors = colors.isEmpty ? [Color(red: 0.04, green: 0.52, blue: 1)] : colors
        self.fixedMin = fixedMin; self.fixedMax = fixedMax; self.thresholds = thresholds; self.thresholdColor = thresholdColor
        self.showMinMax = showMinMax; self.valueFormat = valueFormat
        self.fontName = fontName; self.fontSize = fontSize; self.textColor = textColor
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    // MARK: geometry (design pixels)

    /// The plotting area: inside the frame, less the axis labels' room (none for a sparkline).
    public var plotRect: Rect {
        guard look != .sparkline else { return Rect(x: frame.x + 3, y: frame.y + 3, width: Swift.max(1, frame.width - 6), height: Swift.max(1, frame.height - 6)) }
        let left = fontSize * 3.6, bottom = fontSize * 1.7, top = fontSize * 0.7, right = fontSize * 0.9
        return Rect(x: frame.x + left, y: frame.y + top, width: Swift.max(1, frame.width - left - right), height: Swift.max(1, frame.height - top - bottom))
    }

    /// The value axis: the fixed ends, else the data's range with 8 % room (±1 around one value).
    public var valueAxis: (lo: Double, hi: Double) {
        let data = model.valueRange
        var lo = fixedMin ?? data?.min ?? 0
        var hi = fixedMax ?? data?.max ?? 1
        if fixedMin == nil || fixedMax == nil, let d = data {
            let room = d.max > d.min ? (d.max - d.min) * 0.08 : 1
            if fixedMin == nil { lo = d.min - room }
            if fixedMax == nil { hi = d.max + room }
        }
        if !(hi > lo) { hi = lo + 1 }
        return (lo, hi)
    }

    /// Where a point is drawn, in design pixels.
    public func position(of p: ChartModel.Point) -> Point {
        let r = plotRect, axis = valueAxis
        let x = r.x + r.width * (1 - (model.now - p.t) / model.window)
        let y = r.y + r.height * (1 - (p.v - axis.lo) / (axis.hi - axis.lo))
        return Point(x: x, y: Swift.min(r.y + r.height, Swift.max(r.y, y)))
    }

    // MARK: drawing

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        let s = mapping.scale
        let plot = mapping.toScreen(plotRect)
        let axis = valueAxis
        func y(_ v: Double) -> Double { plot.y + plot.height * (1 - (v - axis.lo) / (axis.hi - axis.lo)) }
        ctx.newPath()
        if look != .sparkline {
            ctx.setColor(Color(white: 1, alpha: 0.05))
            ctx.addRoundedRect(mapping.toScreen(frame), radius: 8 * s); ctx.fill()
            drawGrid(ctx, plot: plot, axis: axis, scale: s)
        }
        ctx.withSavedState {
            ctx.addRect(plot); ctx.clip()
            ctx.setLineWidth(Swift.max(1, 1.2 * s))
            ctx.setDash([4 * s, 4 * s])
            for t in thresholds where t >= axis.lo && t <= axis.hi {
                ctx.setColor(thresholdColor)
                ctx.move(to: Point(x: plot.x, y: y(t))); ctx.line(to: Point(x: plot.x + plot.width, y: y(t))); ctx.stroke()
            }
            if showMinMax, look != .sparkline, let range = model.valueRange {
                ctx.setDash([2 * s, 3 * s])
                ctx.setColor(textColor.withAlpha(0.45))
                for v in range.min == range.max ? [range.min] : [range.min, range.max] {
                    ctx.move(to: Point(x: plot.x, y: y(v))); ctx.line(to: Point(x: plot.x + plot.width, y: y(v))); ctx.stroke()
                }
            }
            ctx.setDash([])
            for (i, points) in model.visible.enumerated() where !points.isEmpty {
                let color = colors[i % colors.count]
                if look == .bar { drawBars(ctx, points, series: i, color: color, plot: plot, mapping: mapping, y: y) } else { drawLine(ctx, points, color: color, mapping: mapping) }
            }
        }
        if showMinMax, look != .sparkline, let range = model.valueRange {
            // At the right end, above the max line and under the min line (inside the plot).
            let w = plot.width * 0.5, x = plot.x + plot.width - w - 3 * s
            let maxY = Swift.max(plot.y, y(range.max) - fontSize * 1.3 * s)
            let minY = Swift.min(plot.y + plot.height - fontSize * 1.3 * s, y(range.min) + 2 * s)
            // Lines too close for a label each (or the same text): one label says both.
            if range.min != range.max, minY - maxY < fontSize * 1.25 * s || text(range.min) == text(range.max) {
                let both = text(range.min) == text(range.max) ? "min = max " + text(range.max) : "min " + text(range.min) + " · max " + text(range.max)
                label(ctx, both, at: Point(x: x, y: maxY), width: w, align: .right, scale: s, alpha: 0.7)
                return
            }
            label(ctx, "max " + text(range.max), at: Point(x: x, y: maxY), width: w, align: .right, scale: s, alpha: 0.7)
            if range.min != range.max {
                label(ctx, "min " + text(range.min), at: Point(x: x, y: minY), width: w, align: .right, scale: s, alpha: 0.7)
            }
        }
    }

    private func drawLine(_ ctx: DrawingContext, _ points: [ChartModel.Point], color: Color, mapping: ScreenMapping) {
        let s = mapping.scale
        let screen = points.map { mapping.toScreen(position(of: $0)) }
        ctx.newPath()
        ctx.setColor(color)
        ctx.setLineWidth(Swift.max(1, (look == .sparkline ? 1.6 : 2) * s))
        ctx.setRoundCaps()
        ctx.move(to: screen[0])
        for p in screen.dropFirst() { ctx.line(to: p) }
        if screen.count == 1 { ctx.line(to: screen[0]) }
        ctx.stroke()
        if look == .sparkline, let last = screen.last {
            ctx.addCircle(center: last, radius: Swift.max(1.5, 2.5 * s)); ctx.fill()
        }
    }

    private func drawBars(_ ctx: DrawingContext, _ points: [ChartModel.Point], series: Int, color: Color, plot: Rect,
                          mapping: ScreenMapping, y: (Double) -> Double) {
        // A bar a point, as wide as the points of the fullest series leave room for.
        let most = Double(Swift.max(1, model.series.map(\.count).max() ?? 1))
        let n = Double(model.series.count)
        let slot = Swift.max(1, plot.width / most)
        let width = Swift.max(1, slot * 0.7 / n)
        let base = y(Swift.min(Swift.max(0, valueAxis.lo), valueAxis.hi))
        ctx.setColor(color)
        for p in points {
            let x = mapping.toScreen(position(of: p)).x - slot * 0.35 + width * Double(series)
            let top = y(p.v)
            ctx.addRect(Rect(x: x, y: Swift.min(top, base), width: width, height: Swift.max(1, abs(base - top))))
        }
        ctx.fill()
    }

    /// The value axis's labels for the plot's height in screen pixels (ChartAxis).
    func valueTicks(plotHeight: Double, scale s: Double) -> [ChartAxis.Tick] {
        let axis = valueAxis
        return ChartAxis.valueTicks(lo: axis.lo, hi: axis.hi, height: plotHeight, lineHeight: fontSize * 1.2 * s, format: valueFormat)
    }

    /// The time axis's labels for the plot's width in screen pixels, measured in `ctx`'s font.
    func timeTicks(plotWidth: Double, scale s: Double, in ctx: DrawingContext) -> [ChartAxis.Tick] {
        ChartAxis.timeTicks(window: model.window, width: plotWidth, gap: fontSize * 0.8 * s) { text in
            TextLayout(text: text, family: fontName, pixelSize: fontSize * s, bold: false, context: ctx).size.width
        }
    }

    private func drawGrid(_ ctx: DrawingContext, plot: Rect, axis: (lo: Double, hi: Double), scale s: Double) {
        let values = valueTicks(plotHeight: plot.height, scale: s)
        let times = timeTicks(plotWidth: plot.width, scale: s, in: ctx)
        func y(_ v: Double) -> Double { plot.y + plot.height * (1 - (v - axis.lo) / (axis.hi - axis.lo)) }
        ctx.setLineWidth(Swift.max(1, s))
        ctx.setColor(textColor.withAlpha(0.14))
        for t in values {
            let yy = y(t.at).rounded() + 0.5
            ctx.move(to: Point(x: plot.x, y: yy)); ctx.line(to: Point(x: plot.x + plot.width, y: yy))
        }
        for t in times {
            let xx = (plot.x + plot.width * t.at).rounded() + 0.5
            ctx.move(to: Point(x: xx, y: plot.y)); ctx.line(to: Point(x: xx, y: plot.y + plot.height))
        }
        ctx.stroke()
        ctx.setColor(textColor.withAlpha(0.5))
        ctx.move(to: Point(x: plot.x, y: plot.y + plot.height)); ctx.line(to: Point(x: plot.x + plot.width, y: plot.y + plot.height)); ctx.stroke()
        let labelWidth = fontSize * 3.3 * s
        for t in values {
            // Centred on its line, kept inside the frame at the ends.
            let yy = Swift.min(Swift.max(y(t.at) - fontSize * 0.6 * s, plot.y - fontSize * 0.6 * s), plot.y + plot.height - fontSize * 0.6 * s)
            label(ctx, t.text, at: Point(x: plot.x - labelWidth - fontSize * 0.3 * s, y: yy), width: labelWidth, align: .right, scale: s, alpha: 0.8)
        }
        let measure: (String) -> Double = { TextLayout(text: $0, family: self.fontName, pixelSize: self.fontSize * s, bold: false, context: ctx).size.width }
        for (t, e) in zip(times, ChartAxis.extents(times, width: plot.width, measure: measure)) {
            label(ctx, t.text, at: Point(x: plot.x + e.0, y: plot.y + plot.height + fontSize * 0.35 * s), width: e.1 - e.0 + 1, align: .left, scale: s, alpha: 0.8)
        }
    }

    private func label(_ ctx: DrawingContext, _ s: String, at p: Point, width: Double, align: TextLayout.Alignment, scale: Double, alpha: Double) {
        let layout = TextLayout(text: s, family: fontName, pixelSize: fontSize * scale, bold: false, context: ctx)
        layout.setWidth(width, alignment: align)
        ctx.setColor(textColor.withAlpha(alpha))
        layout.draw(at: p)
    }

    private func text(_ v: Double) -> String {
        if let valueFormat { return valueFormat.string(v) }
        let (lo, hi) = valueAxis
        let decimals = hi - lo >= 20 ? 0 : hi - lo >= 2 ? 1 : 2
        return ValueFormat(decimals: decimals).string(v)
    }

    /// `30s`, `15m`, `6h`, `2d`: the shortest unit that writes `seconds` as a whole number or one decimal.
    public static func duration(_ seconds: Double) -> String {
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10) }
        if seconds < 120 { return n(seconds) + "s" }
        if seconds < 7200 { return n(seconds / 60) + "m" }
        if seconds < 172_800 { return n(seconds / 3600) + "h" }
        return n(seconds / 86400) + "d"
    }

    // MARK: commands, state

    public func isAnimating(at time: Double) -> Bool { false }
    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "chart" }
    public var commandKeys: [String: Set<String>] { ChartDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        switch command.verb {
        case "append":
            guard let v = try command.checkedNumber("value") else { throw WidgetCommandError("'append' needs a 'value' (a number)") }
            let t = try command.checkedNumber("t") ?? time
            var index = 0
            if let name = command.arguments["series"] {
                guard let s = name.string, let i = model.names.firstIndex(of: s) else {
                    throw WidgetCommandError("'series' must be one of \(model.names.map { "\"\($0)\"" }.joined(separator: ", "))")
                }
                index = i
            }
            let kept = model.append(v, at: t, series: index)
            needsDisplay = true
            var f = EventFields()
            f.add("series", model.names[index]); f.add("value", v); f.add("count", model.count)
            if !kept { f.add("kept", false) }
            f.add("source", WidgetEvent.Source.program)
            return [WidgetEvent("valueChanged", f.fields)]
        default:
            guard let history = command.arguments["history"] else { throw WidgetCommandError("nothing to set: give 'history'") }
            guard let text = history.string, model.restore(history: text, at: time) else {
                throw WidgetCommandError("'history' must be the state file's form: series by ';', points 'age:value' by ','")
            }
            needsDisplay = true
            return []
        }
    }

    /// `{"event":"state","count":12,"value":21.4}` for `get` and `list` (the last value of the first series that has one).
    public func snapshot() -> WidgetEvent? {
        var f = EventFields()
        f.add("count", model.count)
        f.add("value", model.last?.v)
        return WidgetEvent("state", f.fields)
    }

    /// The state file keeps the points too (`history`), which `get` leaves out.
    public func savedSnapshot() -> WidgetEvent? {
        WidgetEvent("state", [EventField("history", .string(model.history))])
    }
}
