import Graphics

/// The page drawer's own coordinates: the whole (upright) screen, measured in design units
/// from its top left corner. The drawer slides the whole screen, letterbox bars included:
/// the menu starts at the screen's left edge and the right view ends at its right edge, not
/// at the design area's. Touches arrive in design pixels (the letterboxed mapping); the
/// drawer shifts them by the bars before it compares them with the front's edge, the
/// menu's rows or the draggable border, so what the finger hits is what the screen shows.
public struct DrawerSpace: Sendable, Equatable {
    /// Design units from the screen's left and top edges to the design's origin: a
    /// pillarbox's bar width and a letterbox's bar height, over the scale.
    public var originX: Double
    public var originY: Double
    /// The screen's size in design units (the front view's width in the drawer's geometry).
    public var width: Double
    public var height: Double

    public init(originX: Double, originY: Double, width: Double, height: Double) {
        self.originX = originX; self.originY = originY; self.width = width; self.height = height
    }

    /// The space of a screen `screenWidth` × `screenHeight` pixels showing the design through
    /// `mapping` (uniform scale, centred).
    public init(mapping: ScreenMapping, screenWidth: Int, screenHeight: Int) {
        let s = mapping.scale > 0 && mapping.scale.isFinite ? mapping.scale : 1
        self.init(originX: mapping.offsetX / s, originY: mapping.offsetY / s,
                  width: Double(screenWidth) / s, height: Double(screenHeight) / s)
    }

    /// The space of a screen exactly the design's size (no bars, scale 1).
    public init(designWidth: Double, designHeight: Double) {
        self.init(originX: 0, originY: 0, width: designWidth, height: designHeight)
    }

    /// A design point in the drawer's space.
    public func fromDesign(_ p: Point) -> Point { Point(x: p.x + originX, y: p.y + originY) }

    /// A point of the drawer's space in design pixels.
    public func toDesign(_ p: Point) -> Point { Point(x: p.x - originX, y: p.y - originY) }
}
