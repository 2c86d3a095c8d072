import Foundation
import Graphics
import Testing
@testable import ControlWidgets

// Shared helpers for the drawing tests (KnobColors, KnobPainter, KnobView, Text, ShadowMask).
//
// Hand-derived colours used throughout (tint #3a7bd5 = (58, 123, 213)):
//   max = blue 213, min = red 58, delta 155 → hue = (4 + (58 − 123)/155)/6 = 3.580645/6 = 0.596774.
//   HSB→RGB: h·6 = 3.580645 → sector 3, f = 0.580645, RGB = (p, q, v),
//   p = v(1 − s), q = v(1 − s·f).
//   normal fill      HSB(h, 1.0, 0.9): p 0,    q 0.9·0.419355 = 0.377419, v 0.9 → (0, 96, 230)
//   highlighted fill HSB(h, 0.7, 1.0): p 0.3,  q 1 − 0.7·0.580645 = 0.593548 → (77, 151, 255)
//   disabled fill    HSB(h, 0.2, 0.9): p 0.72, q 0.9·(1 − 0.116129) = 0.795484 → (184, 203, 230)
//   selected fill = highlighted fill (the reference's [1.0, 0.7, 0.2, 0.7] / [0.9, 1.0, 0.9, 1.0])
//   normal title     HSB(h, 1.0, 0.5): (0, 0.5·0.419355 = 0.209677, 0.5) → (0, 53.5, 127.5)
//   disabled title   HSB(h, 0.2, 0.5): p 0.4, q 0.5·0.883871 = 0.441935 → (102, 112.7, 127.5)
//   highlighted/selected titles = normal title (saturation 1.0, brightness always 0.5).

let drawTint = Color(hex: "#3a7bd5")!

/// 0…255 bytes of a colour's straight components.
struct RGBA: Equatable, CustomStringConvertible {
    var r, g, b, a: Int
    init(_ c: Color) {
        func byte(_ v: Double) -> Int { Int((v * 255).rounded()) }
        r = byte(c.red); g = byte(c.green); b = byte(c.blue); a = byte(c.alpha)
    }
    var description: String { "(\(r),\(g),\(b),a\(a))" }
}

/// True when `c` is within `tolerance` (bytes) of (r, g, b) and, if given, of alpha `a`.
func drawNear(_ c: Color, _ r: Double, _ g: Double, _ b: Double, a: Double? = nil, tolerance: Double = 2) -> Bool {
    let p = RGBA(c)
    var ok = abs(Double(p.r) - r) <= tolerance && abs(Double(p.g) - g) <= tolerance && abs(Double(p.b) - b) <= tolerance
    if let a { ok = ok && abs(Double(p.a) - a) <= tolerance }
    return ok
}

/// Checks one pixel of `surface` against (r, g, b[, a]) with a readable failure.
func expectPixel(_ surface: ImageSurface, _ x: Int, _ y: Int, _ r: Double, _ g: Double, _ b: Double, a: Double? = nil,
                 tolerance: Double = 2, _ note: String = "", sourceLocation: SourceLocation = #_sourceLocation) {
    let c = surface.pixel(x: x, y: y)
    #expect(drawNear(c, r, g, b, a: a, tolerance: tolerance),
            "pixel (\(x),\(y)) = \(RGBA(c)), expected (\(r),\(g),\(b)\(a.map { ",a\($0)" } ?? "")) \(note)",
            sourceLocation: sourceLocation)
}

/// Counts pixels in a rectangle (clamped to the surface) that satisfy `predicate`.
func countPixels(_ surface: ImageSurface, x0: Int, y0: Int, x1: Int, y1: Int, where predicate: (Color) -> Bool) -> Int {
    var n = 0
    for y in Swift.max(0, y0)..<Swift.min(surface.height, y1) {
        for x in Swift.max(0, x0)..<Swift.min(surface.width, x1) where predicate(surface.pixel(x: x, y: y)) { n += 1 }
    }
    return n
}

/// A surface filled with one opaque colour (the backdrop views are drawn onto).
func opaqueSurface(width: Int, height: Int, _ color: Color) throws -> ImageSurface {
    let s = try ImageSurface(width: width, height: height)
    let ctx = DrawingContext(surface: s)
    ctx.setColor(color)
    ctx.paint()
    return s
}

/// A fresh temporary directory for PNGs written by a test.
func drawTempDirectory() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("knob-draw-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// Writes `surface` to $KNOB_TEST_PNG_DIR/name.png when that variable is set (for looking
/// at the pictures by eye); does nothing otherwise.
func saveForInspection(_ surface: ImageSurface, _ name: String) {
    guard let dir = ProcessInfo.processInfo.environment["KNOB_TEST_PNG_DIR"] else { return }
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    try? surface.writePNG(to: dir + "/" + name + ".png")
}
