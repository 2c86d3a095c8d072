import ControlWidgets
import Graphics
import PanelLayout
import PanelProtocol

/// `{"command":"style","widget":ID,"tint":"#3478f6","visible":false,"enabled":false}` on any
/// widget (docs/protocol.md, "Style"). The panel keeps the style, not the widget: a hidden
/// widget is left out of the shown list (it neither draws nor takes touches), a disabled
/// one gets no input from the router, and a tint rebuilds the widget from its layout spec
/// with the new tint and its current value. Saved with `--state`, kept over a reload.
extension PanelController {
    package func executeStyle(_ widget: any WidgetView, _ command: WidgetCommand, at time: Double, source: String?,
                              requestID rid: String?, reply: (Reply) -> Void) {
        for key in command.arguments.keys.sorted() where !WidgetStyle.keys.contains(key) {
            let hint = Suggestion.hint(for: key, in: WidgetStyle.keys.sorted())
            return reply(Reply.failure(rid, "unknown key '\(LineError.excerpt(key))' for 'style' on \(widget.typeName) '\(widget.id)'\(hint) (style takes 'tint', 'visible', 'enabled')"))
        }
        guard !command.arguments.isEmpty else { return reply(Reply.failure(rid, "nothing to style: give 'tint', 'visible' or 'enabled'")) }
        var style = scene.style(of: widget.id)
        do {
            if let v = try command.checkedBool("visible") { style.visible = v }
            if let e = try command.checkedBool("enabled") { style.enabled = e }
        } catch { return reply(Reply.failure(rid, error.description)) }
        if let t = command.arguments["tint"] {
            // A theme token's name ("danger") is the theme's colour, saved as its hex.
            let token = t.string.flatMap { ThemeTokens.colorNames.contains($0) ? scene.panel.theme.token($0)?.hexString : nil }
            guard let hex = token ?? t.string, hex.isEmpty || RGBA(hex: hex) != nil else {
                let hint = t.string.map { Suggestion.hint(for: $0, in: ThemeTokens.colorNames) } ?? ""
                return reply(Reply.failure(rid, "'tint' must be a colour like \"#3478f6\", a theme token (\(ThemeTokens.colorNames.joined(separator: ", ")))\(hint), or \"\" for the layout's"))
            }
            guard hex.isEmpty || WidgetCatalog.kinds.kind(named: widget.typeName)?.property(named: "tint") != nil else {
                let tinted = WidgetCatalog.kinds.all.filter { $0.property(named: "tint") != nil }.map(\.name)
                return reply(Reply.failure(rid, "a \(widget.typeName) has no tint (these have one: \(tinted.joined(separator: ", ")))"))
            }
            style.tint = hex.isEmpty ? nil : hex
        }
        let shown: any WidgetView
        do { shown = try apply(style, to: widget, at: time) } catch { return reply(Reply.failure(rid, error.description)) }
        var data = JSONLineWriter()
        data.add("widget", shown.id)
        data.add("type", shown.typeName)
        var fields: [EventField] = []
        for (key, value) in style.fields {
            let field: EventValue
            switch value {
            case .bool(let b): field = .bool(b)
            case .string(let s): field = .string(s)
            case .number(let d): field = .number(d)
            }
            data.add(key, field)
            fields.append(EventField(key, field))
        }
        reply(Reply.ok(rid, data: data))
        fields.append(EventField("source", .string(source ?? EventSource.program.rawValue)))
        publish([WidgetEvent("styleChanged", fields)], from: shown, at: time)
    }

    /// Makes `style` the widget's: rebuilds it for a new tint, forwards `enabled` to a widget
    /// that has its own (so it draws itself disabled), ends touches on a widget that went
    /// away or stopped taking input. Returns the widget now shown for the id.
    @discardableResult
    package func apply(_ style: WidgetStyle, to widget: any WidgetView, at time: Double) throws(GraphicsError) -> any WidgetView {
        let before = scene.style(of: widget.id)
        var view = widget
        if style.tint != before.tint, let (_, spec) = scene.panel.widget(id: widget.id) {
            var tinted = spec
            if let tint = style.tint { tinted.properties["tint"] = .string(tint) }
            let rebuilt = try WidgetCatalog.makeView(tinted, theme: scene.panel.theme, shared: scene.sharedLayers)
            WidgetValues.restore(WidgetValues.capture([widget]), into: [rebuilt], at: time)
            rebuilt.hasFocus = false
            take(router.cancelTouches(notOn: scene.allWidgets.filter { $0 !== widget }, time: time), at: time)
            damage.add(scene.damageRect(of: widget))
            scene.replaceWidget(with: rebuilt)
            view = rebuilt
        }
        if style.enabled != before.enabled || view !== widget, view.commandKeys["set"]?.contains("enabled") == true {
            _ = try? view.apply(WidgetCommand("set", ["enabled": .bool(style.enabled)]), at: time)
        }
        scene.setStyle(style, for: view.id)
        if !style.visible || !style.enabled {
            // Its fingers lift now: a hidden or disabled control must not keep turning.
            let keep = (scene.widgets + scene.rightWidgets).filter { $0 !== view || (style.visible && style.enabled) }
            take(router.cancelTouches(notOn: keep, time: time), at: time)
            if router.focused === view { router.resetFocus() }
        }
        damage.add(scene.damageRect(of: view))
        view.needsDisplay = true
        return view
    }

    /// Applies saved or carried-over styles (start, reload) to the widgets that still exist.
    package func applyStyles(_ styles: [String: WidgetStyle], at time: Double) {
        for (id, style) in styles.sorted(by: { $0.key < $1.key }) {
            guard let widget = scene.widget(id: id) else { continue }
            // A widget that lost its tint key (a reload changed its type) keeps the rest.
            var kept = style
            if WidgetCatalog.kinds.kind(named: widget.typeName)?.property(named: "tint") == nil { kept.tint = nil }
            _ = try? apply(kept, to: widget, at: time)
        }
    }
}
