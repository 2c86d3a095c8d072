import PanelProtocol
import Graphics
import PanelLoop

/// Where the arrow of a mouse-driven kiosk is drawn: the hardware cursor plane
/// (`HardwareCursor`), or composited into the picture (`SoftwareCursor`).
public protocol CursorPlane: AnyObject {
    @discardableResult func show(x: Int, y: Int) -> Bool
    @discardableResult func move(x: Int, y: Int) -> Bool
    func hide()
}

extension HardwareCursor: CursorPlane {}
extension PointerCursor { public static let defaultHideAfter = 3.0 }

/// The mouse pointer's visibility: shown (and moved) by relative mouse motion, hidden
/// `hideAfter` seconds after the last motion and as soon as a touch (or an absolute pointer,
/// which stands in for one) is used: a touch kiosk shows no arrow. The input sources report
/// motion as it is read; this source's turn (right after theirs in the same loop turn, or at
/// its deadline) keeps the times, so nothing polls while the arrow is hidden.
public final class PointerCursor: PollSource {
    private let plane: any CursorPlane
    public let hideAfter: Double
    private var visible = false
    private var lastMotion = 0.0
    private var motionPending = false
    /// For the exit summary and the VM test: shows, hides by timeout, hides by touch, refused calls.
    public private(set) var shows = 0
    public private(set) var hiddenAfterIdle = 0
    public private(set) var hiddenByTouch = 0
    public private(set) var refusedCalls = 0

    public init(plane: any CursorPlane, hideAfter: Double = PointerCursor.defaultHideAfter) {
        self.plane = plane
        self.hideAfter = hideAfter
    }

    /// Relative motion moved the pointer to `p` (physical screen pixels, where the plane is).
    public func pointerMoved(to p: Point) {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        if visible {
            if !plane.move(x: x, y: y) { refusedCalls += 1 }
        } else if plane.show(x: x, y: y) {
            visible = true
            shows += 1
        } else {
            refusedCalls += 1
        }
        motionPending = true
    }

    /// A touch or an absolute pointer was used.
    public func touched() {
        if visible {
            plane.hide()
            visible = false
            hiddenByTouch += 1
        }
    }

    public var pollRequests: [PollRequest] { [] }
    public var hasPendingWork: Bool { motionPending }
    public var isFinished: Bool { false }
    public var deadline: Double? { visible && !motionPending ? lastMotion + hideAfter : nil }

    public func service(_ revents: [Int16], at time: Double) {
        if motionPending {
            motionPending = false
            lastMotion = time
        } else if visible, time >= lastMotion + hideAfter {
            plane.hide()
            visible = false
            hiddenAfterIdle += 1
        }
    }

    public func shutdown() {
        if visible { plane.hide(); visible = false }
    }

    public var summary: String {
        "cursor shown \(shows)×, hidden after \(JSONLineWriter.number(hideAfter)) s idle \(hiddenAfterIdle)×, by touch \(hiddenByTouch)×"
            + (refusedCalls > 0 ? ", \(refusedCalls) cursor calls refused by the driver" : "")
    }
}
