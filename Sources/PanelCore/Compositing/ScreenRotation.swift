import Graphics

/// A panel mounted on its side: the frame is rendered upright ("logical", the design's
/// orientation) and turned `degrees` clockwise only where it leaves for the screen — when
/// damaged rectangles are copied into scanout buffers, or when a PNG is written — and
/// touches are turned back on their way in. Widgets, damage and the compositor never know.
public struct ScreenRotation: Sendable, Equatable {
    public let degrees: Int
    /// The physical screen (scanout) size.
    public let physicalWidth: Int
    public let physicalHeight: Int

    public init(degrees: Int, physicalWidth: Int, physicalHeight: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.degrees = [0, 90, 180, 270].contains(d) ? d : 0
        self.physicalWidth = physicalWidth
        self.physicalHeight = physicalHeight
    }

    private var isQuarterTurn: Bool { degrees == 90 || degrees == 270 }

    /// The size of the upright frame the compositor paints.
    public var logicalWidth: Int { isQuarterTurn ? physicalHeight : physicalWidth }
    public var logicalHeight: Int { isQuarterTurn ? physicalWidth : physicalHeight }

    /// A point on the physical screen (where a touch landed) in the upright frame.
    public func toLogical(_ p: Point) -> Point {
        let lw = Double(logicalWidth), lh = Double(logicalHeight)
        switch degrees {
        case 90: return Point(x: p.y, y: lh - p.x)
        case 180: return Point(x: lw - p.x, y: lh - p.y)
        case 270: return Point(x: lw - p.y, y: p.x)
        default: return p
        }
    }

    /// Where a point of the upright frame lands on the physical screen (`toLogical` undone).
    public func toPhysical(_ p: Point) -> Point {
        let lw = Double(logicalWidth), lh = Double(logicalHeight)
        switch degrees {
        case 90: return Point(x: lh - p.y, y: p.x)
        case 180: return Point(x: lw - p.x, y: lh - p.y)
        case 270: return Point(x: p.y, y: lw - p.x)
        default: return p
        }
    }

    /// Where a rectangle of the upright frame lands on the physical screen.
    public func toPhysical(_ r: PixelRect) -> PixelRect {
        let lw = logicalWidth, lh = logicalHeight
        switch degrees {
        case 90: return PixelRect(x: lh - r.maxY, y: r.x, width: r.height, height: r.width)
        case 180: return PixelRect(x: lw - r.maxX, y: lh - r.maxY, width: r.width, height: r.height)
        case 270: return PixelRect(x: r.y, y: lw - r.maxX, width: r.height, height: r.width)
        default: return r
        }
    }

    /// Copies `rect` of the upright frame into a physical XRGB8888 buffer, turned, from
    /// `image`, whose pixel (0, 0) is the frame's `origin` (a tile painted for that rect, or
    /// a whole frame at (0, 0)). Only writes the destination (scanout memory is slow to read).
    public func copy(_ image: ImageSurface, origin: (x: Int, y: Int) = (0, 0), rect: PixelRect, into dst: UnsafeMutableRawPointer, pitch: Int) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: logicalWidth, height: logicalHeight))
            .intersection(PixelRect(x: origin.x, y: origin.y, width: image.width, height: image.height))
        if r.isEmpty { return }
        let lw = logicalWidth, lh = logicalHeight
        image.withPixelBytes { src, stride in
            if degrees == 0 {
                for y in r.y..<r.maxY {
                    (dst + y * pitch + r.x * 4).copyMemory(from: src + (y - origin.y) * stride + (r.x - origin.x) * 4, byteCount: r.width * 4)
                }
                return
            }
            for ly in r.y..<r.maxY {
                let row = src + (ly - origin.y) * stride + (r.x - origin.x) * 4   // the frame's (r.x, ly)
                for lx in r.x..<r.maxX {
                    let px: Int, py: Int
                    switch degrees {
                    case 90: (px, py) = (lh - 1 - ly, lx)
                    case 180: (px, py) = (lw - 1 - lx, lh - 1 - ly)
                    default: (px, py) = (ly, lw - 1 - lx)
                    }
                    dst.storeBytes(of: row.load(fromByteOffset: (lx - r.x) * 4, as: UInt32.self), toByteOffset: py * pitch + px * 4, as: UInt32.self)
                }
            }
        }
    }

    /// The physical pixel showing the frame's pixel (lx, ly): `copy`'s mapping.
    @inline(__always)
    package func physicalPixel(_ lx: Int, _ ly: Int) -> (x: Int, y: Int) {
        switch degrees {
        case 90: return (logicalHeight - 1 - ly, lx)
        case 180: return (logicalWidth - 1 - lx, logicalHeight - 1 - ly)
        case 270: return (ly, logicalWidth - 1 - lx)
        default: return (lx, ly)
        }
    }

    /// The rectangle of the upright frame shown at the physical rectangle `r`.
    public func toLogical(_ r: PixelRect) -> PixelRect {
        ScreenRotation(degrees: 360 - degrees, physicalWidth: logicalWidth, physicalHeight: logicalHeight).toPhysical(r)
    }

    /// The whole upright frame turned onto a new physical-size surface (for PNGs).
    public func physicalImage(of frame: ImageSurface) throws(GraphicsError) -> ImageSurface {
        if degrees == 0 { return frame }
        let out = try ImageSurface(width: physicalWidth, height: physicalHeight)
        let ctx = DrawingContext(surface: out)
        switch degrees {
        case 90: ctx.translate(Double(physicalWidth), 0)
        case 180: ctx.translate(Double(physicalWidth), Double(physicalHeight))
        default: ctx.translate(0, Double(physicalHeight))
        }
        ctx.rotate(Double(degrees) * .pi / 180)
        ctx.setSource(frame, at: .zero, smooth: false)
        ctx.paint()
        return out
    }
}
