import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// The rotary dial's layers, sampled on rendered pixels. Dial frame (20, 20, 400, 400):
/// centre (220, 220), R = 200, f = 22, default margin (200 − 106.92)/2.93 = 31.768, hole
/// centres 146.23 from the centre at polar 45° + 30°·j. White backdrop, black shadow of
/// opacity 1, blur radius 4.
@Suite struct DialViewTests {
    static let frame = Rect(x: 20, y: 20, width: 400, height: 400)
    static let holeCircle = 200 - 93.08 / 2.93 - 22

    static func dialView(shadowOffset: (Double, Double), opacity: Double = 1) -> KnobView {
        var model = KnobModel()
        model.mode = .rotaryDial
        var a = KnobAppearance(colors: KnobColors(tint: drawTint))
        a.shadowOpacity = opacity
        a.shadowRadius = 4
        a.shadowOffset = shadowOffset
        return KnobView(id: "d", frame: frame, model: model, appearance: a)
    }

    static func render(_ view: KnobView, at time: Double, height: Int = 700) throws -> ImageSurface {
        let s = try opaqueSurface(width: 440, height: height, .white)
        view.draw(in: DrawingContext(surface: s), mapping: .identity, time: time)
        return s
    }

    /// Where the centre of a hole at polar angle `a` degrees falls, moved by (dx, dy).
    static func hole(_ a: Double, dx: Double = 0, dy: Double = 0) -> (Int, Int) {
        let r = a * .pi / 180
        return (Int((220 + holeCircle * cos(r) + dx).rounded()), Int((220 - holeCircle * sin(r) + dy).rounded()))
    }

    static func brightness(_ s: ImageSurface, _ p: (Int, Int)) -> Double {
        let c = s.pixel(x: p.0, y: p.1)
        return (c.red + c.green + c.blue) / 3
    }

    /// The dial's shadow is cast by its real shape. With the shadow pushed 260 px down, the
    /// holes' shadows fall on the backdrop below the dial: the hole at 165° (digit 5) casts a
    /// lit spot at (79, 442), while the gap between 0 and 1 (345°, no hole) is solid shadow
    /// at (361, 518). Dialling 5 winds 180°; at the stop (0.6 s) the holes have turned 180°
    /// clockwise and sit at −135° + 30°·j, which leaves 165° and 195° free and puts hole 5
    /// (j = 4) at 345°. So the spot
    /// at 165° is now shadow and the one at 345° lit, at the same 260 px offset: the hole
    /// shadows turned with the holes and the offset still points straight down.
    @Test func holeShadowsTurnWithTheDialAndKeepTheirOffset() throws {
        let view = Self.dialView(shadowOffset: (0, 260))
        let rest = try Self.render(view, at: 0)
        saveForInspection(rest, "dial-shadow-rest")
        let at165 = Self.hole(165, dy: 260), at345 = Self.hole(345, dy: 260)
        #expect(Self.brightness(rest, at165) > 0.9, "light through hole 5's shadow")
        #expect(Self.brightness(rest, at345) < 0.1, "solid shadow of the gap")
        // Solid dial next to the hole: half-way between holes 5 and 6 on the inside.
        #expect(Self.brightness(rest, (Self.hole(180, dy: 260).0 + 60, Self.hole(180, dy: 260).1)) < 0.1)

        _ = try view.apply(WidgetCommand("dial", ["number": .number(5)]), at: 0)
        let wound = try Self.render(view, at: 0.6)
        saveForInspection(wound, "dial-shadow-wound")
        #expect(Self.brightness(wound, at165) < 0.1, "hole 5 has moved away")
        #expect(Self.brightness(wound, at345) > 0.9, "hole 5 now casts its lit spot at 345°")
        // The shadow is still 260 px straight below the dial: the backdrop just above the
        // shadow's top edge (the dial's top at y = 20 + 260 = 280, beside the dial) is white.
        #expect(Self.brightness(wound, (430, 400)) > 0.95)
    }

    /// The finger stop casts its own shadow onto the dial: just below the stop's lower edge
    /// (0.8 R along the stop's axis, then 10 px down: (358.6, 310)) the dial is darker with
    /// the shadow (offset (0, 6)) than without.
    @Test func fingerStopCastsAShadow() throws {
        let lit = try Self.render(Self.dialView(shadowOffset: (0, 6), opacity: 0), at: 0, height: 440)
        let shaded = try Self.render(Self.dialView(shadowOffset: (0, 6)), at: 0, height: 440)
        saveForInspection(shaded, "dial-stop-shadow")
        let p = (359, 310)
        #expect(Self.brightness(shaded, p) < Self.brightness(lit, p) - 0.05,
                "\(RGBA(shaded.pixel(x: p.0, y: p.1))) vs \(RGBA(lit.pixel(x: p.0, y: p.1)))")
        // On the stop itself: light steel, not the dial's blue.
        let onStop = lit.pixel(x: 220 + 139, y: 220 + 80)
        #expect(abs(onStop.red - onStop.blue) < 0.1 && onStop.red > 0.4)
    }

    /// Digits show through the holes at rest (the number plate is stationary): the centre of
    /// hole 1 is dark ink on a light plate somewhere within a few pixels; a point on the dial
    /// between the holes is the dial's blue.
    @Test func digitsShowThroughTheHoles() throws {
        let s = try Self.render(Self.dialView(shadowOffset: (0, 3), opacity: 0), at: 0, height: 440)
        let (hx, hy) = Self.hole(45)
        let ink = countPixels(s, x0: hx - 8, y0: hy - 10, x1: hx + 8, y1: hy + 10) { $0.red < 0.3 && $0.blue < 0.6 }
        let paper = countPixels(s, x0: hx - 18, y0: hy - 18, x1: hx + 18, y1: hy + 18) { $0.red > 0.8 && $0.green > 0.8 }
        #expect(ink > 20 && paper > 300, "ink \(ink), paper \(paper)")
        let between = s.pixel(x: Self.hole(60).0, y: Self.hole(60).1)
        #expect(between.blue > between.red + 0.3)
    }

    /// Shadow masks are blurred once per shape and scale: three blurs (the uncut disc's
    /// shadow, the light through a hole, the stop's) for a full dial of 0 rendered frame by
    /// frame, none per frame; a new scale makes three more; a new colour (disabled) only the
    /// disc's, which is painted into the colour's prepared image.
    @Test func blursOncePerShapeAndScale() throws {
        let view = Self.dialView(shadowOffset: (0, 6))
        _ = try view.apply(WidgetCommand("dial", ["number": .number(0)]), at: 0)
        for frame in 0...140 { _ = try Self.render(view, at: Double(frame) / 60, height: 440) }
        #expect(view.dialBlurCount == 3)
        let s = try opaqueSurface(width: 900, height: 900, .white)
        view.draw(in: DrawingContext(surface: s), mapping: ScreenMapping(scale: 2), time: 3)
        #expect(view.dialBlurCount == 6)
        _ = try view.apply(WidgetCommand("set", ["enabled": .bool(false)]), at: 3)
        view.draw(in: DrawingContext(surface: s), mapping: ScreenMapping(scale: 2), time: 3.1)
        #expect(view.dialBlurCount == 7)
    }
    /// The bench console's dial (frame 300², finger holes of radius 22, shadow (0, 4) blur 10
    /// at 50 %) at rest is painted with plain copies at the scales of 1920×1080 (1.35: the
    /// shadow's 4 px would be 5.4, placed at 5), 1024×600 (0.75), 800×480 (0.6) and 1;
    /// turning too: its holes are drawn at their turned centres, nothing is resampled.
    @Test func restingDialIsCopiedOnWholePixelsAtAnyScale() throws {
        for mapping in [ScreenMapping(scale: 1.35, offsetX: 96), ScreenMapping(scale: 0.75),
                        ScreenMapping(scale: 0.6), ScreenMapping.identity] {
            let view = benchConsoleDial(at: (772, 250))
            let size = Int((1100 * mapping.scale).rounded(.up)) + 100
            let s = try opaqueSurface(width: size, height: size, .white)
            let rest = DrawingContext(surface: s)
            view.draw(in: rest, mapping: mapping, time: 0)
            #expect(rest.resamples == 0, "scale \(mapping.scale)")
            _ = try view.apply(WidgetCommand("dial", ["number": .number(5)]), at: 0)
            let turning = DrawingContext(surface: s)
            view.draw(in: turning, mapping: mapping, time: 0.3)
            #expect(turning.resamples == 0, "scale \(mapping.scale)")
        }
    }

    /// A turning dial damages only its holes' boxes, at the last frame's angle and at this
    /// one's (20 boxes, the rest is round about the centre): repainting just them over the
    /// last frame gives exactly the pixels of a whole new frame. Dialling 5 from t = 0, frames
    /// at t = 0.2 and 0.3; the holes' walls reach 22 + 0.9 · 2.86 = 24.6 px, so a box is at
    /// most 2 · 26.6 + 2 = 56 px square: 20 of them are under 63 000 of the frame's 340² = 115 600.
    @Test func turningDialRepaintsOnlyItsHoles() throws {
        let view = benchConsoleDial(at: (20, 20))
        _ = try view.apply(WidgetCommand("dial", ["number": .number(5)]), at: 0)
        let partial = try opaqueSurface(width: 340, height: 340, .white)
        view.draw(in: DrawingContext(surface: partial), mapping: .identity, time: 0.2)
        let rects = view.damage(.identity, at: 0.3)
        #expect(rects.count == 20)
        #expect(rects.reduce(0) { $0 + $1.width * $1.height } < 63_000)
        let ctx = DrawingContext(surface: partial)
        ctx.newPath()
        for r in rects { ctx.addRect(r) }
        ctx.clip()
        ctx.setColor(.white)
        ctx.paint()
        view.draw(in: ctx, mapping: .identity, time: 0.3)
        let whole = try opaqueSurface(width: 340, height: 340, .white)
        view.draw(in: DrawingContext(surface: whole), mapping: .identity, time: 0.3)
        let d = try ImageComparison.compare(expected: whole, actual: partial, tolerance: 0)
        #expect(d?.differingPixels == 0, "\(d?.differingPixels ?? -1) pixels differ")
    }

    /// Painted band by band, as the display path paints a full frame into its tile (17 rows
    /// a band at 3840 px wide), the dial shows the pixels of one whole paint, at rest and
    /// turning: each hole puts its plate and shadow together only inside the band, and a
    /// hole the band misses is skipped.
    @Test func dialPaintedInBandsMatchesOneWholePaint() throws {
        let view = benchConsoleDial(at: (20, 20))
        for time in [0, 0.3] {
            if time > 0 { _ = try view.apply(WidgetCommand("dial", ["number": .number(5)]), at: 0) }
            let whole = try opaqueSurface(width: 340, height: 340, .white)
            view.draw(in: DrawingContext(surface: whole), mapping: .identity, time: time)
            let banded = try opaqueSurface(width: 340, height: 340, .white)
            for top in stride(from: 0, to: 340, by: 17) {
                let ctx = DrawingContext(surface: banded)
                ctx.newPath()
                ctx.addRect(Rect(x: 0, y: Double(top), width: 340, height: 17))
                ctx.clip()
                view.draw(in: ctx, mapping: .identity, time: time)
            }
            let d = try ImageComparison.compare(expected: whole, actual: banded, tolerance: 0)
            #expect(d?.differingPixels == 0, "t = \(time): \(d?.differingPixels ?? -1) pixels differ")
        }
    }

    /// A dial whose turning images, finger stop and stop shadow were started on another
    /// thread (`startPreparing`, as the controller does for the first frame) paints exactly
    /// the pixels of one that made them in its first draw, at rest and turning, at the bench
    /// console's scales, with the same three blurs: the thread's work is all taken (nothing
    /// made again on the loop) and holds everything but the plate's digits, added after.
    @Test func dialPreparedOnAnotherThreadPaintsTheSamePixels() throws {
        for mapping in [ScreenMapping.identity, ScreenMapping(scale: 1.35, offsetX: 96), ScreenMapping(scale: 0.6)] {
            let size = Int((1100 * mapping.scale).rounded(.up)) + 100
            var frames: [[ImageSurface]] = []
            for prepared in [false, true] {
                let view = benchConsoleDial(at: (772, 250))
                if prepared { view.startPreparing(mapping) }
                var shots: [ImageSurface] = []
                for time in [0, 0.3] {
                    if time > 0 { _ = try view.apply(WidgetCommand("dial", ["number": .number(5)]), at: 0) }
                    let s = try opaqueSurface(width: size, height: size, .white)
                    view.draw(in: DrawingContext(surface: s), mapping: mapping, time: time)
                    shots.append(s)
                }
                #expect(view.dialBlurCount == 3, "scale \(mapping.scale), prepared \(prepared): \(view.dialBlurCount) blurs")
                frames.append(shots)
            }
            for (made, taken) in zip(frames[0], frames[1]) {
                let d = try ImageComparison.compare(expected: made, actual: taken, tolerance: 0)
                #expect(d?.differingPixels == 0, "scale \(mapping.scale): \(d?.differingPixels ?? -1) pixels differ")
            }
        }
    }

    /// Prepared for one look, drawn in another (pressed before the first frame: another fill),
    /// the dial makes the images it needs itself: the same pixels as a dial never prepared.
    @Test func dialPreparedForAnotherLookMakesItsOwn() throws {
        var frames: [ImageSurface] = []
        for prepared in [false, true] {
            let view = benchConsoleDial(at: (20, 20))
            if prepared { view.startPreparing(.identity) }
            _ = try view.apply(WidgetCommand("set", ["enabled": .bool(false)]), at: 0)
            let s = try opaqueSurface(width: 340, height: 340, .white)
            view.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
            frames.append(s)
        }
        let d = try ImageComparison.compare(expected: frames[0], actual: frames[1], tolerance: 0)
        #expect(d?.differingPixels == 0, "\(d?.differingPixels ?? -1) pixels differ")
    }

    /// Turning frames light the holes' walls with the sheen's colour at each hole's centre,
    /// computed (`DialPainter.sheenColor`), not read from the sheen's image, which they no
    /// longer keep: the two agree on the disc wherever the holes go (every 10° round the hole
    /// circle, radius 113.3 on a dial of R = 150 in a 300 square, f = 22), within 2 levels.
    @Test func sheenColourMatchesTheSheenImage() throws {
        let g = RotaryDialGeometry(radius: 150, fingerHoleRadius: 22, fingerHoleMargin: (150 - 4.86 * 22) / 2.93)
        let look = DialPainter.Look(side: 300, geometry: g, fill: .black, titleColor: .white, fontName: "DejaVu Sans", scale: 1)
        let image = try DialPainter.sheen(look)
        for degrees in stride(from: 0.0, to: 360, by: 10) {
            let a = degrees * .pi / 180
            let x = (150 + g.holeCircleRadius * cos(a)).rounded(), y = (150 + g.holeCircleRadius * sin(a)).rounded()
            // The pixel's centre.
            let computed = DialPainter.sheenColor(look, at: Point(x: x + 0.5, y: y + 0.5))
            let drawn = image.pixel(x: Int(x), y: Int(y))
            #expect(abs(computed.alpha - drawn.alpha) * 255 <= 2, "\(degrees)°: \(computed) vs \(drawn)")
            #expect(abs(computed.alpha * computed.red - drawn.alpha * drawn.red) * 255 <= 2, "\(degrees)°: \(computed) vs \(drawn)")
        }
    }

    /// A dial like the bench console's (R = 150, f = 22, shadow (0, 4) blur 10 at 50 %) in a
    /// frame at (20, 20), centre (170, 170), black shadow: a turning frame draws each hole (its
    /// wall, and the light it lets through the shadow) at its turned centre. A shadow one
    /// thousandth off black takes the live layers instead (the disc's image and its real
    /// shadow, turned), which must look the same. Dialling 5, at t = 0.3 the dial has turned
    /// 5π/3 rad/s × 0.3 s = 90° clockwise. Inside every hole (2 px in from its edge: the
    /// live layers' bilinear turn softens the edges) the two agree within a few levels on
    /// average, the shadow's crescent at the hole's top included; the whole dial's box differs
    /// by more than 24 levels only along edges.
    @Test func turnedHolesShowWhatTheLiveLayersShow() throws {
        func view(_ shadow: Color) -> KnobView {
            benchConsoleDial(at: (20, 20), shadowColor: shadow)
        }
        let drawnView = view(.black), liveView = view(Color(red: 0, green: 0, blue: 0.001))
        var images: [ImageSurface] = []
        for v in [drawnView, liveView] {
            _ = try v.apply(WidgetCommand("dial", ["number": .number(5)]), at: 0)
            let s = try opaqueSurface(width: 340, height: 340, .white)
            v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0.3)
            images.append(s)
        }
        let (drawn, live) = (images[0], images[1])
        saveForInspection(drawn, "dial-turned-drawn")
        saveForInspection(live, "dial-turned-live")
        let turn = drawnView.model.screenRotation(at: 0.3)
        #expect(abs(turn - .pi / 2) < 1e-9)
        func delta(_ x: Int, _ y: Int) -> Double {
            let p = drawn.pixel(x: x, y: y), q = live.pixel(x: x, y: y)
            return Swift.max(abs(p.red - q.red), abs(p.green - q.green), abs(p.blue - q.blue)) * 255
        }
        let g = drawnView.dialGeometry
        var worstMean = 0.0
        for j in 0..<10 {
            let h = g.holeCenter(j)
            let hx = 170 + h.x * cos(turn) - h.y * sin(turn), hy = 170 + h.x * sin(turn) + h.y * cos(turn)
            var sum = 0.0, n = 0
            for y in Int(hy - 22)...Int(hy + 22) {
                for x in Int(hx - 22)...Int(hx + 22) where hypot(Double(x) - hx, Double(y) - hy) < 20 {
                    sum += delta(x, y); n += 1
                }
            }
            // The plate shows in the hole: light paper (or a digit), not the dial's blue.
            #expect(drawn.pixel(x: Int(hx + 15), y: Int(hy)).red > 0.6, "hole \(j)")
            worstMean = Swift.max(worstMean, sum / Double(n))
        }
        #expect(worstMean < 1.5, "mean difference inside a hole \(worstMean) levels")
        var far = 0
        for y in 10..<330 { for x in 10..<330 where delta(x, y) > 24 { far += 1 } }
        #expect(far < 200, "\(far) pixels differ by more than 24 levels")
    }
}

/// The bench console's rotary dial: a 300² frame at `origin`, finger holes of radius 22,
/// shadow (0, 4) blur 10 at 50 % (in `shadowColor`, black by default).
private func benchConsoleDial(at origin: (x: Double, y: Double), shadowColor: Color? = nil) -> KnobView {
    var model = KnobModel()
    model.mode = .rotaryDial
    var a = KnobAppearance(colors: KnobColors(tint: drawTint))
    a.fingerHoleRadius = 22
    a.shadowOpacity = 0.5
    a.shadowRadius = 10
    a.shadowOffset = (0, 4)
    if let shadowColor { a.shadowColor = shadowColor }
    return KnobView(id: "d", frame: Rect(x: origin.x, y: origin.y, width: 300, height: 300), model: model, appearance: a)
}
