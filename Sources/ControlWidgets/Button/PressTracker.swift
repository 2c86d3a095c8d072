import Graphics

/// The press of a momentary control (UIControl's touch tracking, as a value): a touch that
/// goes down inside highlights the control; moving out beyond a slop un-highlights it (back
/// in highlights again); lifting while highlighted is a click. Only the first finger counts.
public struct PressTracker: Sendable, Equatable {
    /// Distance outside the frame, design pixels, that still counts as inside (a finger is wide).
    public static let slop = 24.0

    public private(set) var touchID: Int?
    public private(set) var isInside = false
    /// When the current press began (for auto-repeat).
    public private(set) var downTime: Double = 0

    public init() {}

    public var isPressed: Bool { touchID != nil && isInside }

    public enum Change: Sendable, Equatable { case none, pressed, released, clicked }

    /// Feeds one input; returns what happened to the press.
    public mutating func handle(_ input: WidgetInput, frame: Rect, at time: Double) -> [Change] {
        switch input {
        case let .touchDown(id, p):
            guard touchID == nil, frame.contains(p) else { return [] }
            touchID = id; isInside = true; downTime = time
            return [.pressed]
        case let .touchMove(id, p):
            guard id == touchID else { return [] }
            let inside = frame.insetBy(-Self.slop).contains(p)
            defer { isInside = inside }
            if inside && !isInside { return [.pressed] }
            if !inside && isInside { return [.released] }
            return []
        case let .touchUp(id):
            guard id == touchID else { return [] }
            let wasInside = isInside
            touchID = nil; isInside = false
            return wasInside ? [.released, .clicked] : []
        case let .touchCancel(id):
            guard id == touchID else { return [] }
            let wasInside = isInside
            touchID = nil; isInside = false
            return wasInside ? [.released] : []
        case .wheel, .key:
            return []
        }
    }

    /// Forgets the press (the control was disabled mid-press).
    public mutating func cancel() { touchID = nil; isInside = false }
}
