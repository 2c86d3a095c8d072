/// A page grid: the design area minus `padding` on every side, split into `columns` ×
/// `rows` equal cells with `gap` between neighbours.
///
///     cellWidth  = (designWidth  - 2·padding - (columns-1)·gap) / columns
///     cellHeight = (designHeight - 2·padding - (rows-1)·gap) / rows
///     x = padding + column·(cellWidth + gap),   width  = spanColumns·cellWidth + (spanColumns-1)·gap
///     y = padding + row·(cellHeight + gap),     height = spanRows·cellHeight + (spanRows-1)·gap
public struct GridLayout: Sendable, Equatable {
    public var columns: Int
    public var rows: Int
    public var gap: Double
    public var padding: Double

    public static let defaultGap = 16.0
    public static let defaultPadding = 24.0

    public init(columns: Int, rows: Int, gap: Double = GridLayout.defaultGap, padding: Double = GridLayout.defaultPadding) {
        self.columns = columns
        self.rows = rows
        self.gap = gap
        self.padding = padding
    }

    public func cellWidth(designWidth: Int) -> Double {
        (Double(designWidth) - 2 * padding - Double(columns - 1) * gap) / Double(max(columns, 1))
    }

    public func cellHeight(designHeight: Int) -> Double {
        (Double(designHeight) - 2 * padding - Double(rows - 1) * gap) / Double(max(rows, 1))
    }

    /// The frame of the cell at 0-based (`column`, `row`) spanning `spanColumns` × `spanRows` cells.
    public func frame(column: Int, row: Int, spanColumns: Int = 1, spanRows: Int = 1,
                      designWidth: Int, designHeight: Int) -> LayoutRect {
        let w = cellWidth(designWidth: designWidth)
        let h = cellHeight(designHeight: designHeight)
        return LayoutRect(
            x: padding + Double(column) * (w + gap),
            y: padding + Double(row) * (h + gap),
            width: Double(spanColumns) * w + Double(spanColumns - 1) * gap,
            height: Double(spanRows) * h + Double(spanRows - 1) * gap)
    }
}
