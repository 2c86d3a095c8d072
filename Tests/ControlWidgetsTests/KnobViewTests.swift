import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// KnobView drawn into an ImageSurface with ScreenMapping.identity. The knob's frame is
/// (20, 20, 200, 200) on a 240×240 backdrop unless said otherwise, so its centre is
/// (120, 120), its radius 100, and the pip (at 0.08·200 = 16 px from the top of the knob
/// square, radius 6) rests at (120, 36), 84 px above the centre.
/// Colours (derived in KnobDrawingSupport.swift): normal fill (0, 96, 230), highlighted and
/// selected fill (77, 151, 255), disabled fill (97, 105, 117); title/pip (0, 53, 128),
/// disabled title (66, 71, 81) (KnobView+Look: the view's disabled look, not the reference's).
@Suite struct KnobViewTests {
    static let frame = Rect(x: 20, y: 20, width: 200, height: 200)

    static func flat(_ configure: (inout KnobAppearance) -> Void = { _ in }) -> KnobAppearance {
        var a = KnobAppearance(colors: KnobColors(tint: drawTint))
        a.satinFinish = false
        a.titleOrientation = .radial     // with flat: the reference's look
        configure(&a)
        return a
    }

    static func view(_ model: KnobModel = makeKnobModel(mode: .continuous), frame: Rect = frame,
                     _ appearance: KnobAppearance = flat()) -> KnobView {
        KnobView(id: "k", frame: frame, model: model, appearance: appearance)
    }

    static func render(_ view: KnobView, at time: Double = 0, size: Int = 240, backdrop: Color = .black,
                       mapping: ScreenMapping = .identity) throws -> ImageSurface {
        let surface = try opaqueSurface(width: size, height: size, backdrop)
        view.draw(in: DrawingContext(surface: surface), mapping: mapping, time: time)
        return surface
    }

    /// Where the pip's centre is after the knob image turned by `rotation` (radians,
    /// clockwise on screen): 84 px from the centre, starting at 12 o'clock.
    static func pip(_ rotation: Double) -> (x: Int, y: Int) {
        (Int((120 + 84 * sin(rotation)).rounded(.down)), Int((120 - 84 * cos(rotation)).rounded(.down)))
    }

    static func expectPip(_ s: ImageSurface, at rotation: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let p = pip(rotation)
        expectPixel(s, p.x, p.y, 0, 53, 128, a: 255, "pip at rotation \(rotation)", sourceLocation: sourceLocation)
    }

    // MARK: resting knob

    @Test func restingFlatKnob() throws {
        let view = Self.view()
        let s = try Self.render(view)
        saveForInspection(s, "view-rest")
        expectPixel(s, 120, 120, 0, 96, 230, a: 255)
        Self.expectPip(s, at: 0)
        expectPixel(s, 120, 36, 0, 53, 128)
        expectPixel(s, 36, 120, 0, 96, 230, "no pip on the left at rest")
        expectPixel(s, 22, 22, 0, 0, 0, "outside the disc: the backdrop")
        expectPixel(s, 222, 120, 0, 0, 0, "2 px right of the disc")
        #expect(view.knobRect == Self.frame)
        #expect(view.knobRadius == 100)
        #expect(view.state == .normal)
    }

    /// Satin (the default finish) is transparent on the centre row, so the reference's
    /// fill shows there; above the centre the sheen lightens the fill, below it darkens it.
    @Test func satinKeepsTheCentreRow() throws {
        let s = try Self.render(Self.view(makeKnobModel(mode: .continuous), Self.flat { $0.satinFinish = true }))
        saveForInspection(s, "view-satin")
        expectPixel(s, 120, 120, 0, 96, 230, tolerance: 2)
        expectPixel(s, 60, 120, 0, 96, 230, tolerance: 2)
        // (120, 50): t = 30.5/200 = 0.1525 → white α 0.16·0.695 = 0.111 over the fill.
        // Lighter than the fill (0, 96, 230): red ≈ 0.111·255·(0.8…1) = 23…28, green > 96.
        let above = s.pixel(x: 120, y: 50)
        #expect(above.red * 255 > 15 && above.red * 255 < 35 && above.green * 255 > 100, "\(RGBA(above))")
        // (120, 190): t = 170.5/200 = 0.8525 → black α 0.18·0.705 = 0.127 → fill·0.873 = (0, 84, 201).
        expectPixel(s, 120, 190, 0, 83.8, 200.8, tolerance: 3)
    }

    // MARK: rotation

    /// Counterclockwise knob: position +90° turns the image a quarter counterclockwise on
    /// screen (screenRotation −π/2): the pip goes from (120, 36) to (36, 120).
    @Test func positionTurnsThePip() throws {
        let view = Self.view()
        _ = try view.apply(WidgetCommand("set", ["position": .number(90)]), at: 0)
        var s = try Self.render(view)
        saveForInspection(s, "view-90")
        expectPixel(s, 36, 120, 0, 53, 128, a: 255, "pip on the left")
        expectPixel(s, 120, 36, 0, 96, 230, a: 255, "no pip at the top")
        // 180°: at the bottom, (120, 204).
        _ = try view.apply(WidgetCommand("set", ["position": .number(180)]), at: 0)
        s = try Self.render(view)
        expectPixel(s, 120, 204, 0, 53, 128, a: 255)
        // −45° (counterclockwise knob): clockwise on screen by π/4 → (120 + 59.4, 120 − 59.4).
        _ = try view.apply(WidgetCommand("set", ["position": .number(-45)]), at: 0)
        s = try Self.render(view)
        Self.expectPip(s, at: .pi / 4)
    }

    /// Through the model API before the view exists, and a clockwise knob: position +90°
    /// turns clockwise on screen: pip at (204, 120).
    @Test func clockwiseKnobTurnsTheOtherWay() throws {
        var model = makeKnobModel(mode: .continuous, clockwise: true)
        model.setPosition(degrees: 90)
        #expect(abs(model.screenRotation(at: 0) - .pi / 2) < 1e-12)
        let s = try Self.render(Self.view(model))
        expectPixel(s, 204, 120, 0, 53, 128, a: 255)
        expectPixel(s, 36, 120, 0, 96, 230, a: 255)
    }

    /// Animated set: a full turn per second, so 0 → 90° takes 0.25 s and shows 45° at
    /// 0.125 s: pip at (120 − 84·sin 45°, 120 − 84·cos 45°) = (60.6, 60.6). The image is
    /// drawn at the time asked, without advancing the model.
    @Test func animatedPositionIsDrawnAtTheTimeAsked() throws {
        let view = Self.view()
        _ = try view.apply(WidgetCommand("set", ["position": .number(90), "animated": .bool(true)]), at: 0)
        #expect(view.isAnimating(at: 0.125) && !view.isAnimating(at: 0.26))
        Self.expectPip(try Self.render(view, at: 0), at: 0)
        Self.expectPip(try Self.render(view, at: 0.125), at: -.pi / 4)
        expectPixel(try Self.render(view, at: 0.125), 60, 60, 0, 53, 128, a: 255)
        Self.expectPip(try Self.render(view, at: 0.5), at: -.pi / 2)
    }

    // MARK: states

    /// A touch down highlights the knob (the reference's isHighlighted while touched): fill
    /// HSB(h, 0.7, 1.0) = (77, 151, 255), pip unchanged (highlighted title = normal title).
    /// Dragging from 12 o'clock to 3 o'clock turns the counterclockwise knob by −90°, i.e. a
    /// quarter clockwise on screen: pip at (204, 120). Lifting the finger restores the fill.
    @Test func highlightedWhileTouched() throws {
        let view = Self.view()
        _ = view.handle(.touchDown(id: 1, at: Point(x: 120, y: 40)), at: 0)
        #expect(view.state == .highlighted)
        var s = try Self.render(view, at: 0)
        saveForInspection(s, "view-highlighted")
        expectPixel(s, 120, 120, 77, 151, 255, a: 255)
        Self.expectPip(s, at: 0)

        for (i, deg) in stride(from: 80.0, through: 0, by: -10).enumerated() {
            let a = deg * .pi / 180
            _ = view.handle(.touchMove(id: 1, at: Point(x: 120 + 80 * cos(a), y: 120 - 80 * sin(a))), at: 0.02 * Double(i + 1))
        }
        s = try Self.render(view, at: 0.3)
        #expect(abs(view.model.positionDegrees + 90) < 1e-6, "position \(view.model.positionDegrees)")
        expectPixel(s, 120, 120, 77, 151, 255, a: 255)
        expectPixel(s, 204, 120, 0, 53, 128, a: 255)

        _ = view.handle(.touchUp(id: 1), at: 0.4)
        #expect(view.state == .normal)
        s = try Self.render(view, at: 0.4)
        expectPixel(s, 120, 120, 0, 96, 230, a: 255)
        expectPixel(s, 204, 120, 0, 53, 128, a: 255, "continuous: stays where it was let go")
    }

    /// Disabled (KnobView.disabledLook, not the reference's pale HSB(h, 0.2, 0.9) disc): the
    /// normal fill HSB(h, 1, 0.9) keeps 12 % of its saturation, HSB(h, 0.12, 0.9) =
    /// (0.792, 0.837290, 0.9), then goes 65 % of the way to the surface (0.16, 0.18, 0.22):
    /// (0.381200, 0.410051, 0.458) = (97.2, 104.6, 116.8). The pip: the normal title
    /// HSB(h, 1, 0.5) the same way, HSB(h, 0.12, 0.5) = (0.44, 0.465161, 0.5) →
    /// (0.258, 0.279806, 0.318) = (65.8, 71.4, 81.1). A disabled knob takes no focus and
    /// ignores touches (no highlight).
    @Test func disabledColours() throws {
        let view = Self.view()
        _ = try view.apply(WidgetCommand("set", ["enabled": .bool(false)]), at: 0)
        #expect(view.state == .disabled && !view.acceptsFocus)
        _ = view.handle(.touchDown(id: 1, at: Point(x: 120, y: 40)), at: 0)
        #expect(view.state == .disabled)
        let s = try Self.render(view)
        saveForInspection(s, "view-disabled")
        expectPixel(s, 120, 120, 97.2, 104.6, 116.8, a: 255)
        expectPixel(s, 120, 36, 65.8, 71.4, 81.1, a: 255)
    }

    /// Selected wins over everything: fill HSB(h, 0.7, 1.0) = (77, 151, 255), title normal.
    @Test func selectedColours() throws {
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat { $0.selected = true })
        #expect(view.state == .selected)
        let s = try Self.render(view)
        expectPixel(s, 120, 120, 77, 151, 255, a: 255)
        expectPixel(s, 120, 36, 0, 53, 128, a: 255)
    }

    /// Explicit per-state fills: disabled falls back to the normal one (the reference's rule),
    /// shown in the disabled look: red HSB(0, 0.12, 1) = (1, 0.88, 0.88), 65 % of the way to
    /// the surface: (0.454, 0.425, 0.451) = (115.8, 108.4, 115.0).
    @Test func explicitFillsFallBackToNormal() throws {
        let red = Color(red: 1, green: 0, blue: 0)
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.colors = KnobColors(tint: drawTint, fill: [.normal: red], title: [.highlighted: .white])
        })
        expectPixel(try Self.render(view), 120, 120, 255, 0, 0)
        _ = try view.apply(WidgetCommand("set", ["enabled": .bool(false)]), at: 0)
        let s = try Self.render(view)
        expectPixel(s, 120, 120, 115.8, 108.4, 115.0, "disabled → normal red, desaturated and receding")
        expectPixel(s, 120, 36, 65.8, 71.4, 81.1, "the title: the tint's normal title, disabled")
    }

    // MARK: focus ring

    /// hasFocus: a ring of radius knobRadius + 4 = 104 around (120, 120), 2.5 px wide
    /// (222.75…225.25 on the centre row), in the highlighted fill at α 0.9: over black
    /// 0.9·(77, 151, 255) = (69, 136, 230).
    @Test func focusRing() throws {
        let view = Self.view()
        expectPixel(try Self.render(view), 223, 120, 0, 0, 0, "no ring without focus")
        view.hasFocus = true
        let s = try Self.render(view)
        saveForInspection(s, "view-focus")
        for (x, y) in [(223, 120), (224, 120), (120, 16), (15, 120), (120, 223)] {
            expectPixel(s, x, y, 69.3, 135.9, 229.5, tolerance: 3, "ring")
        }
        expectPixel(s, 221, 120, 0, 0, 0, "between the disc (r 100) and the ring (r 102.75)")
        expectPixel(s, 227, 120, 0, 0, 0, "outside the ring")
        expectPixel(s, 120, 120, 0, 96, 230, "the knob itself is unchanged")
        // The paint bounds (no shadow): frame grown by max(0, 6) + 2 = 8 → 12…228, which
        // holds the ring's outer edge at 225.25.
        let b = view.paintBounds(.identity)
        #expect(b == Rect(x: 12, y: 12, width: 216, height: 216))
    }

    // MARK: custom images

    /// A 40×40 PNG: left half red, right half green (optionally a blue one).
    static func halvesPNG(_ dir: URL, name: String = "halves", left: Color = Color(red: 1, green: 0, blue: 0),
                          right: Color? = Color(red: 0, green: 1, blue: 0)) throws -> ImageSurface {
        let img = try ImageSurface(width: 40, height: 40)
        let ctx = DrawingContext(surface: img)
        ctx.addRect(Rect(x: 0, y: 0, width: 20, height: 40))
        ctx.setColor(left)
        ctx.fill()
        if let right {
            ctx.addRect(Rect(x: 20, y: 0, width: 20, height: 40))
            ctx.setColor(right)
            ctx.fill()
        }
        let path = dir.appendingPathComponent(name + ".png").path
        try img.writePNG(to: path)
        return try ImageSurface(pngPath: path)
    }

    /// The image is scaled to the 200 px knob square (×5) and turned with the knob; no satin
    /// over custom images. At 180° the halves swap sides.
    @Test func customImageTurnsWithTheKnob() throws {
        let dir = try drawTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let halves = try Self.halvesPNG(dir)
        #expect(halves.width == 40 && halves.pixel(x: 5, y: 5) == Color(red: 1, green: 0, blue: 0))
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.images[.normal] = halves
            $0.satinFinish = true
        })
        var s = try Self.render(view)
        saveForInspection(s, "view-image")
        expectPixel(s, 60, 120, 255, 0, 0, a: 255)
        expectPixel(s, 180, 120, 0, 255, 0, a: 255)
        expectPixel(s, 24, 24, 255, 0, 0, a: 255, "not masked: the square's corner")
        expectPixel(s, 216, 216, 0, 255, 0, a: 255)
        _ = try view.apply(WidgetCommand("set", ["position": .number(180)]), at: 0)
        s = try Self.render(view)
        saveForInspection(s, "view-image-180")
        expectPixel(s, 60, 120, 0, 255, 0, a: 255)
        expectPixel(s, 180, 120, 255, 0, 0, a: 255)
        // 90° counterclockwise: the left (red) half goes to the bottom.
        _ = try view.apply(WidgetCommand("set", ["position": .number(90)]), at: 0)
        s = try Self.render(view)
        expectPixel(s, 120, 180, 255, 0, 0, a: 255)
        expectPixel(s, 120, 60, 0, 255, 0, a: 255)
    }

    /// masksImage clips the image to knobRadius (80 here): 90 px from the centre shows the
    /// backdrop, 70 px the image; the corners are gone.
    @Test func masksImageClipsToKnobRadius() throws {
        let dir = try drawTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let halves = try Self.halvesPNG(dir)
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.images[.normal] = halves
            $0.masksImage = true
            $0.knobRadius = 80
        })
        #expect(view.knobRadius == 80)
        let s = try Self.render(view)
        saveForInspection(s, "view-masked")
        expectPixel(s, 30, 120, 0, 0, 0, "90 px left of the centre")
        expectPixel(s, 50, 120, 255, 0, 0, a: 255, "70 px left")
        expectPixel(s, 210, 120, 0, 0, 0, "90 px right")
        expectPixel(s, 190, 120, 0, 255, 0, a: 255, "70 px right")
        expectPixel(s, 24, 24, 0, 0, 0, "corner")
        // Without masksImage the same radius leaves the square whole.
        let unmasked = try Self.render(Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.images[.normal] = halves
            $0.knobRadius = 80
        }))
        expectPixel(unmasked, 30, 120, 255, 0, 0, a: 255)
        expectPixel(unmasked, 24, 24, 255, 0, 0, a: 255)
    }

    /// imageForState: an image for highlighted replaces the normal one while touched; a
    /// missing disabled image falls back to the normal one.
    @Test func customImagesPerState() throws {
        let dir = try drawTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let normal = try Self.halvesPNG(dir)
        let blue = try Self.halvesPNG(dir, name: "blue", left: Color(red: 0, green: 0, blue: 1), right: Color(red: 0, green: 0, blue: 1))
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.images = [.normal: normal, .highlighted: blue]
        })
        _ = view.handle(.touchDown(id: 1, at: Point(x: 120, y: 40)), at: 0)
        var s = try Self.render(view)
        expectPixel(s, 60, 120, 0, 0, 255, a: 255)
        expectPixel(s, 180, 120, 0, 0, 255, a: 255)
        _ = view.handle(.touchUp(id: 1), at: 0.1)
        s = try Self.render(view)
        expectPixel(s, 60, 120, 255, 0, 0, a: 255)
        _ = try view.apply(WidgetCommand("set", ["enabled": .bool(false)]), at: 0.2)
        s = try Self.render(view)
        expectPixel(s, 60, 120, 255, 0, 0, a: 255)
        expectPixel(s, 180, 120, 0, 255, 0, a: 255)
    }

    // MARK: shadow

    /// shadowOpacity 0.5, offset (0, 3), radius 3 on white: the shadow is the knob's disc
    /// moved 3 px down and blurred (box r = round(2.25) = 2, σ = √6 = 2.45). Pixel
    /// (120, 221) is 1.5 px inside the moved disc (edge at 223): alpha ≈ Φ(1.5/2.45) = 0.73
    /// of 0.5 → 255·(1 − 0.365) ≈ 162 (a range: box blur ≠ Gaussian). The moved disc spans
    /// y 23…223, so (120, 235), 12 px below it, and (120, 18), 5 px above it, stay white.
    @Test func shadowBelowTheKnob() throws {
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat { $0.shadowOpacity = 0.5 })
        let s = try Self.render(view, backdrop: .white)
        saveForInspection(s, "view-shadow")
        let under = s.pixel(x: 120, y: 221)
        #expect(under.red * 255 > 140 && under.red * 255 < 185, "just below the disc \(RGBA(under))")
        #expect(under.red == under.green && under.green == under.blue, "black shadow on white stays grey")
        expectPixel(s, 120, 235, 255, 255, 255, "12 px below the shadow's edge")
        expectPixel(s, 120, 18, 255, 255, 255, a: 255, tolerance: 6, "above the knob: the shadow went down")
        // Beside the knob at mid-height the shadow is the same on both sides (dx = 0).
        let l = s.pixel(x: 18, y: 123), r = s.pixel(x: 221, y: 123)
        #expect(abs(l.red - r.red) < 3 / 255.0, "\(RGBA(l)) vs \(RGBA(r))")
        expectPixel(s, 120, 120, 0, 96, 230, a: 255, "the knob covers its shadow")
    }

    /// The shadow follows shadowOffset: (6, 0) darkens the right side, not the left;
    /// (0, −3) darkens above, not below.
    @Test func shadowFollowsTheOffset() throws {
        var s = try Self.render(Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.shadowOpacity = 0.5; $0.shadowOffset = (dx: 6, dy: 0)
        }), backdrop: .white)
        #expect(s.pixel(x: 222, y: 120).red < 0.75, "right: \(RGBA(s.pixel(x: 222, y: 120)))")
        expectPixel(s, 17, 120, 255, 255, 255, tolerance: 3, "left: the shadow moved away")
        s = try Self.render(Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.shadowOpacity = 0.5; $0.shadowOffset = (dx: 0, dy: -3)
        }), backdrop: .white)
        #expect(s.pixel(x: 120, y: 18).red < 0.75, "above: \(RGBA(s.pixel(x: 120, y: 18)))")
        expectPixel(s, 120, 224, 255, 255, 255, tolerance: 6, "below")
    }

    /// paintBounds with a shadow: frame grown by margin(radius) + max(|dx|, |dy|) + 2.
    /// Radius 6, offset (10, 10): margin = ceil(15) + 2 = 17, + 10 = 27, + 2 = 29; frame
    /// (50, 50, 200, 200) → (21, 21, 258, 258). Every pixel painted lies inside, and the
    /// shadow does reach well past the frame.
    @Test func paintBoundsCoverTheShadow() throws {
        let view = Self.view(makeKnobModel(mode: .continuous), frame: Rect(x: 50, y: 50, width: 200, height: 200), Self.flat {
            $0.shadowOpacity = 1; $0.shadowRadius = 6; $0.shadowOffset = (dx: 10, dy: 10)
        })
        let bounds = view.paintBounds(.identity)
        #expect(bounds == Rect(x: 21, y: 21, width: 258, height: 258))
        let s = try ImageSurface(width: 320, height: 320)
        view.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
        var maxX = 0, maxY = 0, outside = 0
        for y in 0..<320 { for x in 0..<320 where s.pixel(x: x, y: y).alpha > 0 {
            if !bounds.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { outside += 1 }
            maxX = max(maxX, x); maxY = max(maxY, y)
        } }
        #expect(outside == 0)
        #expect(maxX > 255 && maxY > 255, "shadow reaches \(maxX), \(maxY)")
        // Scale 2: the reach doubles (27·2 = 54) but the 2 px slack is screen pixels:
        // frame (100, 100, 400, 400) grown by 56 → (44, 44, 512, 512). The mask's own
        // margin at scale 2 is margin(12) = 32 ≤ 34, so again nothing is painted outside.
        let bounds2 = view.paintBounds(ScreenMapping(scale: 2))
        #expect(bounds2 == Rect(x: 44, y: 44, width: 512, height: 512))
        let s2 = try ImageSurface(width: 600, height: 600)
        view.draw(in: DrawingContext(surface: s2), mapping: ScreenMapping(scale: 2), time: 0)
        outside = 0
        for y in 0..<600 { for x in 0..<600 where s2.pixel(x: x, y: y).alpha > 0 {
            if !bounds2.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { outside += 1 }
        } }
        #expect(outside == 0)
    }

    /// A custom image without knobRadius casts its own alpha's shadow, which turns with the
    /// knob (the reference's middle-layer shadow). Left half opaque red, right half clear,
    /// offset (0, 0): shadow just outside the left rim of the square only; after 180° only
    /// on the right.
    @Test func imageShadowTurnsWithTheKnob() throws {
        let dir = try drawTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let half = try Self.halvesPNG(dir, right: nil)
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.images[.normal] = half; $0.shadowOpacity = 1; $0.shadowOffset = (dx: 0, dy: 0)
        })
        var s = try Self.render(view, backdrop: .white)
        saveForInspection(s, "view-image-shadow")
        #expect(s.pixel(x: 18, y: 120).red < 0.8, "left of the image: \(RGBA(s.pixel(x: 18, y: 120)))")
        expectPixel(s, 221, 120, 255, 255, 255, "right: the clear half casts nothing")
        _ = try view.apply(WidgetCommand("set", ["position": .number(180)]), at: 0)
        s = try Self.render(view, backdrop: .white)
        #expect(s.pixel(x: 221, y: 120).red < 0.8, "right after 180°: \(RGBA(s.pixel(x: 221, y: 120)))")
        expectPixel(s, 18, 120, 255, 255, 255)
    }

    // MARK: background, foreground, caption

    /// Background behind the knob (visible in the square's corners), foreground in front and
    /// not rotating: a foreground that is opaque white only in its left half stays left when
    /// the knob turns.
    @Test func backgroundAndForegroundStayPut() throws {
        let dir = try drawTempDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bg = try Self.halvesPNG(dir, name: "bg", left: Color(red: 1, green: 1, blue: 0), right: Color(red: 1, green: 1, blue: 0))
        let fg = try Self.halvesPNG(dir, name: "fg", left: Color(red: 1, green: 1, blue: 1), right: nil)
        let view = Self.view(makeKnobModel(mode: .continuous), Self.flat {
            $0.backgroundImage = bg; $0.foregroundImage = fg
        })
        _ = try view.apply(WidgetCommand("set", ["position": .number(90)]), at: 0)
        let s = try Self.render(view)
        saveForInspection(s, "view-fg-bg")
        expectPixel(s, 215, 25, 255, 255, 0, a: 255, "background in the corner")
        expectPixel(s, 60, 120, 255, 255, 255, a: 255, "foreground over the pip's side")
        expectPixel(s, 180, 120, 0, 96, 230, a: 255, "the knob shows through the clear half")
        expectPixel(s, 36, 120, 255, 255, 255, "the pip is under the foreground")
    }

    /// caption "Volume" in a 200×240 frame (RoundCaption): size 0.07·200 = 14, its line
    /// 1.5·14 = 21; the knob is the largest square above it, min(200, 240 − 21) = 200, centred
    /// in the remaining 219 rows: y = 20 + 9.5 = 29.5. The caption's text (white 0.9) lies in
    /// rows 229.5…250.5.
    @Test func captionUnderTheKnob() throws {
        let view = Self.view(makeKnobModel(mode: .continuous), frame: Rect(x: 20, y: 20, width: 200, height: 240), Self.flat {
            $0.caption = "Volume"
        })
        #expect(view.knobRect == Rect(x: 20, y: 29.5, width: 200, height: 200))
        let s = try Self.render(view, size: 280)
        saveForInspection(s, "view-caption")
        expectPixel(s, 120, 130, 0, 96, 230, a: 255)
        expectPixel(s, 120, 46, 0, 53, 128, a: 255, "pip at 29.5 + 16")
        let light: (Color) -> Bool = { $0.red > 0.8 && $0.green > 0.8 && $0.blue > 0.8 }
        #expect(countPixels(s, x0: 20, y0: 229, x1: 220, y1: 251, where: light) > 40)
        #expect(countPixels(s, x0: 0, y0: 0, x1: 280, y1: 229, where: light) == 0)
        // Centred: the ink's horizontal centre is near the frame's (120).
        var lo = Int.max, hi = Int.min
        for y in 229..<251 { for x in 0..<280 where light(s.pixel(x: x, y: y)) { lo = min(lo, x); hi = max(hi, x) } }
        #expect(abs(Double(lo + hi + 1) / 2 - 120) < 3, "caption ink \(lo)…\(hi)")
    }

    // MARK: discrete knobs

    /// A linear-return knob with four titles, counterclockwise: title j sits at the
    /// reference's actual = j·π/2 (top, right, bottom, left) and the selected one is zoomed
    /// to max(17, fitted). Selecting index 1 turns the image by −π/2 so title 1 comes to the
    /// top and is now the zoomed one.
    @Test func discreteKnobTitlesAndZoom() throws {
        var model = makeKnobModel(mode: .linearReturn, positions: 4)
        model.titles = ["I", "WWW", "I", "I"]
        let view = Self.view(model)
        let art = view.artwork(.identity)
        let fitted = KnobPainter.fittedFontSize(titles: model.titles, positions: 4, travel: 2 * .pi, side: 200, fontName: "DejaVu Sans")
        // Budget 2π·200·0.4 = 502.7; "WWW" ≈ 3·0.989 em → 17 px: 50.4·1.4·4 = 282 fits → 17.
        #expect(fitted == 17)
        guard case let .titles(titles, angles, size, zoomedIndex, zoomedSize) = art.face else {
            Issue.record("expected titles, got \(art.face)"); return
        }
        #expect(titles == ["I", "WWW", "I", "I"] && size == 17 && zoomedIndex == 0 && zoomedSize == 17)
        #expect(zip(angles, [0, Double.pi / 2, .pi, 3 * Double.pi / 2]).allSatisfy { abs($0 - $1) < 1e-12 })

        // On white, only title pixels (and their blends with the fill) have red ≈ 0 and
        // blue well below the fill's 230 (the disc's edge on white has red > 0.1).
        let ink: (Color) -> Bool = { $0.red < 0.1 && $0.blue < 0.75 }
        var s = try Self.render(view, backdrop: .white)
        saveForInspection(s, "view-titles")
        let topI = countPixels(s, x0: 70, y0: 20, x1: 170, y1: 60, where: ink)
        let rightW = countPixels(s, x0: 180, y0: 70, x1: 220, y1: 170, where: ink)
        #expect(topI > 10 && rightW > 3 * topI, "top \(topI) right \(rightW)")

        _ = try view.apply(WidgetCommand("set", ["positionIndex": .number(1)]), at: 0)
        s = try Self.render(view, at: 1, backdrop: .white)
        saveForInspection(s, "view-titles-1")
        let topW = countPixels(s, x0: 70, y0: 20, x1: 170, y1: 60, where: ink)
        #expect(abs(Double(topW) - Double(rightW)) < 0.2 * Double(rightW), "WWW at the top: \(topW) vs \(rightW)")
        if case let .titles(_, _, _, zoomedIndex, _) = view.artwork(.identity).face { #expect(zoomedIndex == 1) }
    }

    /// zoomPointSize and zoomTopTitle: many titles get a small fitted size; the top one is
    /// drawn at max(17, fitted) by default, at zoomPointSize when set, and at the fitted size
    /// when zooming is off.
    @Test func zoomSettings() throws {
        var model = makeKnobModel(mode: .linearReturn, positions: 12)
        model.titles = (1...12).map { "Title \($0)" }
        func face(_ configure: @escaping (inout KnobAppearance) -> Void) -> (Double, Double) {
            let view = Self.view(model, Self.flat(configure))
            guard case let .titles(_, _, size, _, zoomed) = view.artwork(.identity).face else { return (0, 0) }
            return (size, zoomed)
        }
        let (fitted, zoomed) = face { _ in }
        #expect(fitted < 17 && fitted >= 7)
        #expect(zoomed == 17)
        #expect(face { $0.zoomPointSize = 30 } == (fitted, 30))
        #expect(face { $0.zoomTopTitle = false } == (fitted, fitted))
    }

    // MARK: scale

    /// Scale 2 with an offset: the knob centre maps to (2·120 + 10, 2·120 + 6) = (250, 246),
    /// the pip to 2·84 = 168 px above it.
    @Test func mappingScalesAndOffsets() throws {
        let view = Self.view()
        let s = try Self.render(view, size: 500, mapping: ScreenMapping(scale: 2, offsetX: 10, offsetY: 6))
        expectPixel(s, 250, 246, 0, 96, 230, a: 255)
        expectPixel(s, 250, 78, 0, 53, 128, a: 255)
        expectPixel(s, 250, 93, 0, 96, 230, a: 255, "15 px below the pip centre (r 12)")
        expectPixel(s, 52, 48, 0, 0, 0, "outside the disc")
    }
}
