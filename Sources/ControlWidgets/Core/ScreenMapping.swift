import Graphics

/// How design pixels (the layout file's space) map onto screen pixels: a uniform scale and an
/// offset (letterboxing). Widgets paint their cached layers in screen pixels so nothing is
/// resampled except rotating content.
public struct ScreenMapping: Sendable, Equatable {
    public var scale: Double
    public var offsetX: Double
    public var offsetY: Double

    public init(scale: Double, offsetX: Double = 0, offsetY: Double = 0) {
        self.scale = scale; self.offsetX = offsetX; self.offsetY = offsetY
    }

    public static let identity = ScreenMapping(scale: 1)

    public func toScreen(_ p: Point) -> Point { Point(x: p.x * scale + offsetX, y: p.y * scale + offsetY) }
    public func toScreen(_ r: Rect) -> Rect {
        Rect(x: r.x * scale + offsetX, y: r.y * scale + offsetY, width: r.width * scale, height: r.height * scale)
    }
    public func toDesign(_ p: Point) -> Point { Point(x: (p.x - offsetX) / scale, y: (p.y - offsetY) / scale) }
}
