import Graphics
import PanelCore

/// The mouse pointer's arrow where the driver has no cursor plane (bochs-drm, simpledrm):
/// composited by `KMSOutput` into each scanout buffer after the frame's damage is copied,
/// as the panel's pixels under the arrow (painted for its box) blended with it. Renders,
/// screenshots and the studio show the panel alone, and the area under the arrow is restored
/// by painting that box again for the buffer that showed it. A motion
/// costs one frame whose only writes are the arrow's box where the buffer showed it and its
/// box now (24×32 each); a hidden arrow costs nothing, and nothing here wakes the loop.
public final class SoftwareCursor: CursorPlane {
    private let ink: [UInt32]
    /// The tip's position on the physical screen; nil while hidden.
    public private(set) var tip: (x: Int, y: Int)?
    /// Shown, moved or hidden since an output last drew it: the screen needs a frame.
    public internal(set) var needsFrame = false

    public init() throws(GraphicsError) { ink = try CursorArrow.inkPixels() }

    public var isShown: Bool { tip != nil }

    @discardableResult
    public func show(x: Int, y: Int) -> Bool { move(x: x, y: y) }

    @discardableResult
    public func move(x: Int, y: Int) -> Bool {
        if tip?.x != x || tip?.y != y {
            tip = (x, y)
            needsFrame = true
        }
        return true
    }

    public func hide() {
        guard tip != nil else { return }
        tip = nil
        needsFrame = true
    }

    /// The physical box the arrow covers with its tip at (x, y), before clipping to the screen.
    public static func box(tipX x: Int, tipY y: Int) -> PixelRect {
        PixelRect(x: x - CursorArrow.hotSpot.x, y: y - CursorArrow.hotSpot.y, width: CursorArrow.inkWidth, height: CursorArrow.inkHeight)
    }

    /// The arrow's box on the physical screen of `rotation`, clipped to it (nil: hidden, or
    /// off screen).
    package func visibleBox(on rotation: ScreenRotation) -> PixelRect? {
        guard let tip else { return nil }
        let box = Self.box(tipX: tip.x, tipY: tip.y).intersection(PixelRect(x: 0, y: 0, width: rotation.physicalWidth, height: rotation.physicalHeight))
        return box.isEmpty ? nil : box
    }

    /// Blends the arrow into `tile`, a painted piece of the upright frame whose pixel (0, 0)
    /// is the frame's `origin`, where `rotation` shows it on the physical screen. The tile
    /// is ordinary memory: the output then copies it into scanout memory, never reading that.
    package func blend(into tile: ImageSurface, origin: (x: Int, y: Int), rotation: ScreenRotation) {
        guard let tip, let box = visibleBox(on: rotation) else { return }
        let inkOrigin = Self.box(tipX: tip.x, tipY: tip.y)
        let upright = rotation.toLogical(box).intersection(PixelRect(x: origin.x, y: origin.y, width: tile.width, height: tile.height))
        if upright.isEmpty { return }
        ink.withUnsafeBufferPointer { ink in
            tile.withPixelBytes { base, stride in
                for ly in upright.y..<upright.maxY {
                    let row = (base + (ly - origin.y) * stride).assumingMemoryBound(to: UInt32.self)
                    for lx in upright.x..<upright.maxX {
                        let p = rotation.physicalPixel(lx, ly)
                        let i = (p.y - inkOrigin.y) * CursorArrow.inkWidth + (p.x - inkOrigin.x)
                        row[lx - origin.x] = Self.over(ink[i], row[lx - origin.x])
                    }
                }
            }
        }
    }

    /// Premultiplied `c` over the opaque pixel `f`: c + f·(1 − αc), per channel, rounded.
    @inline(__always)
    package static func over(_ c: UInt32, _ f: UInt32) -> UInt32 {
        let a = c >> 24
        if a == 0xff { return c }
        if a == 0 { return f | 0xff00_0000 }
        let k = 255 - a
        func ch(_ shift: UInt32) -> UInt32 {
            let v = ((c >> shift) & 0xff) + (((f >> shift) & 0xff) * k + 127) / 255
            return Swift.min(v, 255) << shift
        }
        return 0xff00_0000 | ch(16) | ch(8) | ch(0)
    }

    /// Draws the arrow into a physical image in ordinary memory (`render --cursor X,Y`).
    public func draw(into image: ImageSurface) {
        blend(into: image, origin: (0, 0), rotation: ScreenRotation(degrees: 0, physicalWidth: image.width, physicalHeight: image.height))
    }
}
