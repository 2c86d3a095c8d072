import ControlWidgets
import Graphics

/// Sends input to the right widget: a touch (or a held mouse button) belongs to the widget
/// it went down on until it lifts, wherever it moves; wheel goes to the widget under the
/// pointer, else the focused one; keys go to the focused widget; Tab moves focus.
final class InputRouter {
    private var touchOwners: [Int: any WidgetView] = [:]
    private var pointer = Point(x: -1, y: -1)
    /// The mouse's left button acts as a touch with this id.
    private static let mouseTouchID = -1
    private(set) var focused: (any WidgetView)?

    func route(_ input: InputEvent, widgets: [any WidgetView], time: Double) -> [(any WidgetView, [WidgetEvent])] {
        guard let event = input.bounded, time.isFinite else { return [] }
        switch event {
        case let .touchDown(id, x, y):
            return touchDown(id: id, at: Point(x: x, y: y), widgets: widgets, time: time)
        case let .touchMotion(id, x, y):
            guard let w = touchOwners[id] else { return [] }
            return [(w, w.handle(.touchMove(id: id, at: Point(x: x, y: y)), at: time))]
        case let .touchUp(id):
            guard let w = touchOwners.removeValue(forKey: id) else { return [] }
            return [(w, w.handle(.touchUp(id: id), at: time))]
        case let .touchCancel(id):
            guard let w = touchOwners.removeValue(forKey: id) else { return [] }
            return [(w, w.handle(.touchCancel(id: id), at: time))]
        case let .pointerMotion(x, y):
            pointer = Point(x: x, y: y)
            if touchOwners[Self.mouseTouchID] != nil {
                return route(.touchMotion(id: Self.mouseTouchID, x: x, y: y), widgets: widgets, time: time)
            }
            return []
        case let .button(button, pressed):
            guard button == .left else { return [] }
            return pressed ? touchDown(id: Self.mouseTouchID, at: pointer, widgets: widgets, time: time)
                           : route(.touchUp(id: Self.mouseTouchID), widgets: widgets, time: time)
        case let .wheel(delta):
            guard let w = widgets.last(where: { $0.hitTest(pointer) }) ?? focused else { return [] }
            return [(w, w.handle(.wheel(steps: delta), at: time))]
        case .command:
            return []   // the controller executes commands; nothing to route
        case .aimedTouch:
            return []   // PanelController resolves aims to points before routing
        case let .key(name, pressed):
            guard pressed else { return [] }
            if name == "Tab" { moveFocus(widgets: widgets); return [] }
            guard let key = WidgetKey(rawValue: name), let w = focused else { return [] }
            return [(w, w.handle(.key(key), at: time))]
        }
    }

    /// Cancels every touch in progress (and a held mouse button), in touch-id order.
    func cancelAllTouches(time: Double) -> [(any WidgetView, [WidgetEvent])] {
        let ids = touchOwners.keys.sorted()
        return ids.map { id in
            let w = touchOwners.removeValue(forKey: id)!
            return (w, w.handle(.touchCancel(id: id), at: time))
        }
    }

    private func touchDown(id: Int, at p: Point, widgets: [any WidgetView], time: Double) -> [(any WidgetView, [WidgetEvent])] {
        var out: [(any WidgetView, [WidgetEvent])] = []
        // A new touch with an id still in use means its lift was lost (a device unplugged
        // mid-touch, a dropped event): cancel the old one rather than ignore the new one.
        if let stale = touchOwners.removeValue(forKey: id) {
            out.append((stale, stale.handle(.touchCancel(id: id), at: time)))
        }
        // The topmost widget under the finger (later widgets draw on top).
        guard let w = widgets.last(where: { $0.hitTest(p) }) else { return out }
        touchOwners[id] = w
        out.append((w, w.handle(.touchDown(id: id, at: p), at: time)))
        return out
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
