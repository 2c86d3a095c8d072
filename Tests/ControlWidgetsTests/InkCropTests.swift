import Graphics
import Testing
@testable import ControlWidgets

/// InkCrop: the box of an image's pixels with alpha > 0.
@Suite struct InkCropTests {
    /// Three dots on a 50×40 canvas: (30, 5) 1×1, (7, 20) 2×2, (44, 33) 1×1; the box runs from
    /// the leftmost (7) to the rightmost (44) and from the top (5) to the bottom (33):
    /// 38×29 at (7, 5), whatever row each extreme lies on. Both formats.
    @Test func boxOfScatteredDots() throws {
        for format in [ImageSurface.Format.argb32, .a8] {
            let image = try ImageSurface(width: 50, height: 40, format: format)
            let ctx = DrawingContext(surface: image)
            ctx.setColor(Color(white: 0, alpha: 0.5))
            for r in [Rect(x: 30, y: 5, width: 1, height: 1), Rect(x: 7, y: 20, width: 2, height: 2), Rect(x: 44, y: 33, width: 1, height: 1)] {
                ctx.addRect(r)
            }
            ctx.fill()
            let crop = try #require(InkCrop.crop(image))
            #expect(crop.x == 7 && crop.y == 5 && crop.image.width == 38 && crop.image.height == 29, "\(format)")
            #expect(InkCrop.crop(try ImageSurface(width: 8, height: 8, format: format)) == nil, "empty")
        }
    }
}
