import Graphics

/// Whatever paints the picture an output shows, one rectangle at a time, on demand. There is
/// no screen-sized frame in memory: an output asks for the rectangles its back buffer needs
/// (this frame's damage, what that buffer missed, the arrow's boxes) and copies each into
/// scanout memory, which is never read. `PanelController` is one (its panel, dimmed or black
/// as the screen's state asks); a finished image is another (tests, tools).
public protocol FrameSource: AnyObject {
    /// Paints `rect` of the upright frame into `tile`, which is exactly `rect`'s size: the
    /// tile's pixel (0, 0) is the frame's (rect.x, rect.y). Every pixel must be written.
    func paintFrame(_ rect: PixelRect, into tile: ImageSurface)
}

/// A finished picture is its own source: its pixels are copied.
extension ImageSurface: FrameSource {
    public func paintFrame(_ rect: PixelRect, into tile: ImageSurface) {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        withPixelBytes { src, srcStride in
            tile.withPixelBytes { dst, dstStride in
                if r != rect {   // outside the picture: black, as a screen shows nothing there
                    for y in 0..<tile.height { (dst + y * dstStride).initializeMemory(as: UInt32.self, repeating: 0xff00_0000, count: tile.width) }
                }
                guard !r.isEmpty else { return }
                for y in r.y..<r.maxY {
                    (dst + (y - rect.y) * dstStride + (r.x - rect.x) * 4).copyMemory(from: src + y * srcStride + r.x * 4, byteCount: r.width * 4)
                }
            }
        }
    }
}
