import Graphics
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// The backdrop is kept as one column of the gradient and written row by row: the pixels
/// must be exactly those of the gradient painted over the whole surface (a vertical
/// gradient's rows are constant), and only inside the rectangle asked for.
@Suite struct BackgroundTests {
    static let top = Color(hex: "#1b1f27")!, bottom = Color(hex: "#0d0f14")!

    /// The gradient as cairo paints it on a 300×200 surface.
    static func reference() throws -> ImageSurface {
        let s = try ImageSurface(width: 300, height: 200)
        let ctx = DrawingContext(surface: s)
        ctx.setLinearGradient(from: Point(x: 0, y: 0), to: Point(x: 0, y: 200), stops: [(0, top), (1, bottom)])
        ctx.paint()
        return s
    }

    static func red() throws -> ImageSurface {
        let s = try ImageSurface(width: 300, height: 200)
        let ctx = DrawingContext(surface: s)
        ctx.setColor(Color(red: 1, green: 0, blue: 0))
        ctx.paint()
        return s
    }

    /// The whole surface: pixel for pixel the painted gradient; the first row is #1b1f27
    /// (27, 31, 39) and the last #0d0f14 (13, 15, 20), each within a level (pixel centres
    /// are half a row inside the ends).
    @Test func wholeSurfaceEqualsThePaintedGradient() throws {
        let b = try Background(width: 300, height: 200, colors: [Self.top, Self.bottom])
        #expect(b.rows.count == 200)
        let s = try Self.red()
        b.paint(PixelRect(x: 0, y: 0, width: 300, height: 200), into: s)
        let d = try ImageComparison.compare(expected: try Self.reference(), actual: s, tolerance: 0)
        #expect(d?.differingPixels == 0 && d?.maxChannelDelta == 0, "\(d?.differingPixels ?? -1) pixels differ")
        func bytes(_ c: Color) -> [Int] { [c.red, c.green, c.blue, c.alpha].map { Int(($0 * 255).rounded()) } }
        #expect(zip(bytes(s.pixel(x: 150, y: 0)), [27, 31, 39, 255]).allSatisfy { abs($0 - $1) <= 1 })
        #expect(zip(bytes(s.pixel(x: 299, y: 199)), [13, 15, 20, 255]).allSatisfy { abs($0 - $1) <= 1 })
    }

    /// A rectangle: inside it the gradient, outside it untouched; a rectangle reaching past
    /// the surface is clamped to it.
    @Test func onlyTheRectangleIsPainted() throws {
        let b = try Background(width: 300, height: 200, colors: [Self.top, Self.bottom])
        let s = try Self.red(), ref = try Self.reference()
        b.paint(PixelRect(x: 10, y: 20, width: 50, height: 30), into: s)
        b.paint(PixelRect(x: 280, y: 190, width: 50, height: 50), into: s)
        b.paint(PixelRect(x: -5, y: -5, width: 3, height: 3), into: s)
        for (x, y, inside) in [(10, 20, true), (59, 49, true), (9, 20, false), (60, 30, false), (30, 50, false),
                               (280, 190, true), (299, 199, true), (279, 195, false), (0, 0, false)] {
            let expected = inside ? ref.pixel(x: x, y: y) : Color(red: 1, green: 0, blue: 0)
            #expect(s.pixel(x: x, y: y) == expected, "(\(x), \(y))")
        }
    }
}
