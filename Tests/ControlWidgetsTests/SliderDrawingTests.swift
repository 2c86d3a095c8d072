import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// Pixels of a slider drawn alone on a transparent 240×240 surface at scale 1.
///
/// Geometry: a 240×240 frame, lineWidth 20 (ring 30), largeCircle handle of radius
/// (20 + 10)/2 = 15; reach = max(15, 15) = 15, so the track's radius is 120 − 15 = 105 around
/// (120, 120). Travel t along a 270° arc is at screen angle 135 + t (clockwise from 3 o'clock).
@Suite struct SliderDrawingTests {
    static let red = Color(red: 1, green: 0, blue: 0), blue = Color(red: 0, green: 0, blue: 1)

    static func view(value: Double, glow: Double = 0.85, showValue: Bool = false, shared: SharedLayers = SharedLayers(),
                     change: (inout SliderAppearance) -> Void = { _ in }) -> SliderView {
        var model = SliderModel()
        model.maximumAngle = 270
        var look = SliderAppearance()
        look.lineWidth = 20
        look.gradientColors = [red, blue]
        look.unfilledColor = Color(red: 0.2, green: 0.8, blue: 0.2)
        look.glowOpacity = glow
        look.showValue = showValue
        change(&look)
        let v = SliderView(id: "s", frame: Rect(x: 0, y: 0, width: 240, height: 240), model: model, appearance: look, shared: shared)
        v.setInitialValues(first: value, second: nil, revolutions: 0)
        return v
    }

    /// The slider drawn, then the loop's idle turns after the frame (`prepareAhead`).
    static func render(_ v: SliderView, idle: Bool = true) throws -> ImageSurface {
        let s = try ImageSurface(width: 240, height: 240)
        v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
        if idle { while v.prepareAhead(.identity) {} }
        return s
    }

    /// The first draw blurs only the glow level its value shows (30 % of 270°: sweep 81°,
    /// level round(1.35) = 1); the idle turns blur the other four, one a turn. A slider whose
    /// value then shows level 4 (90 %: 243°) paints what one drawn at 90 % from the start does.
    @Test func otherGlowLevelsAreBlurredWhenIdleAndShowTheSame() throws {
        let a = Self.view(value: 30)
        _ = try Self.render(a, idle: false)
        #expect(Array(a.glowCache.keys) == [1])
        for n in 2...5 {
            #expect(a.prepareAhead(.identity))
            #expect(a.glowCache.count == n)
        }
        #expect(!a.prepareAhead(.identity), "nothing left")
        let level4 = try #require(a.glowCache[4])
        _ = try a.apply(WidgetCommand("set", ["value": .number(90)]), at: 0)
        let lazy = try ImageSurface(width: 240, height: 240)
        a.draw(in: DrawingContext(surface: lazy), mapping: .identity, time: 0)
        #expect(a.glowCache[4] === level4 && a.glowCache.count == 5, "level 4 was ready, nothing blurred")
        let fresh = try Self.render(Self.view(value: 90), idle: false)
        let d = try #require(try ImageComparison.compare(expected: fresh, actual: lazy, tolerance: 0))
        #expect(d.differingPixels == 0)
    }

    static func point(travel t: Double, radius r: Double = 105) -> (Int, Int) {
        let a = (135 + t) * Double.pi / 180
        return (Int((120 + r * cos(a)).rounded(.down)), Int((120 + r * sin(a)).rounded(.down)))
    }

    @Test func geometry() {
        #expect(Self.view(value: 0).geometry.radius == 105)
    }

    /// The arc's colour follows the angle: at 10 %, 50 % and 90 % of a full sweep (value 100),
    /// red → blue gives (229.5, 0, 25.5), (127.5, 0, 127.5), (25.5, 0, 229.5).
    @Test func arcColourFollowsTheGradient() throws {
        let image = try Self.render(Self.view(value: 100))
        for f in [0.1, 0.5, 0.9] {
            let (x, y) = Self.point(travel: 270 * f)
            let c = image.pixel(x: x, y: y)
            #expect(drawNear(c, 255 * (1 - f), 0, 255 * f, a: 255, tolerance: 4), "at \(f): \(RGBA(c))")
        }
    }

    /// Value 25 fills 67.5° of 270; far past the end (travel 200) the track is the
    /// unfilled colour (0.2, 0.8, 0.2) = (51, 204, 51), glow or not.
    @Test func unfilledPartIsTheUnfilledColour() throws {
        let image = try Self.render(Self.view(value: 25))
        let (x, y) = Self.point(travel: 200)
        let c = image.pixel(x: x, y: y)
        #expect(drawNear(c, 51, 204, 51, a: 255, tolerance: 1), "\(RGBA(c))")
        let (fx, fy) = Self.point(travel: 30)                          // filled: 30/270 = 11 %
        #expect(drawNear(image.pixel(x: fx, y: fy), 255 * (1 - 30.0 / 270), 0, 255 * 30.0 / 270, tolerance: 4))
    }

    /// The tutorial's glow blur grows with the angle: 20 % (sweep 54°: level round(54/60) = 1,
    /// blur 9·1/6 = 1.5) and 90 % (243°: level round(4.05) = 4, blur 6). 6 px outside the line
    /// (radius 105 + 10 + 6, just past the dark ring, at travel 20 inside both sweeps) only the
    /// large value's glow reaches; without glow both show the same pixel.
    @Test func glowIsWiderAtALargeValue() throws {
        func redness(_ v: Double, glow: Double = 0.85) throws -> Double {
            let (x, y) = Self.point(travel: 20, radius: 121)
            let c = try Self.render(Self.view(value: v, glow: glow)).pixel(x: x, y: y)
            return c.red * c.alpha
        }
        let small = try redness(20), large = try redness(90)
        // Measured: 0 and 0.10 (premultiplied red): the small glow does not reach this far.
        #expect(small < 0.01 && large > 0.07, "small \(small), large \(large)")
        #expect(try redness(20, glow: 0) == redness(90, glow: 0))
        #expect(SliderPainter.glowLevel(sweep: 54) == 1 && SliderPainter.glowLevel(sweep: 243) == 4)
    }

    /// Two sliders of one look whose arc layers (band, line, the first's glow level) were
    /// started on another thread (`startPreparing`, as the controller does for the first
    /// frame) paint the pixels of sliders that made them in their first draw, with the same
    /// builds: the second finds the first one's layers; its other glow level is made on the loop.
    @Test func slidersPreparedOnAnotherThreadPaintTheSamePixels() throws {
        var shots: [[ImageSurface]] = [], builds: [Int] = []
        for prepared in [false, true] {
            let shared = SharedLayers()
            let a = Self.view(value: 30, showValue: true, shared: shared), b = Self.view(value: 70, showValue: true, shared: shared)
            if prepared { a.startPreparing(.identity); b.startPreparing(.identity) }
            shots.append([try Self.render(a, idle: false), try Self.render(b, idle: false)])
            #expect(a.bandCache === b.bandCache && a.lineCache === b.lineCache)
            builds.append(shared.builds)
        }
        #expect(builds[0] == builds[1], "\(builds)")
        for (made, taken) in zip(shots[0], shots[1]) {
            let d = try ImageComparison.compare(expected: made, actual: taken, tolerance: 0)
            #expect(d?.differingPixels == 0, "\(d?.differingPixels ?? -1) pixels differ")
        }
    }

    /// Two sliders of the same look (at different values) share the ring, the gradient band,
    /// (the glow's colours too), the line mask and every glow mask (270° shows levels
    /// 1…round(4.5) = 5): one build of each, 3 + 5 = 8 images. Another ring colour builds
    /// another ring only; other colours another band, but the same ring, line and glow masks
    /// (a mask is alpha only); another glow opacity other masks only.
    @Test func identicalSlidersShareTheirLayers() throws {
        let shared = SharedLayers()
        let a = Self.view(value: 30, shared: shared), b = Self.view(value: 70, shared: shared)
        _ = try Self.render(a); _ = try Self.render(b)
        #expect(a.staticCache != nil && a.staticCache === b.staticCache)
        #expect(a.bandCache != nil && a.bandCache === b.bandCache)
        #expect(a.lineCache != nil && a.lineCache === b.lineCache)
        #expect(a.glowCache.count == 5 && (1...5).allSatisfy { a.glowCache[$0] === b.glowCache[$0] })
        #expect(shared.builds == 8)

        let ringed = Self.view(value: 30, shared: shared) { $0.ringColor = Self.red }
        _ = try Self.render(ringed)
        #expect(ringed.staticCache !== a.staticCache)
        #expect(ringed.bandCache === a.bandCache && ringed.lineCache === a.lineCache && ringed.glowCache[1] === a.glowCache[1])
        #expect(shared.builds == 9)

        let green = Color(red: 0, green: 1, blue: 0)
        let recoloured = Self.view(value: 30, shared: shared) { $0.gradientColors = [green, Self.blue] }
        let image = try Self.render(recoloured)
        #expect(recoloured.staticCache === a.staticCache && recoloured.lineCache === a.lineCache)
        #expect(recoloured.bandCache !== a.bandCache)
        #expect((1...5).allSatisfy { recoloured.glowCache[$0] === a.glowCache[$0] })
        #expect(shared.builds == 10)
        // And it shows its own colours: green → blue, at travel 20 (past the start's round cap)
        // 20/270 of the way: (0, 236.1, 18.9).
        let (x, y) = Self.point(travel: 20)
        #expect(drawNear(image.pixel(x: x, y: y), 0, 255 * (1 - 20.0 / 270), 255 * 20.0 / 270, tolerance: 4))

        let fainter = Self.view(value: 30, glow: 0.5, shared: shared)
        _ = try Self.render(fainter)
        #expect(fainter.bandCache === a.bandCache)
        #expect(fainter.glowCache[1] !== a.glowCache[1])
        #expect(shared.builds == 15)
    }

    /// The glow is the band's colours seen through the level's A8 mask (which holds the blurred
    /// line times the opacity), and each step of a soft end keeps (8 − k)/9 of it. Value 90:
    /// sweep 243°, level round(4.05) = 4, blur 9·4/6 = 6 px, reach margin(6) = 17; the soft
    /// start fades over (10 + 17)/105 rad = 14.73°, 1.84° a step, before travel 0. Sampled
    /// 2 px outside the line (radius 117; there the start's round cap, radius 10 round travel
    /// 0 at radius 105, is 12 px away or more), where the value layer holds only the glow.
    @Test func glowIsItsColoursThroughItsMask() throws {
        let v = Self.view(value: 90)
        let p = SliderPainter(geometry: v.geometry, appearance: v.appearance, scale: 1, model: v.model)
        let layer = try #require(v.valueLayer(p, at: 0))
        let band = try #require(v.bandCache), glow = try #require(v.glowCache[4])
        #expect(glow.image.format == .a8 && band.image.format == .argb32)
        // Layer pixels (x, y) in an image cut to its ink, placed at its offset in the layer.
        func argb(_ placed: PlacedImage, _ x: Int, _ y: Int) -> [Int] {
            placed.image.withPixelBytes { base, stride in
                let px = base.load(fromByteOffset: (y - placed.y) * stride + (x - placed.x) * 4, as: UInt32.self)
                return [24, 16, 8, 0].map { Int((px >> UInt32($0)) & 0xff) }
            }
        }
        func alpha(_ placed: PlacedImage, _ x: Int, _ y: Int) -> Int {
            placed.image.withPixelBytes { base, stride in Int(base.load(fromByteOffset: (y - placed.y) * stride + x - placed.x, as: UInt8.self)) }
        }
        let whole = layer
        let step = (10.0 + 17) / 105 * 180 / Double.pi / 8
        // Layers have the glow's margin round the 240×240 square: 27 px (9·2.5 + 4).
        let o = (p.pixelSide - 240) / 2
        #expect(o == 27)
        for (travel, keep) in [(100.0, 1.0), (-0.5 * step, 8.0 / 9), (-1.5 * step, 7.0 / 9), (-2.5 * step, 6.0 / 9)] {
            let (px, py) = Self.point(travel: travel, radius: 117), x = px + o, y = py + o
            let m = Double(alpha(glow, x, y))
            let expected = argb(band, x, y).map { Double($0) * m / 255 * keep }
            let got = argb(whole, x, y)
            #expect(m > 20 && zip(got, expected).allSatisfy { abs(Double($0) - $1) <= 2 }, "travel \(travel): \(got) vs \(expected), mask \(m)")
        }
        // Past the soft start: nothing.
        let (x, y) = Self.point(travel: -8.5 * step, radius: 117)
        #expect(argb(whole, x + o, y + o) == [0, 0, 0, 0])
    }

    /// The shared layers are cut to their ink. The test slider (frame 240², radius 105, line
    /// 20, 270° open at the bottom, glow blur up to 9 px: layers 294² with a 27 px margin):
    /// the line mask is the arc's box, 2 · (105 + 10) = 230 wide (the centre, 147, is a whole
    /// pixel, so the outer edge ends on one), from 115 above the centre to the round caps,
    /// 105 · cos 45° + 10 ≈ 84.2 below: 200 rows;
    /// a glow mask adds its blur's reach (level 1, blur 1.5: margin(1.5) = 6, at most 6 px
    /// more each side), and every image is far smaller than the 294² square.
    @Test func sharedLayersAreCutToTheirInk() throws {
        let v = Self.view(value: 90)
        _ = try Self.render(v)
        let line = try #require(v.lineCache), glow1 = try #require(v.glowCache[1]), glow5 = try #require(v.glowCache[5])
        let band = try #require(v.bandCache), ring = try #require(v.staticCache)
        #expect(line.image.width == 230 && line.image.height == 200, "\(line.image.width)×\(line.image.height)")
        #expect(glow1.image.width <= line.image.width + 12 && glow1.image.width > line.image.width, "\(glow1.image.width)")
        #expect(glow5.image.width > glow1.image.width)
        // The line's box centred across (the arc is symmetric about the vertical).
        #expect(line.x == (294 - line.image.width) / 2 || line.x == (294 - line.image.width + 1) / 2)
        for p in [line, glow1, glow5, band, ring] {
            #expect(p.image.width * p.image.height < 294 * 294 * 9 / 10, "\(p.image.width)×\(p.image.height)")
        }
        // The value layer: the band's box (its glow, line, caps; the texts inside the ring),
        // which here also holds the handle (radius 15 + its shadow's 10.5 px round the line).
        let p = SliderPainter(geometry: v.geometry, appearance: v.appearance, scale: 1, model: v.model)
        let layer = try #require(v.valueLayer(p, at: 0))
        #expect(layer.x <= band.x && layer.y <= band.y && layer.x + layer.image.width >= band.x + band.image.width
                && layer.y + layer.image.height >= band.y + band.image.height)
        #expect(layer.image.width < 294 && layer.image.height < 294, "\(layer.image.width)×\(layer.image.height)")
    }

    /// At rest the value layer is drawn once: a second frame at the same value reuses it.
    @Test func valueLayerIsCachedAtRest() throws {
        let v = Self.view(value: 40)
        let p = SliderPainter(geometry: v.geometry, appearance: v.appearance, scale: 1, model: v.model)
        let a = v.valueLayer(p, at: 0), b = v.valueLayer(p, at: 1)
        #expect(a != nil && a === b)
    }

    /// A moving handle repaints only the stretch of the arc it moved over and the value's
    /// text (`damage`), and those repaints add up to exactly what a full repaint shows: the
    /// value steps 2 % at a time from 30 to 50 (sweeps 81°…135°, glow level 1 then 2, where
    /// the whole slider is repainted once), each frame painted as the compositor does, into
    /// the damage only; every frame equals a fresh slider drawn at that value, pixel for pixel.
    @Test func partialRepaintsEqualAFullRepaint() throws {
        let v = Self.view(value: 30, showValue: true)
        let frame = try ImageSurface(width: 240, height: 240)
        let ctx = DrawingContext(surface: frame)
        _ = v.damage(.identity, at: 0)
        v.draw(in: ctx, mapping: .identity, time: 0)
        var partial = 0
        for value in stride(from: 32.0, through: 50, by: 2) {
            v.setInitialValues(first: value, second: nil, revolutions: 0)
            let rects = v.damage(.identity, at: 0)
            if rects.count > 1 || rects.first.map({ $0.width < 200 }) == true { partial += 1 }
            for r in rects {
                ctx.withSavedState {
                    ctx.newPath(); ctx.addRect(r); ctx.clip()
                    ctx.clear()
                    v.draw(in: ctx, mapping: .identity, time: 0)
                }
            }
            let fresh = Self.view(value: value, showValue: true)
            let expected = try Self.render(fresh)
            let d = try ImageComparison.compare(expected: expected, actual: frame, tolerance: 0)
            #expect(d?.differingPixels == 0, "value \(value): \(d?.differingPixels ?? -1) pixels differ at \(String(describing: d?.bounds))")
        }
        // Level 1 → 2 at sweep 90° (value 33.3): one full repaint, nine partial ones.
        #expect(partial == 9)
    }

    /// The mesh has no seams between slices: along the track's centre line of a full sweep
    /// the colour changes smoothly (no step larger than the gradient's own per-pixel change
    /// plus rounding).
    @Test func noBandingAlongTheArc() throws {
        let image = try Self.render(Self.view(value: 100, glow: 0))
        var previous: Color?
        var worst = 0.0
        for k in 0...500 {
            let (x, y) = Self.point(travel: 10 + 250 * Double(k) / 500)
            let c = image.pixel(x: x, y: y)
            if let p = previous { worst = max(worst, abs(c.red - p.red), abs(c.blue - p.blue)) }
            previous = c
        }
        // 0.5° per step at radius 105 is under a pixel: the gradient moves 255/540 ≈ 0.5 per step.
        #expect(worst <= 4.0 / 255, "largest step \(worst * 255)")
    }
}

@Suite struct SliderViewBehaviourTests {
    /// Touches count only on the ring band: the 270° arc of radius 105 (band ±22), not in the
    /// centre, not in the gap's middle (straight down), and a disabled slider ignores them.
    @Test func hitTestAndDisabled() {
        let v = SliderDrawingTests.view(value: 50)
        #expect(v.hitTest(Point(x: 120, y: 15)))            // top of the track
        #expect(v.hitTest(Point(x: 120, y: 35)))            // 20 px inside: still the band
        #expect(!v.hitTest(Point(x: 120, y: 120)))          // centre
        #expect(!v.hitTest(Point(x: 120, y: 225)))          // the gap, straight down
        let events = v.handle(.touchDown(id: 1, at: Point(x: 225, y: 120)), at: 0)   // 3 o'clock: travel 225
        #expect(events.map(\.name) == ["trackingBegan", "valueChanged"])
        #expect(abs(v.model.value - 225.0 / 270 * 100) < 1e-9)
        _ = v.handle(.touchUp(id: 1), at: 0.1)
        _ = try? v.apply(WidgetCommand("set", ["enabled": .bool(false)]), at: 1)
        #expect(v.handle(.touchDown(id: 2, at: Point(x: 120, y: 15)), at: 2).isEmpty)
        // The model keeps 83.33…; what leaves the panel is rounded as the default "%.0f" shows it.
        #expect(v.snapshot() == WidgetEvent("state", [EventField("value", .number(83))]))
        #expect(v.typeName == "slider" && v.commandKeys["set"] == ["value", "animated", "enabled"])
    }
}

@Suite struct SliderImageTests {
    /// handleType image: a 12×12 magenta PNG-like surface is drawn centred on the handle's
    /// point; a marker image likewise at each marker (3 markers on 270°: travels 0, 135, 270).
    @Test func handleAndMarkerImages() throws {
        func solid(_ c: Color, _ side: Int) throws -> ImageSurface {
            let s = try ImageSurface(width: side, height: side)
            let ctx = DrawingContext(surface: s)
            ctx.setColor(c); ctx.paint()
            return s
        }
        var model = SliderModel()
        model.maximumAngle = 270
        var look = SliderAppearance()
        look.lineWidth = 20
        look.showValue = false
        look.handles[0].type = .image
        look.handles[0].image = try solid(Color(red: 1, green: 0, blue: 1), 12)
        look.markerCount = 3
        look.markerImage = try solid(Color(red: 0, green: 1, blue: 0), 6)
        let v = SliderView(id: "s", frame: Rect(x: 0, y: 0, width: 240, height: 240), model: model, appearance: look)
        v.setInitialValues(first: 25, second: nil, revolutions: 0)
        // The handle image's half side (6) is less than the ring's (15): radius stays 105.
        #expect(v.geometry.radius == 105)
        let image = try SliderDrawingTests.render(v)
        let (hx, hy) = SliderDrawingTests.point(travel: 67.5)
        #expect(drawNear(image.pixel(x: hx, y: hy), 255, 0, 255, a: 255, tolerance: 2))
        let (mx, my) = SliderDrawingTests.point(travel: 135)
        #expect(drawNear(image.pixel(x: mx, y: my), 0, 255, 0, a: 255, tolerance: 2))
    }
}
