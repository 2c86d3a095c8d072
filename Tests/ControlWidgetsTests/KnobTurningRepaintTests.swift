import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// A turning knob repaints only its damage, and through that damage draws less: the flat
/// ring from its mask, the filled arc only where the clip can show it, no track or pip
/// where the clip cannot reach them. What it paints must be what a whole repaint shows.
@Suite struct KnobTurningRepaintTests {
    /// The demo's first knob: flat style, limits ±135°, a labelled scale, a range with the
    /// value on the disc.
    static func demoKnob(from: Double, to: Double) -> KnobView {
        var m = makeKnobModel(mode: .continuous, clockwise: true)
        m.circular = false
        m.min = KnobMath.radians(-135)
        m.max = KnobMath.radians(135)
        m.range = KnobValueRange(lo: -12, hi: 12)
        m.setPosition(KnobMath.radians(from))
        m.setPosition(KnobMath.radians(to), animated: true, at: 0)
        var a = KnobAppearance(colors: KnobColors(tint: drawTint))
        a.style = .flat
        a.scale = KnobScale(ticks: 5, minorTicks: 1, tickLabels: true)
        a.valuePlacement = .center
        a.valueFormat = try? ValueFormat(parsing: "%+.1f dB")
        return KnobView(id: "k", frame: Rect(x: 20, y: 20, width: 200, height: 200), model: m, appearance: a)
    }

    @Test func repaintingTheDamageOfATurningFlatKnobShowsTheWholeKnob() throws {
        let view = Self.demoKnob(from: -60, to: 80)
        let screen = try KnobViewTests.render(view, at: 0.02)
        for t in stride(from: 0.04, through: 0.3, by: 0.03) {
            let rects = view.damage(.identity, at: t)
            #expect(!rects.isEmpty)
            for r in rects {
                _ = r
                let ctx = DrawingContext(surface: screen)
                ctx.withSavedState {
                    ctx.newPath(); ctx.addRect(Rect(x: r.x.rounded(.down), y: r.y.rounded(.down),
                                                    width: (r.maxX.rounded(.up) - r.x.rounded(.down)), height: (r.maxY.rounded(.up) - r.y.rounded(.down))))
                    ctx.clip()
                    ctx.setColor(.black); ctx.paint()
                    view.draw(in: ctx, mapping: .identity, time: t)
                }
            }
            // Inside the damage the pixels are the whole repaint's, but for the arc's own
            // approximation: cairo's Béziers follow the circle to 0.1 px whatever stretch is
            // stroked, so an edge pixel's coverage may differ by that (26 of 255).
            let whole = try KnobViewTests.render(Self.demoKnob(from: -60, to: 80), at: t)
            var worse = 0, exact = 0, inside = 0
            for r in rects {
                for y in Int(r.minY.rounded(.down))..<Int(r.maxY.rounded(.up)) {
                    for x in Int(r.minX.rounded(.down))..<Int(r.maxX.rounded(.up)) where x >= 0 && y >= 0 && x < 240 && y < 240 {
                        let a = RGBA(whole.pixel(x: x, y: y)), b = RGBA(screen.pixel(x: x, y: y))
                        let d = Swift.max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a))
                        inside += 1
                        if d > 26 { worse += 1 } else if d <= 2 { exact += 1 }
                    }
                }
            }
            saveForInspection(screen, "turning-flat-\(t)")
            #expect(worse == 0, "at \(t): \(worse) pixels of the damage differ by more than the arc's tolerance")
            #expect(exact >= inside - 40, "at \(t): only \(exact) of \(inside) damaged pixels within 2")
        }
    }

    /// The ring filled through its mask is the ring stroked, at whole and half pixel centres.
    @Test func flatRingMaskGivesTheStrokedRingsPixels() throws {
        for (side, centre) in [(200, 100.0), (201, 100.5)] {
            let ring = FlatRingMask.Ring(radius: 71.3, width: 2.4)
            let stroked = try opaqueSurface(width: side, height: side, Color(white: 0.2))
            let s = DrawingContext(surface: stroked)
            FlatRingMask.addRing(ring, to: s, center: Point(x: centre, y: centre))
            s.setColor(drawTint); s.stroke()
            let masked = try opaqueSurface(width: side, height: side, Color(white: 0.2))
            let m = DrawingContext(surface: masked)
            let mask = try FlatRingMask.image(ring, parityOf: side)
            m.setColor(drawTint)
            m.mask(mask, at: Point(x: centre - Double(mask.width) / 2, y: centre - Double(mask.height) / 2), smooth: false)
            let d = try #require(try ImageComparison.compare(expected: stroked, actual: masked, tolerance: 1))
            #expect(d.differingPixels == 0, "side \(side): \(d.differingPixels) pixels, up to \(d.maxChannelDelta)")
        }
    }

    /// The stretch of an arc a box can show: its ends where the circle crosses the box.
    @Test func arcWindowKeepsTheStretchNearTheBox() throws {
        let c = Point(x: 100, y: 100)
        // A box round 12 o'clock (angle −π/2): only a short stretch of a long arc.
        let top = try #require(ArcWindow.visible(center: c, radius: 80, from: -3.9, to: 0.7, reach: 5,
                                                 in: Rect(x: 95, y: 15, width: 10, height: 10)))
        #expect(top.lowerBound > -Double.pi / 2 - 0.2 && top.upperBound < -Double.pi / 2 + 0.2, "\(top)")
        // A box inside the circle's hole, and one beyond the arc's end: nothing.
        #expect(ArcWindow.visible(center: c, radius: 80, from: -3.9, to: 0.7, reach: 5, in: Rect(x: 90, y: 90, width: 20, height: 20)) == nil)
        #expect(ArcWindow.visible(center: c, radius: 80, from: -3.9, to: -2, reach: 5, in: Rect(x: 175, y: 95, width: 10, height: 10)) == nil)
        // A box over all of it: all of it.
        #expect(ArcWindow.visible(center: c, radius: 80, from: -3.9, to: 0.7, reach: 5, in: Rect(x: 0, y: 0, width: 200, height: 200)) == -3.9...0.7)
    }

    /// Set value after value (as a finger or the bench turns it): every pixel that changes
    /// from one frame to the next lies in that frame's damage. The readout repaints only the
    /// old and the new text's ink, and a glyph pixel left out would differ by far more than
    /// the arc's tolerance (26 of 255, above).
    @Test func eachNewValuesDamageHoldsEveryChangedPixel() throws {
        let view = Self.demoKnob(from: -60, to: -60)
        var shown = try KnobViewTests.render(view, at: 0)
        var t = 0.0, changed = 0
        for degrees in [-57.0, -54, -41, -3, 0, 2, 40, 71, 134, 130, 3, -130, -20] {
            t += 1.0 / 60
            _ = try view.apply(WidgetCommand("set", ["position": .number(degrees)]), at: t)
            let rects = view.damage(.identity, at: t)
            let next = try KnobViewTests.render(view, at: t)
            func inDamage(_ x: Int, _ y: Int) -> Bool {
                rects.contains { Double(x + 1) > $0.minX && Double(x) < $0.maxX && Double(y + 1) > $0.minY && Double(y) < $0.maxY }
            }
            var outside = 0
            for y in 0..<240 {
                for x in 0..<240 {
                    let a = RGBA(shown.pixel(x: x, y: y)), b = RGBA(next.pixel(x: x, y: y))
                    let d = Swift.max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
                    if d > 26 { changed += 1; if !inDamage(x, y) { outside += 1 } }
                }
            }
            #expect(outside == 0, "at \(degrees)°: \(outside) changed pixels outside the damage \(rects)")
            shown = next
        }
        #expect(changed > 500, "the values shown changed only \(changed) pixels")
    }

    /// The flat bead copied from its phase images is the bead filled where it is: exactly at
    /// a phase, within an eighth of a pixel's coverage between phases.
    @Test func theBeadFromItsPhaseImagesIsTheFilledBead() throws {
        let look = BeadImages.Look(radius: 5.3, halo: 1.9, haloColor: Color(white: 0.16), beadColor: drawTint)
        let beads = BeadImages()
        for (centre, tolerance) in [(Point(x: 40, y: 40), 1), (Point(x: 40.25, y: 40.75), 1), (Point(x: 40.3, y: 39.6), 48),
                                    (Point(x: 39.875, y: 40.125), 48)] {
            let filled = try opaqueSurface(width: 80, height: 80, Color(white: 0.5))
            let f = DrawingContext(surface: filled)
            f.newPath(); f.addCircle(center: centre, radius: look.radius + look.halo); f.setColor(look.haloColor); f.fill()
            f.newPath(); f.addCircle(center: centre, radius: look.radius); f.setColor(look.beadColor); f.fill()
            let copied = try opaqueSurface(width: 80, height: 80, Color(white: 0.5))
            #expect(beads.draw(look, centre: centre, in: DrawingContext(surface: copied)))
            let d = try #require(try ImageComparison.compare(expected: filled, actual: copied, tolerance: tolerance))
            #expect(d.differingPixels == 0, "at \(centre): \(d.differingPixels) pixels, up to \(d.maxChannelDelta)")
            #expect(RGBA(copied.pixel(x: Int(centre.x), y: Int(centre.y))) == RGBA(look.beadColor))
        }
    }
}
