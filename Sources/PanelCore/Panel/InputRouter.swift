import ControlWidgets
import Graphics
import PanelProtocol

/// Sends input to the right widget: a touch (or a held mouse button) belongs to the widget
/// it went down on until it lifts, wherever it moves; wheel goes to the widget under the
/// pointer, else the focused one; keys go to the focused widget; Tab moves focus.
///
/// With a page drawer, the scene's drawer decides at touch-down who owns a touch (a widget of
/// the front or of the right view, the drawer, or nobody); the drawer's touches come back as
/// `.drawer` results for the controller to hand on. Ownership never changes until the touch
/// lifts. Everything routed is returned: the router calls nobody back.
package final class InputRouter {
    /// Where one input went: a widget, with the events it produced, or the page drawer.
    package enum Routed {
        case widget(any WidgetView, [WidgetEvent])
        case drawer(WidgetInput)
    }
    package enum TouchTarget {
        /// A widget; `shiftX` is how far right of its layout place it is drawn (a sliding
        /// right view), taken off the touch's x before the widget sees it.
        case widget(any WidgetView, shiftX: Double)
        case drawer
        case nothing
    }
    private enum Owner {
        case widget(any WidgetView, shiftX: Double)
        case drawer
    }
    private var touchOwners: [Int: Owner] = [:]
    private var pointer = Point(x: -1, y: -1)
    /// The mouse's left button acts as a touch with this id.
    private static let mouseTouchID = -1
    private(set) var focused: (any WidgetView)?
    /// Touches (and left-button presses) that went down on an enabled control, ever: the
    /// controller compares it around a route to know a press landed (the click you hear).
    package private(set) var controlPresses = 0

    package func route(_ input: InputEvent, in scene: Scene, time: Double) -> [Routed] {
        guard let event = input.bounded, time.isFinite else { return [] }
        let widgets = scene.widgets
        switch event {
        case let .touchDown(id, x, y):
            return touchDown(id: id, at: Point(x: x, y: y), in: scene, time: time)
        case let .touchMotion(id, x, y):
            switch touchOwners[id] {
            case let .widget(w, shift)?: return [.widget(w, w.handle(.touchMove(id: id, at: Point(x: x - shift, y: y)), at: time))]
            case .drawer?: return [.drawer(.touchMove(id: id, at: Point(x: x, y: y)))]
            case nil: return []
            }
        case let .touchUp(id):
            return end(id, .touchUp(id: id), time: time)
        case let .touchCancel(id):
            return end(id, .touchCancel(id: id), time: time)
        case let .pointerMotion(x, y):
            pointer = Point(x: x, y: y)
            if touchOwners[Self.mouseTouchID] != nil {
                return route(.touchMotion(id: Self.mouseTouchID, x: x, y: y), in: scene, time: time)
            }
            return []
        case let .button(button, pressed):
            guard button == .left else { return [] }
            return pressed ? touchDown(id: Self.mouseTouchID, at: pointer, in: scene, time: time)
                           : route(.touchUp(id: Self.mouseTouchID), in: scene, time: time)
        case let .wheel(delta):
            guard let w = widgets.last(where: { $0.hitTest(pointer) }) ?? focused, scene.isEnabled(w) else { return [] }
            return [.widget(w, w.handle(.wheel(steps: delta), at: time))]
        case .command:
            return []   // the controller executes commands; nothing to route
        case .aimedTouch:
            return []   // PanelController resolves aims to points before routing
        case let .key(name, pressed):
            guard pressed else { return [] }
            if name == "Tab" { moveFocus(widgets: widgets.filter(scene.isEnabled)); return [] }
            guard let key = WidgetKey(rawValue: name), let w = focused, scene.isEnabled(w) else { return [] }
            return [.widget(w, w.handle(.key(key), at: time))]
        }
    }

    private func end(_ id: Int, _ input: WidgetInput, time: Double) -> [Routed] {
        switch touchOwners.removeValue(forKey: id) {
        case let .widget(w, _)?: return [.widget(w, w.handle(input, at: time))]
        case .drawer?: return [.drawer(input)]
        case nil: return []
        }
    }

    /// Cancels every touch in progress (and a held mouse button), in touch-id order.
    package func cancelAllTouches(time: Double) -> [Routed] {
        touchOwners.keys.sorted().flatMap { end($0, .touchCancel(id: $0), time: time) }
    }

    /// Cancels the touches of widgets not in `keep` (their page went away).
    package func cancelTouches(notOn keep: [any WidgetView], time: Double) -> [Routed] {
        let ids = touchOwners.keys.sorted().filter { id in
            guard case let .widget(w, _)? = touchOwners[id] else { return false }
            return !keep.contains { $0 === w }
        }
        return ids.flatMap { end($0, .touchCancel(id: $0), time: time) }
    }

    /// Drops the keyboard focus (its widget left the screen).
    package func resetFocus() {
        if let f = focused { f.hasFocus = false; f.needsDisplay = true }
        focused = nil
    }

    private func touchDown(id: Int, at p: Point, in scene: Scene, time: Double) -> [Routed] {
        var out: [Routed] = []
        // A new touch with an id still in use means its lift was lost (a device unplugged
        // mid-touch, a dropped event): cancel the old one rather than ignore the new one.
        if touchOwners[id] != nil {
            out += end(id, .touchCancel(id: id), time: time)
        }
        switch Self.touchTarget(at: p, in: scene, time: time) {
        case let .widget(w, _) where !scene.isEnabled(w):
            break   // a control disabled by `style` takes the touch and does nothing with it
        case let .widget(w, shift):
            touchOwners[id] = .widget(w, shiftX: shift)
            if w.clicksOnPress { controlPresses += 1 }   // a control (or the page menu), not a label or an instrument
            out.append(.widget(w, w.handle(.touchDown(id: id, at: Point(x: p.x - shift, y: p.y)), at: time)))
        case .drawer:
            touchOwners[id] = .drawer
            out.append(.drawer(.touchDown(id: id, at: p)))
        case .nothing:
            break
        }
        return out
    }

    /// Who owns a touch going down at `p` (docs/layout.md, "Who owns a touch"). Without a
    /// drawer: the topmost widget under it (later widgets draw on top). On the closed drawer,
    /// the topmost front widget that takes it (a knob, a slider, the menu button), else the
    /// drawer; on an open drawer, the drawer (exposed front and menu), or the right view's
    /// widgets where it is revealed. `p` is in design pixels; the front's edge is compared in
    /// the drawer's space (the screen, bars included).
    package static func touchTarget(at p: Point, in scene: Scene, time: Double) -> TouchTarget {
        guard let drawer = scene.drawer else {
            return scene.widgets.last(where: { $0.hitTest(p) }).map { .widget($0, shiftX: 0) } ?? .nothing
        }
        let x = drawer.frontX(at: time)
        if drawer.isClosed(at: time) {
            if let w = scene.widgets.last(where: { $0.hitTest(p) }) { return .widget(w, shiftX: 0) }
            return .drawer
        }
        let width = drawer.geometry.viewWidth
        if x < 0 && drawer.space.fromDesign(p).x >= width + x && !drawer.reveal.isBusy {
            let shift = drawer.rightViewOffset(frontX: x)
            let local = Point(x: p.x - shift, y: p.y)
            if let w = scene.rightWidgets.last(where: { $0.hitTest(local) }) { return .widget(w, shiftX: shift) }
            return .nothing
        }
        return .drawer
    }

    private func moveFocus(widgets: [any WidgetView]) {
        let focusable = widgets.filter(\.acceptsFocus)
        guard !focusable.isEmpty else { return }
        let next: any WidgetView
        if let f = focused, let i = focusable.firstIndex(where: { $0 === f }) {
            next = focusable[(i + 1) % focusable.count]
        } else {
            next = focusable[0]
        }
        if let f = focused { f.hasFocus = false; f.needsDisplay = true }
        next.hasFocus = true
        next.needsDisplay = true
        focused = next
    }
}
