import Graphics

/// Where the page menu's rows are: a header, then one row per page, in design units
/// relative to the rear view's top left corner on screen (the drawer's space). The content
/// scrolls vertically when it is taller than the screen: `scrollOffset` is how far it is
/// scrolled up, clamped to 0…`maxScrollOffset`, and the header scrolls with the rows.
public struct PageMenuLayout: Sendable, Equatable {
    public static let headerHeight = 72.0
    public static let rowHeight = 64.0

    /// The visible width of the menu (the reveal width) and height (the screen's).
    public var width: Double
    public var height: Double
    public var count: Int
    public private(set) var scrollOffset = 0.0

    public init(width: Double, height: Double, count: Int) {
        self.width = width; self.height = height; self.count = count
    }

    /// The header and every row, unscrolled.
    public var contentHeight: Double { Self.headerHeight + Double(count) * Self.rowHeight }

    /// How far the menu can scroll: 0 when everything fits.
    public var maxScrollOffset: Double { Swift.max(0, contentHeight - height) }

    /// Scrolls to `offset`, held to 0…maxScrollOffset (a non-finite offset is ignored).
    public mutating func scroll(to offset: Double) {
        guard offset.isFinite else { return }
        scrollOffset = Swift.min(Swift.max(offset, 0), maxScrollOffset)
    }

    /// Where row `index` is shown, scrolled.
    public func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: Self.headerHeight + Double(index) * Self.rowHeight - scrollOffset, width: width, height: Self.rowHeight)
    }

    /// The header's top edge, scrolled.
    public var headerY: Double { -scrollOffset }

    /// The row under `p` (relative to the rear view), if any: only where the menu is shown.
    public func row(at p: Point) -> Int? {
        guard p.x >= 0, p.x < width, p.y >= 0, p.y < height else { return nil }
        let y = p.y + scrollOffset - Self.headerHeight
        guard y >= 0 else { return nil }
        let i = Int(y / Self.rowHeight)
        return i < count ? i : nil
    }

    /// The rows shown (partly or whole) at the current scroll offset.
    public var visibleRows: Range<Int> {
        let first = Int(Swift.max(0, (scrollOffset - Self.headerHeight) / Self.rowHeight))
        let last = Int(((scrollOffset + height - Self.headerHeight) / Self.rowHeight).rounded(.up))
        let lower = Swift.min(first, count), upper = Swift.min(Swift.max(last, lower), count)
        return lower..<upper
    }
}
