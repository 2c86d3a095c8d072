import Foundation
@testable import Graphics
import Testing

/// DrawingContext.fill with a gradient source rasterises the path into an A8 mask and paints
/// the gradient through it in one composite (cairo would composite each row on its own):
/// the pixels are cairo's own fill's, within one level of rounding (but where the path
/// crosses the clip's edge).
@Suite struct GradientFillTests {
    /// A radial-gradient disc of radius 60 (81 px) and a linear-gradient rounded rectangle
    /// on a 200² canvas turned 30° and scaled 1.35, with a clip rectangle cutting both: on whole device pixels (the mask path) and
    /// turned with the drawing (cairo fills it itself: a mask would not match at the clip's edge).
    @Test func gradientFillMatchesCairosFill() throws {
        func draw(_ ctx: DrawingContext, cairoOnly: Bool, turnedClip: Bool) {
            if !turnedClip {
                ctx.addRect(Rect(x: 30, y: 20, width: 150, height: 130))
                ctx.clip()
            }
            ctx.translate(100, 100)
            ctx.rotate(Double.pi / 6)
            ctx.scale(1.35, 1.35)
            if turnedClip {
                ctx.addRect(Rect(x: -80, y: -70, width: 150, height: 120))
                ctx.clip()
            }
            ctx.newPath()
            ctx.addCircle(center: .zero, radius: 60)
            ctx.setRadialGradient(center0: Point(x: -10, y: -10), radius0: 5, center1: .zero, radius1: 60,
                                  stops: [(0, Color(red: 0.9, green: 0.3, blue: 0.1)), (1, Color(red: 0.1, green: 0.2, blue: 0.8, alpha: 0.7))])
            if cairoOnly { ctx.fillWithCairo() } else { ctx.fill() }
            ctx.addRoundedRect(Rect(x: -20, y: -40, width: 80, height: 70), radius: 12)
            ctx.setLinearGradient(from: Point(x: -20, y: -40), to: Point(x: 60, y: 40),
                                  stops: [(0, Color(white: 1, alpha: 0.8)), (1, Color(white: 0, alpha: 0.3))])
            if cairoOnly { ctx.fillWithCairo() } else { ctx.fill() }
        }
        for turned in [false, true] {
            let ours = try opaqueSurface(width: 200, height: 200, Color(white: 0.2))
            draw(DrawingContext(surface: ours), cairoOnly: false, turnedClip: turned)
            let cairo = try opaqueSurface(width: 200, height: 200, Color(white: 0.2))
            draw(DrawingContext(surface: cairo), cairoOnly: true, turnedClip: turned)
            saveForInspection(ours, "gradient-fill-\(turned)")
            saveForInspection(cairo, "gradient-fill-cairo-\(turned)")
            let d = try #require(try ImageComparison.compare(expected: cairo, actual: ours, tolerance: 1))
            // Where the path's edge crosses the clip's edge (the disc at x = 180 near y = 83)
            // cairo samples the clipped polygon: a pixel or two may differ by a few levels.
            #expect(d.differingPixels <= 2 && d.maxChannelDelta <= 8,
                    "turned clip \(turned): \(d.differingPixels) pixels, largest \(d.maxChannelDelta)")
            #expect(ours.pixel(x: 100, y: 100).red > 0.5, "the fills drew")
        }
    }
}
