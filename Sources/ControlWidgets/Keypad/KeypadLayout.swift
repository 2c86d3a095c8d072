import Graphics

/// Where a keypad's display line and keys are, in design pixels: the display across the top
/// (a fifth of the height, 44…96 px), then a 4 × 4 grid:
///
///     7 8 9 ⌫
///     4 5 6 ✕
///     1 2 3 ↵      (enter is two rows tall)
///     ± 0 . ↵
///
/// A key that does nothing on this keypad (± when not signed, the point with 0 decimals)
/// has no cell.
public struct KeypadLayout: Sendable, Equatable {
    public let frame: Rect
    public let display: Rect
    public let keys: [(key: KeypadModel.Key, rect: Rect)]

    public static func == (a: KeypadLayout, b: KeypadLayout) -> Bool {
        a.frame == b.frame && a.display == b.display && a.keys.map(\.key) == b.keys.map(\.key) && a.keys.map(\.rect) == b.keys.map(\.rect)
    }

    static let grid: [[KeypadModel.Key]] = [[.d7, .d8, .d9, .backspace], [.d4, .d5, .d6, .cancel],
                                             [.d1, .d2, .d3, .enter], [.sign, .d0, .point, .enter]]

    public init(frame: Rect, signed: Bool, decimals: Int) {
        self.frame = frame
        let gap = Swift.max(4, Swift.min(frame.width, frame.height) * 0.025)
        let displayHeight = Swift.min(96, Swift.max(44, frame.height * 0.2))
        display = Rect(x: frame.x, y: frame.y, width: frame.width, height: displayHeight)
        let top = frame.y + displayHeight + gap * 1.5
        let cellW = (frame.width - 3 * gap) / 4, cellH = (frame.maxY - top - 3 * gap) / 4
        var keys: [(key: KeypadModel.Key, rect: Rect)] = []
        for (row, line) in Self.grid.enumerated() {
            for (col, key) in line.enumerated() {
                if key == .sign && !signed { continue }
                if key == .point && decimals == 0 { continue }
                if key == .enter && row == 3 { continue }   // the lower half of the tall enter
                let height = key == .enter ? 2 * cellH + gap : cellH
                keys.append((key: key, rect: Rect(x: frame.x + Double(col) * (cellW + gap), y: top + Double(row) * (cellH + gap), width: cellW, height: height)))
            }
        }
        self.keys = keys
    }

    /// The key under `p`, nil between keys and on the display.
    public func key(at p: Point) -> KeypadModel.Key? { keys.first { $0.rect.contains(p) }?.key }
    public func rect(of key: KeypadModel.Key) -> Rect? { keys.first { $0.key == key }?.rect }
}
