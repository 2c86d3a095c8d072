import Graphics

/// The mouse pointer's arrow, one picture for both paths: the hardware cursor plane's 64×64
/// buffer and the composited cursor (`SoftwareCursor`), so a kiosk looks the same on either.
public enum CursorArrow {
    /// The arrow's tip in the image: the pointer's position.
    public static let hotSpot = (x: 1, y: 1)
    /// The part of the image the arrow can ink: the outline's points span x 1…17, y 1…26, and
    /// the 1.5-px stroke's miter joins reach ~2 px past the sharpest corners (17,16) and
    /// (10.5,26), so 24×32 holds every inked pixel (tested); it is the composited cursor's box.
    public static let inkWidth = 24
    public static let inkHeight = 32

    /// A white arrow with a black outline (legible on any panel), premultiplied ARGB, 64×64.
    package static func image() throws(GraphicsError) -> ImageSurface {
        let image = try ImageSurface(width: 64, height: 64)
        let g = DrawingContext(surface: image)
        g.newPath()
        let pts = [(1.0, 1.0), (1.0, 22.0), (6.5, 17.0), (10.5, 26.0), (14.0, 24.5), (10.0, 16.0), (17.0, 16.0)]
        g.move(to: Point(x: pts[0].0, y: pts[0].1))
        for p in pts.dropFirst() { g.line(to: Point(x: p.0, y: p.1)) }
        g.closePath()
        g.setColor(Color(white: 1))
        g.fillPreserve()
        g.setLineWidth(1.5)
        g.setColor(Color(white: 0))
        g.stroke()
        return image
    }

    /// The ink box's pixels, premultiplied ARGB, row by row (`inkWidth` × `inkHeight`).
    package static func inkPixels() throws(GraphicsError) -> [UInt32] {
        let image = try image()
        var out = [UInt32](repeating: 0, count: inkWidth * inkHeight)
        image.withPixelBytes { src, stride in
            for y in 0..<inkHeight {
                for x in 0..<inkWidth { out[y * inkWidth + x] = src.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) }
            }
        }
        return out
    }
}
