/// Fits the design area onto a screen with one uniform scale, centred, leaving bars on the
/// two sides that do not fit (letterbox or pillarbox).
///
/// `rotation` (0, 90, 180, 270; degrees clockwise) turns the design on the screen: with 90
/// or 270 the design's width runs along the screen's height.
public struct Letterbox: Sendable, Equatable {
    public var scale: Double
    /// Left edge of the placed design on the screen, in screen pixels (after rotation).
    public var offsetX: Double
    /// Top edge of the placed design on the screen, in screen pixels (after rotation).
    public var offsetY: Double
    public var designWidth: Int
    public var designHeight: Int
    public var screenWidth: Int
    public var screenHeight: Int
    public var rotation: Int

    public init(designWidth: Int, designHeight: Int, screenWidth: Int, screenHeight: Int) {
        self.init(designWidth: designWidth, designHeight: designHeight, screenWidth: screenWidth,
                  screenHeight: screenHeight, rotation: 0)
    }

    public init(designWidth: Int, designHeight: Int, screenWidth: Int, screenHeight: Int, rotation: Int) {
        let normalized = ((rotation % 360) + 360) % 360
        self.rotation = [0, 90, 180, 270].contains(normalized) ? normalized : 0
        self.designWidth = designWidth
        self.designHeight = designHeight
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        let quarter = self.rotation == 90 || self.rotation == 270
        let placedWidth = Double(quarter ? designHeight : designWidth)
        let placedHeight = Double(quarter ? designWidth : designHeight)
        if placedWidth > 0, placedHeight > 0, screenWidth > 0, screenHeight > 0 {
            scale = min(Double(screenWidth) / placedWidth, Double(screenHeight) / placedHeight)
        } else {
            scale = 1
        }
        offsetX = (Double(screenWidth) - placedWidth * scale) / 2
        offsetY = (Double(screenHeight) - placedHeight * scale) / 2
    }

    /// Design point → screen point.
    public func toScreen(x: Double, y: Double) -> (x: Double, y: Double) {
        let w = Double(designWidth), h = Double(designHeight)
        let (rx, ry): (Double, Double)
        switch rotation {
        case 90: (rx, ry) = (h - y, x)
        case 180: (rx, ry) = (w - x, h - y)
        case 270: (rx, ry) = (y, w - x)
        default: (rx, ry) = (x, y)
        }
        return (offsetX + rx * scale, offsetY + ry * scale)
    }

    /// Screen point → design point (inverse of `toScreen`).
    public func toDesign(x: Double, y: Double) -> (x: Double, y: Double) {
        let w = Double(designWidth), h = Double(designHeight)
        let rx = (x - offsetX) / scale, ry = (y - offsetY) / scale
        switch rotation {
        case 90: return (ry, h - rx)
        case 180: return (w - rx, h - ry)
        case 270: return (w - ry, rx)
        default: return (rx, ry)
        }
    }

    /// The screen rectangle covering a design rectangle.
    public func toScreen(_ rect: LayoutRect) -> LayoutRect {
        let a = toScreen(x: rect.x, y: rect.y)
        let b = toScreen(x: rect.maxX, y: rect.maxY)
        return LayoutRect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }

    /// True when a screen point falls on the design area (not on the bars).
    public func containsScreenPoint(x: Double, y: Double) -> Bool {
        let d = toDesign(x: x, y: y)
        return d.x >= 0 && d.y >= 0 && d.x < Double(designWidth) && d.y < Double(designHeight)
    }
}
