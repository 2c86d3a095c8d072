/// A rectangle in design pixels: origin at the top left, y grows downwards.
public struct LayoutRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// True when the whole rectangle lies in [0, width] × [0, height].
    public func isInside(width w: Double, height h: Double) -> Bool {
        x >= 0 && y >= 0 && maxX <= w && maxY <= h
    }

    public var description: String {
        "[\(LayoutValue.formatNumber(x)), \(LayoutValue.formatNumber(y)), \(LayoutValue.formatNumber(width)), \(LayoutValue.formatNumber(height))]"
    }
}
