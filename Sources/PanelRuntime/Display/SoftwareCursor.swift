import Graphics

/// The mouse pointer's arrow where the driver has no cursor plane (bochs-drm, simpledrm):
/// composited by `KMSOutput` into each scanout buffer after the frame's damage is copied,
/// as the frame's pixels under the arrow blended with it. The compositor's frame never holds
/// the arrow (renders, screenshots and the studio show the panel alone), and the area under
/// the arrow is restored by copying the frame there, not by repainting widgets. A motion
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

    /// Writes the arrow over `frame` (the upright frame, turned by `rotation` onto the
    /// physical XRGB8888 buffer `dst`) into its box, and returns the box clipped to the
    /// screen (nil when hidden or off screen). Only writes `dst`: scanout memory is slow to read.
    func draw(over frame: ImageSurface, rotation: ScreenRotation, into dst: UnsafeMutableRawPointer, pitch: Int) -> PixelRect? {
        guard let tip else { return nil }
        let screen = PixelRect(x: 0, y: 0, width: rotation.physicalWidth, height: rotation.physicalHeight)
        let origin = Self.box(tipX: tip.x, tipY: tip.y)
        let box = origin.intersection(screen)
        if box.isEmpty { return nil }
        let lw = rotation.logicalWidth, lh = rotation.logicalHeight, turn = rotation.degrees
        ink.withUnsafeBufferPointer { ink in
            frame.withPixelBytes { src, stride in
                for py in box.y..<box.maxY {
                    let inkRow = (py - origin.y) * CursorArrow.inkWidth - origin.x
                    for px in box.x..<box.maxX {
                        // The frame pixel shown at (px, py): ScreenRotation.copy's mapping undone.
                        let lx: Int, ly: Int
                        switch turn {
                        case 90: (lx, ly) = (py, lh - 1 - px)
                        case 180: (lx, ly) = (lw - 1 - px, lh - 1 - py)
                        case 270: (lx, ly) = (lw - 1 - py, px)
                        default: (lx, ly) = (px, py)
                        }
                        let f = src.load(fromByteOffset: ly * stride + lx * 4, as: UInt32.self)
                        dst.storeBytes(of: Self.over(ink[inkRow + px], f), toByteOffset: py * pitch + px * 4, as: UInt32.self)
                    }
                }
            }
        }
        return box
    }

    /// Premultiplied `c` over the opaque pixel `f`: c + f·(1 − αc), per channel, rounded.
    @inline(__always)
    static func over(_ c: UInt32, _ f: UInt32) -> UInt32 {
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
        let upright = ScreenRotation(degrees: 0, physicalWidth: image.width, physicalHeight: image.height)
        image.withPixelBytes { dst, pitch in _ = draw(over: image, rotation: upright, into: dst, pitch: pitch) }
    }
}
