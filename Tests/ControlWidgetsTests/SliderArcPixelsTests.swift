import Graphics
import Testing
@testable import ControlWidgets

/// A gapped arc's glow and line written pixel by pixel (`SliderArcPixels`) show what the
/// clip windows show: the same value layer but for antialiasing at the cuts and the glow's
/// soft-end steps (a few levels on a few pixels).
@Suite struct SliderArcPixelsTests {
    /// Both layers, and the offset of the frame's point (120, 120) in them (the layer's centre).
    func layers(_ v: SliderView, origin: Double? = nil) throws -> (pixels: ImageSurface, windows: ImageSurface, offset: Int) {
        let p = SliderPainter(geometry: v.geometry, appearance: v.appearance, scale: 1, model: v.model, origin: origin)
        let band = PlacedImage.cropped(try p.gradientBand()), line = PlacedImage.cropped(try p.lineMask())
        var glows: [Int: PlacedImage] = [:]
        for level in 1...SliderPainter.glowLevels { glows[level] = PlacedImage.cropped(try p.glowMask(level: level)) }
        let state = v.valueState(at: 0)
        func draw(pixelWise: Bool) throws -> ImageSurface {
            let s = try ImageSurface(width: p.pixelSide, height: p.pixelSide)
            p.drawValueLayer(state, into: DrawingContext(surface: s), glow: { glows[$0] }, band: band, line: line,
                             handles: { _ in nil }, layer: pixelWise ? PlacedImage(s) : nil)
            return s
        }
        return (try draw(pixelWise: true), try draw(pixelWise: false), p.pixelSide / 2 - 120)
    }

    @Test(arguments: [0.0, 12, 30, 55, 81, 100])
    func pixelsShowWhatTheWindowsShow(value: Double) throws {
        let (pixels, windows, o) = try layers(SliderDrawingTests.view(value: value))
        let d = try #require(try ImageComparison.compare(expected: windows, actual: pixels, tolerance: 2))
        #expect(d.differingPixels <= 150 && d.maxChannelDelta <= 24, "value \(value): \(d.differingPixels) pixels, up to \(d.maxChannelDelta)")
        // Drawn at all: the unfilled track at the arc's end, the filled arc at its start.
        let (ex, ey) = SliderDrawingTests.point(travel: 265), (sx, sy) = SliderDrawingTests.point(travel: 3)
        #expect(pixels.pixel(x: ex + o, y: ey + o).alpha > 0.99)
        #expect(value == 0 || pixels.pixel(x: sx + o, y: sy + o).red > 0.9)
    }

    /// A bipolar fill (origin in the middle) has unfilled parts on both sides of the filled one.
    @Test func bipolarFillHasBothCuts() throws {
        let v = SliderDrawingTests.view(value: 20)
        v.origin = 50
        let (pixels, windows, o) = try layers(v, origin: 50)
        let d = try #require(try ImageComparison.compare(expected: windows, actual: pixels, tolerance: 2))
        #expect(d.differingPixels <= 150 && d.maxChannelDelta <= 24, "\(d.differingPixels) pixels, up to \(d.maxChannelDelta)")
        let (mx, my) = SliderDrawingTests.point(travel: 100)
        #expect(pixels.pixel(x: mx + o, y: my + o).alpha > 0.99 && pixels.pixel(x: mx + o, y: my + o).green < 0.1, "filled between 20 % and 50 %")
    }
}
