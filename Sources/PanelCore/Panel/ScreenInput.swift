import Graphics
import PanelProtocol

/// Device input arrives in physical screen pixels, measured on the screen size the device was
/// opened for. The panel maps it to design pixels itself, with the rotation and letterbox in
/// force now, so no reader needs a way back into the panel (it used to get a closure that did).
extension PanelController {
    /// Delivers a device's event: points are scaled to the screen's size now (a hotplug may
    /// have changed it since the device was opened), then mapped to design pixels.
    public func deliver(screenEvent event: InputEvent, measuredOn size: (width: Int, height: Int), at time: Double) {
        deliver(designEvent(fromScreen: event, measuredOn: size), at: time)
    }

    /// `event` with its points in design pixels (other events unchanged).
    package func designEvent(fromScreen event: InputEvent, measuredOn size: (width: Int, height: Int)) -> InputEvent {
        let now = rotation
        func design(_ x: Double, _ y: Double) -> Point {
            guard now.physicalWidth != size.width || now.physicalHeight != size.height else { return designPoint(screen: Point(x: x, y: y)) }
            return designPoint(screen: Point(x: x * Double(now.physicalWidth) / Double(size.width), y: y * Double(now.physicalHeight) / Double(size.height)))
        }
        switch event {
        case let .touchDown(id, x, y): let p = design(x, y); return .touchDown(id: id, x: p.x, y: p.y)
        case let .touchMotion(id, x, y): let p = design(x, y); return .touchMotion(id: id, x: p.x, y: p.y)
        case let .pointerMotion(x, y): let p = design(x, y); return .pointerMotion(x: p.x, y: p.y)
        default: return event
        }
    }
}
