import CCairo
@testable import Graphics
import Testing

/// RenderCounters: what `knob-panel bench` reports as blurs and resamplings per frame.
/// The counters are process-wide and tests run in parallel, so these tests only check that
/// a blur counts (the counter grows), and decide "resamples or copies" on matrices directly.
@Suite struct RenderCountersTests {
    @Test func aBlurCounts() throws {
        let mask = try ImageSurface(width: 20, height: 20, format: .a8)
        let before = RenderCounters.snapshot
        ShadowMask.blur(mask, radius: 4)
        #expect((RenderCounters.snapshot - before).blurs >= 1)
    }

    static func matrix(_ xx: Double, _ yx: Double, _ xy: Double, _ yy: Double, _ x0: Double, _ y0: Double) -> cairo_matrix_t {
        cairo_matrix_t(xx: xx, yx: yx, xy: xy, yy: yy, x0: x0, y0: y0)
    }

    @Test func wholePixelTranslationsAreCopies() {
        // CTM translate(10, 20), image placed at (3, -4): device → pattern is translate(-13, -16).
        #expect(!DrawingContext.resamples(ctm: Self.matrix(1, 0, 0, 1, 10, 20), pattern: Self.matrix(1, 0, 0, 1, -3, 4)))
        // An image drawn at scale 2 and painted through scale 2 is a copy too.
        #expect(!DrawingContext.resamples(ctm: Self.matrix(2, 0, 0, 2, 0, 0), pattern: Self.matrix(2, 0, 0, 2, 0, 0)))
    }

    @Test func rotationScaleAndHalfPixelsResample() {
        let c = 0.8, s = 0.6   // a rotation by about 36.87°
        #expect(DrawingContext.resamples(ctm: Self.matrix(c, s, -s, c, 0, 0), pattern: Self.matrix(1, 0, 0, 1, 0, 0)))
        #expect(DrawingContext.resamples(ctm: Self.matrix(1.5, 0, 0, 1.5, 0, 0), pattern: Self.matrix(1, 0, 0, 1, 0, 0)))
        #expect(DrawingContext.resamples(ctm: Self.matrix(1, 0, 0, 1, 0.5, 0), pattern: Self.matrix(1, 0, 0, 1, 0, 0)))
    }
}
