import Graphics

/// Turns one touch on the page menu into a pick or a scroll. A touch that lifts before it
/// moved more than the drawer's tap slop (`DrawerPanRecognizer.threshold`, 5 design pixels)
/// is a tap: it picks the row it went down on. One that first moves further, mostly
/// vertically, scrolls the menu, and the content follows the finger from where it went
/// down (anchor at touch-down, the slop included); one that first moves mostly sideways is
/// neither (the menu does not move the drawer: the reference's pan belongs to the front).
public struct MenuTouchRecognizer: Sendable {
    public enum Outcome: Sendable, Equatable {
        case none
        /// Scroll the menu to this offset (not yet clamped).
        case scroll(to: Double)
        /// Pick the row the touch went down on (nil: it went down on no row).
        case tap(row: Int?)
    }

    public let start: Point
    public let row: Int?
    public let startScroll: Double
    private enum State: Sendable { case possible, scrolling, failed }
    private var state = State.possible

    /// - Parameters: p: the touch-down point; row: the row under it; scroll: the menu's
    ///   scroll offset then.
    public init(down p: Point, row: Int?, scroll: Double) {
        start = p; self.row = row; startScroll = scroll
    }

    public var isScrolling: Bool { state == .scrolling }

    public mutating func move(to p: Point) -> Outcome {
        let dx = p.x - start.x, dy = p.y - start.y
        switch state {
        case .failed:
            return .none
        case .scrolling:
            return .scroll(to: startScroll - dy)
        case .possible:
            let slop = DrawerPanRecognizer.threshold
            guard abs(dx) > slop || abs(dy) > slop else { return .none }
            if abs(dy) >= abs(dx) {
                state = .scrolling
                return .scroll(to: startScroll - dy)
            }
            state = .failed
            return .none
        }
    }

    public func lift() -> Outcome {
        state == .possible ? .tap(row: row) : .none
    }
}
