import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// The knob at rest is a copy of its face drawn at the resting angle; while it turns only the
/// face's box (and the scale arc's moving end) is damaged; identical knobs share one disc,
/// satin and shadow. Geometry as in KnobViewTests: frame (20, 20, 200, 200) on a 240² black
/// backdrop, centre (120, 120), radius 100, pip 84 px from the centre with radius 6.
@Suite struct KnobRestingFaceTests {
    static func continuousModel(degrees: Double, clockwise: Bool = true) -> KnobModel {
        var m = makeKnobModel(mode: .continuous, clockwise: clockwise)
        m.setPosition(KnobMath.radians(degrees))
        return m
    }

    /// The old path at rest: the image drawn at 0° and resampled (bilinear) by the rotation.
    /// The bench console's knob: radius 80, limits at ±135°, a scale of 8 labelled ticks,
    /// shadow (0, 3) blur 8 at 50 %.
    static func consoleKnob(degrees: Double, id: String, frame: Rect, range: KnobValueRange? = nil,
                            shared: SharedLayers = SharedLayers()) -> KnobView {
        var m = continuousModel(degrees: degrees)
        m.circular = false
        m.min = KnobMath.radians(-135)
        m.max = KnobMath.radians(135)
        if let range { m.range = range }
        var a = KnobAppearance(colors: KnobColors(tint: drawTint))
        a.knobRadius = 80
        a.scale = KnobScale(ticks: 8, tickLabels: true)
        a.shadowOpacity = 0.5
        a.shadowRadius = 8
        a.shadowOffset = (0, 3)
        return KnobView(id: id, frame: frame, model: m, appearance: a, shared: shared)
    }

    static func rotatedImageRender(_ view: KnobView, rotation: Double) throws -> ImageSurface {
        let surface = try opaqueSurface(width: 240, height: 240, .black)
        let ctx = DrawingContext(surface: surface)
        let image = try KnobPainter.image(for: view.artwork(.identity))
        ctx.translate(120, 120)
        ctx.rotate(rotation)
        ctx.setSource(image, at: Point(x: -Double(image.width) / 2, y: -Double(image.height) / 2), smooth: true)
        ctx.paint()
        return surface
    }

    @Test func restingKnobAt45DegreesMatchesTheRotatedImage() throws {
        let view = KnobViewTests.view(Self.continuousModel(degrees: 45))
        let rest = try KnobViewTests.render(view)
        let old = try Self.rotatedImageRender(view, rotation: KnobMath.radians(45))
        saveForInspection(rest, "resting-45")
        saveForInspection(old, "rotated-45")
        // Drawn at the angle the pip and the disc's rim are sharp where the resampled image
        // blurred them by up to a pixel: only rim and pip edge pixels may differ much. The rim
        // is 2π·100 ≈ 628 px long and the pip's edge 2π·6 ≈ 38 px; one pixel ring each.
        let d = try #require(try ImageComparison.compare(expected: old, actual: rest, tolerance: 24))
        #expect(d.differingPixels <= 628 + 38)
        // Away from the edges the pixels are the same: the pip's centre, 84 px up-right at
        // 45° (120 + 84·sin 45° = 179.4, 120 − 84·cos 45° = 60.6), and the disc.
        expectPixel(rest, 179, 60, 0, 53, 128, a: 255)
        expectPixel(rest, 120, 120, 0, 96, 230, a: 255)
        let strict = try #require(try ImageComparison.compare(expected: old, actual: rest, tolerance: 2))
        #expect(strict.bounds.map { $0.width <= 204 && $0.height <= 204 } ?? true, "differences stay on the disc's rim box")
    }

    /// The knob's first look is its resting image from the first paint (the first frame paints
    /// it band by band: one image, not the layers drawn live in each band); a new look is
    /// drawn live until it has lasted `restingDelay`, then built once and copied.
    @Test func restingFaceIsDrawnOnceAndCopiedAfter() throws {
        let view = KnobViewTests.view(Self.continuousModel(degrees: 45))
        _ = try KnobViewTests.render(view)
        let first = try #require(view.restingFace?.surface, "the first look: the image at once")
        _ = try KnobViewTests.render(view)
        #expect(view.restingFace?.surface === first, "painted again in the same frame (another band): the same image")
        _ = try KnobViewTests.render(view, at: 2)
        #expect(view.restingFace?.surface === first, "the same image, not drawn again")
        #expect(view.restingFace?.key.rotation == KnobMath.radians(45))
        // A new look: live in its first frames, an image once it has lasted.
        _ = try view.apply(WidgetCommand("set", ["position": .number(60)]), at: 3)
        _ = try KnobViewTests.render(view, at: 3)
        #expect(view.restingFace?.surface === first, "a look seen once is drawn live")
        _ = try KnobViewTests.render(view, at: 3)
        #expect(view.restingFace?.surface === first, "painted again in the same frame (another band): still live")
        _ = try KnobViewTests.render(view, at: 4)
        #expect(view.restingFace?.surface !== first && view.restingFace?.key.rotation == KnobMath.radians(60))
        // While it turns the face is drawn live; once at rest at the new angle, it is redrawn.
        var m = view.model
        m.setPosition(KnobMath.radians(90), animated: true, at: 0)
        let turning = KnobViewTests.view(m)
        _ = try KnobViewTests.render(turning, at: 0.05)
        #expect(turning.restingFace == nil, "no resting image while the knob turns")
        _ = try KnobViewTests.render(turning, at: 10)
        _ = try KnobViewTests.render(turning, at: 11)
        #expect(turning.restingFace?.key.rotation == KnobMath.radians(90))
    }

    /// Turning: 45° → 90° animated at 2π rad/s (0.125 s). Between two frames only the
    /// pip moves (the flat face's line pointer: the disc, its ring and shadow are the same at
    /// every angle): its box then and now, one box as they overlap, inside the face's box
    /// (the disc's radius plus 2 px round the centre, 204² px), never the shadow's reach.
    @Test func turningKnobDamagesOnlyItsPip() throws {
        let view = KnobViewTests.view(Self.continuousModel(degrees: 45), KnobViewTests.flat { $0.shadowOpacity = 0.5; $0.shadowRadius = 8 })
        var m = view.model
        m.setPosition(KnobMath.radians(90), animated: true, at: 0)
        let turning = KnobViewTests.view(m, KnobViewTests.flat { $0.shadowOpacity = 0.5; $0.shadowRadius = 8 })
        #expect(turning.damage(.identity, at: 0.01) == [turning.paintBounds(.identity)], "never painted: everything")
        _ = try KnobViewTests.render(turning, at: 0.01)
        let rects = turning.damage(.identity, at: 0.03)
        // 0.01 s → 0.03 s: 50.4° → 57.6°; the line pointer's middle 0.41 · 200 = 82 px out,
        // reach 0.055 · 200 + 2 = 13 px: two 26 px boxes 10 px apart, one box of about 36².
        #expect(rects.count == 1)
        let pip = try #require(rects.first)
        #expect(pip.width < 40 && pip.height < 40, "\(pip)")
        #expect(pip.minX >= 18 && pip.minY >= 18 && pip.maxX <= 222 && pip.maxY <= 222, "inside the face's box: \(pip)")
        #expect(pip.minX > 120 && pip.maxY < 120, "up and right of the centre: \(pip)")
        #expect(turning.paintBounds(.identity).width > 204 + 2 * 20, "the shadow reaches further (blur 8 → 22 px margin)")
        // A change of look (focus ring) repaints everything.
        turning.hasFocus = true
        #expect(turning.damage(.identity, at: 0.03) == [turning.paintBounds(.identity)])
        #expect(view.damage(.identity, at: 0) == [view.paintBounds(.identity)])
    }

    /// With a scale the filled arc's end moves too: its box joins the face's, and only the
    /// stretch between the two angles. Knob clockwise, min −135°, max 135°; arc radius
    /// 0.925 · 100 = 92.5, width 7.
    @Test func turningKnobWithAScaleDamagesTheArcBetweenTheAngles() throws {
        var m = Self.continuousModel(degrees: 0)
        m.circular = false
        m.min = KnobMath.radians(-135)
        m.max = KnobMath.radians(135)
        m.setPosition(KnobMath.radians(90), animated: true, at: 0)
        let view = KnobViewTests.view(m, KnobViewTests.flat { $0.scale = KnobScale(ticks: 3) })
        _ = try KnobViewTests.render(view, at: 0.05)
        let rects = view.damage(.identity, at: 0.07)
        #expect(rects.count == 2)
        let arc = try #require(rects.last)
        // From 18° to 25.2° past 12 o'clock: x ∈ 120 + 92.5·sin(18°…25.2°) = 148.6…159.4, y ∈ 120 −
        // 92.5·cos(…) = 32.0…36.3, each widened by 3.5 + 2 px.
        #expect(arc.width < 25 && arc.height < 20, "\(arc)")
        #expect(arc.minX > 140 && arc.maxY < 45, "\(arc)")
    }

    @Test func identicalKnobsShareOneDiscSatinAndShadow() throws {
        let shared = SharedLayers()
        func knob(_ degrees: Double, _ x: Double) -> KnobView {
            var a = KnobAppearance(colors: KnobColors(tint: drawTint))
            a.shadowOpacity = 0.5
            a.shadowRadius = 8
            return KnobView(id: "k\(x)", frame: Rect(x: x, y: 20, width: 200, height: 200),
                            model: Self.continuousModel(degrees: degrees), appearance: a, shared: shared)
        }
        let surface = try opaqueSurface(width: 1300, height: 240, .black)
        let ctx = DrawingContext(surface: surface)
        knob(0, 0).draw(in: ctx, mapping: .identity, time: 0)
        let forOne = shared.builds
        #expect(forOne >= 3, "a disc, a satin overlay and a shadow mask")
        for (i, degrees) in [45.0, -100, 120, -30, 77].enumerated() {
            knob(degrees, Double(i + 1) * 210).draw(in: ctx, mapping: .identity, time: 0)
        }
        #expect(shared.builds == forOne, "five more knobs of the same look build nothing")
    }
    /// The bench console's knob (frame 240², knob radius 80, scale with 8 labelled ticks,
    /// shadow (0, 3) blur 8 at 50 %, resting at 45°) at the scales of 1920×1080 (1.35, the
    /// panel 96 px from the left), 1024×600 (0.75), 800×480 (0.6) and 1: at rest it is plain
    /// copies on whole pixels (the shared body, the ring through its arc's mask, its pip;
    /// nothing resampled), and its pixels are those of its layers drawn live within 8-bit
    /// rounding (compositing the layers first and then the image is the same "over", rounded
    /// twice).
    @Test func restingKnobIsOneCopyOnWholePixelsAtAnyScale() throws {
        for mapping in [ScreenMapping(scale: 1.35, offsetX: 96), ScreenMapping(scale: 0.75, offsetY: 0),
                        ScreenMapping(scale: 0.6), ScreenMapping.identity] {
            let view = Self.consoleKnob(degrees: 45, id: "k", frame: Rect(x: 16, y: 120, width: 240, height: 240))
            let size = Int((400 * mapping.scale).rounded(.up)) + 100
            let rest = try opaqueSurface(width: size, height: size, Color(white: 0.1))
            let scratch = try opaqueSurface(width: size, height: size, Color(white: 0.1))
            view.draw(in: DrawingContext(surface: scratch), mapping: mapping, time: 0)   // the first paint
            let ctx = DrawingContext(surface: rest)
            view.draw(in: ctx, mapping: mapping, time: 1)   // a later frame: the image
            #expect(view.restingFace != nil)
            #expect(ctx.resamples == 0, "scale \(mapping.scale)")
            let live = try opaqueSurface(width: size, height: size, Color(white: 0.1))
            view.drawLayers(in: DrawingContext(surface: live), center: view.pixelCenter(mapping), rotation: view.model.screenRotation(at: 0),
                            mapping: mapping, time: 0, atRest: true)
            let d = try #require(try ImageComparison.compare(expected: live, actual: rest, tolerance: 2))
            #expect(d.differingPixels == 0, "scale \(mapping.scale): \(d.differingPixels) pixels, largest \(d.maxChannelDelta)")
        }
    }

    /// The bench console's six knobs (frame 240², radius 80, a scale of 8 labelled ticks at
    /// −135°…135°, shadow (0, 3) blur 8 at 50 %) at their resting angles, one scene: at rest
    /// they share one body and one accent ring, and each keeps only its pip and its filled
    /// arc's coverage; every one shows the pixels of its layers drawn live.
    @Test func identicalRestingKnobsShareTheirBodyAndKeepOnlyPipAndArc() throws {
        let shared = SharedLayers()
        let angles: [Double] = [135, 45, -20, -100, 77, -128]
        let knobs = angles.enumerated().map { i, degrees -> KnobView in
            Self.consoleKnob(degrees: degrees, id: "k\(i)", frame: Rect(x: Double(i) * 250, y: 0, width: 240, height: 240),
                             range: KnobValueRange(lo: 0, hi: 7), shared: shared)
        }
        let width = 6 * 250, height = 240
        let scratch = DrawingContext(surface: try opaqueSurface(width: width, height: height, Color(white: 0.1)))
        for k in knobs { k.draw(in: scratch, mapping: .identity, time: 0) }   // the first paint
        let rest = try opaqueSurface(width: width, height: height, Color(white: 0.1))
        let ctx = DrawingContext(surface: rest)
        for k in knobs { k.draw(in: ctx, mapping: .identity, time: 1) }   // a later frame: the images
        #expect(ctx.resamples == 0)
        let faces = knobs.compactMap(\.restingFace)
        #expect(faces.count == 6)
        let parts = try #require(faces.first?.parts)
        #expect(faces.allSatisfy { $0.parts === parts }, "one body and one ring for the six")
        let ring = try #require(parts.ring)
        func bytes(_ s: ImageSurface) -> Int { s.height * s.stride }
        // The body: the layers' ink, the labels' ring (0.905 · 120 + half a label) and the shadow
        // (80 + 22 px blur margin, 3 px lower) are about 234 px across.
        #expect(parts.body.width <= 240 && parts.body.height <= 240, "\(parts.body.width)×\(parts.body.height)")
        // The ring: the arc's box over its travel, radius 0.77 · 120 = 92.4, reach 7.8 / 2 + 2 + 1:
        // 2 · 98.3 ≈ 197 wide, from 98.3 above the centre to 92.4 · cos 45° + 6 ≈ 71.5 below.
        #expect((195...201).contains(ring.width) && (168...174).contains(ring.height), "\(ring.width)×\(ring.height)")
        var own = 0
        for f in faces {
            // The pip: radius 0.03 · 160 = 4.8, plus 2 px each side, on whole pixels: 14 or 15 px.
            #expect(f.surface.width <= 15 && f.surface.height <= 15, "\(f.surface.width)×\(f.surface.height)")
            own += bytes(f.surface) + (f.arc.map { bytes($0.mask) } ?? 0)
        }
        // Measured: body and ring 321 328 bytes (the tick labels at 0.8 of the 16.8 px caption,
        // 13.4 px, not 15.6: 2 544 bytes less than before), the six pips and arc masks 111 908
        // (the arcs' boxes: 135° fills almost the whole ring, −128° a sliver): 433 236 bytes,
        // where six whole resting images held 1 112 832 (heaptrack, the console).
        let kept = own + bytes(parts.body) + bytes(ring)
        #expect(kept == 433_236 && own == 111_908, "\(kept) bytes for six knobs, own \(own)")
        let live = try opaqueSurface(width: width, height: height, Color(white: 0.1))
        let liveCtx = DrawingContext(surface: live)
        for k in knobs {
            k.drawLayers(in: liveCtx, center: k.pixelCenter(.identity), rotation: k.model.screenRotation(at: 0), mapping: .identity, time: 0, atRest: true)
        }
        saveForInspection(rest, "resting-parts-console")
        let d = try #require(try ImageComparison.compare(expected: live, actual: rest, tolerance: 2))
        #expect(d.differingPixels == 0, "\(d.differingPixels) pixels, largest \(d.maxChannelDelta)")
    }
}
