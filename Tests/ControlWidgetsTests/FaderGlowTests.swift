import Graphics
import Testing
@testable import ControlWidgets

/// The moving fader's glow is one coloured image copied through each window at its alpha:
/// the pixels of the travel's gradient painted through the blurred line there.
@Suite struct FaderGlowTests {
    @Test func colouredGlowIsTheGradientThroughTheBlurredLine() throws {
        var look = SliderAppearance()
        look.glowOpacity = 0.8
        let painter = FaderPainter(geometry: FaderTests.vertical, appearance: look, ticks: KnobScale(), tickTexts: [],
                                   originFraction: 0, mapping: .identity)
        let mask = try painter.glowMask()
        let glow = try painter.colouredGlow(mask)
        for alpha in [1.0, 0.5, 1.0 / 7] {
            let direct = try opaqueSurface(width: painter.pixelWidth, height: painter.pixelHeight, Color(white: 0.1))
            let d = DrawingContext(surface: direct)
            painter.setTravelGradient(d, alpha: alpha)
            d.mask(mask, at: Point(x: 0, y: 0), smooth: false)
            let copied = try opaqueSurface(width: painter.pixelWidth, height: painter.pixelHeight, Color(white: 0.1))
            let c = DrawingContext(surface: copied)
            c.setSource(glow, at: Point(x: 0, y: 0), smooth: false)
            c.paint(alpha: alpha)
            let diff = try #require(try ImageComparison.compare(expected: direct, actual: copied, tolerance: 2))
            #expect(diff.differingPixels == 0, "alpha \(alpha): \(diff.differingPixels) pixels, up to \(diff.maxChannelDelta)")
        }
    }
}
