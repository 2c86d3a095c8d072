import ControlWidgets
import Graphics

/// How the compositor shows a bound widget's data state, the same for every widget type: a
/// stale value greyed (the widget painted at a third of its opacity; a text widget shows "—"
/// itself, `showStale`), a change sent but not yet confirmed with a hollow ring in the
/// frame's top right corner (steady: nothing animates, the loop stays asleep).
enum BoundLook {
    static let staleOpacity = 0.35

    static func draw(_ widget: any WidgetView, look: BoundValues.Look, in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        switch look {
        case .normal:
            widget.draw(in: ctx, mapping: mapping, time: time)
        case .stale:
            ctx.beginGroup()
            widget.draw(in: ctx, mapping: mapping, time: time)
            ctx.endGroup(alpha: staleOpacity)
        case .pending:
            widget.draw(in: ctx, mapping: mapping, time: time)
            let f = mapping.toScreen(widget.frame)
            let r = Swift.max(3, Swift.min(f.width, f.height) * 0.06)
            let c = Point(x: f.x + f.width - r * 1.8, y: f.y + r * 1.8)
            ctx.newPath()
            ctx.setColor(Color(white: 0, alpha: 0.45))
            ctx.addCircle(center: c, radius: r * 1.35); ctx.fill()
            ctx.setColor(Color(red: 1, green: 0.8, blue: 0.2))
            ctx.setLineWidth(Swift.max(1.5, r * 0.45))
            ctx.addCircle(center: c, radius: r); ctx.stroke()
        }
    }
}
