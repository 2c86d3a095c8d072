import Graphics

/// Where the page menu's rows are, in design pixels relative to the rear view's left edge:
/// a header, then one row per page. Rows past the panel's height are not shown (a panel
/// has a handful of pages; the menu does not scroll).
public struct PageMenuLayout: Sendable, Equatable {
    public static let headerHeight = 72.0
    public static let rowHeight = 64.0

    /// The visible width of the menu (the reveal width) and the panel's height.
    public var width: Double
    public var height: Double
    public var count: Int

    public init(width: Double, height: Double, count: Int) {
        self.width = width; self.height = height; self.count = count
    }

    public func rowRect(_ index: Int) -> Rect {
        Rect(x: 0, y: Self.headerHeight + Double(index) * Self.rowHeight, width: width, height: Self.rowHeight)
    }

    /// The row under `p` (relative to the rear view), if any.
    public func row(at p: Point) -> Int? {
        guard p.x >= 0, p.x < width, p.y >= Self.headerHeight else { return nil }
        let i = Int((p.y - Self.headerHeight) / Self.rowHeight)
        return i < count && rowRect(i).y + Self.rowHeight <= height + Self.rowHeight / 2 ? i : nil
    }
}
