import Graphics
import Testing
import PanelTesting
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

/// The composited mouse arrow (drivers without a cursor plane), on the fake KMS device: the
/// arrow is drawn into the scanout buffers over the panel, a motion writes only the arrow's
/// boxes (where the buffer showed it, where it is now: 24×32 each), hiding restores the
/// frame's pixels, and the compositor's frame (renders, screenshots) never holds the arrow.
@Suite struct SoftwareCursorTests {
    /// Inside the arrow, well clear of its outline: the outline runs from the tip (1,1) down
    /// to (1,22) and along (1,1)–(17,16), so at y = 12 the inside spans x 1…12.7; (4,12) is
    /// 3 px from the left edge: pure white. Relative to the tip (hot spot (1,1)): (+3, +11).
    static let white = (dx: 3, dy: 11)
    static let whitePixel: UInt32 = 0xFFFF_FFFF

    static func box(_ x: Int, _ y: Int) -> PixelRect { PixelRect(x: x - 1, y: y - 1, width: 24, height: 32) }

    static func shownPixel(_ dev: FakeKMSDevice, _ x: Int, _ y: Int) -> UInt32 { dev.shown!.pixel(x: x, y: y) }

    /// Every pixel of the physical screen shows the upright frame's pixel (turned by `rotation`).
    static func shownEqualsFrame(_ dev: FakeKMSDevice, _ frame: ImageSurface, rotation: ScreenRotation) -> Int {
        var differing = 0
        frame.withPixelBytes { src, stride in
            for ly in 0..<frame.height {
                for lx in 0..<frame.width {
                    let p = rotation.toPhysical(Point(x: Double(lx) + 0.5, y: Double(ly) + 0.5))
                    let f = src.load(fromByteOffset: ly * stride + lx * 4, as: UInt32.self)
                    if dev.shown!.pixel(x: Int(p.x), y: Int(p.y)) != f { differing += 1 }
                }
            }
        }
        return differing
    }

    @Test func everyInkedPixelLiesInTheBox() throws {
        let image = try CursorArrow.image()
        var maxX = 0, maxY = 0, inked = 0
        image.withPixelBytes { base, stride in
            for y in 0..<64 {
                for x in 0..<64 where base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) >> 24 != 0 {
                    maxX = max(maxX, x); maxY = max(maxY, y); inked += 1
                }
            }
        }
        // Points reach x 17, y 26; the miter joins at (17,16) and (10.5,26) reach ~2 and ~1 px
        // further along their bisectors (slanted), into pixel column 18 and row 26 (measured).
        #expect(maxX == 18 && maxY == 26)
        #expect(maxX < CursorArrow.inkWidth && maxY < CursorArrow.inkHeight)
        #expect(inked > 200)
    }

    /// The panel of DisplayHotplugTests (a knob centred on a 400×300 design) on the fake's
    /// 1024×768 mode: scale 2.56, the knob's centre at (512, 384).
    @Test func motionWritesOnlyTheArrowsBoxesAndHidingRestoresThePanel() throws {
        let dev = FakeKMSDevice.typical()
        let (_, screens) = try DisplayHotplugTests.session(dev)
        let screen = screens[0], output = screen.output!
        let arrow = try SoftwareCursor()
        screen.softwareCursor = arrow
        let pointer = PointerCursor(plane: arrow)
        func flip(_ t: Double) throws {
            try dev.dispatchEvents { _ in }
            screen.flipCompleted(at: t, sinceExec: t)
        }
        try screen.start(at: 0)
        try flip(0.01)
        // The buffer set with the mode missed nothing, but buffer age says it lacks the
        // start's full frame: one ordinary frame brings both buffers level.
        try output.present(screen.controller.shownFrame, damage: [])
        try flip(0.02)
        #expect(try screen.presentIfDue(at: 0.1).presented == false)   // nothing changed, no frame
        let frame = screen.controller.frame
        let panelAtWhite = frame.withPixelBytes { b, s in b.load(fromByteOffset: (384 + 11) * s + (512 + 3) * 4, as: UInt32.self) }
        #expect(panelAtWhite != Self.whitePixel)   // the knob's face is there, not white

        // Shown by a motion: one frame that writes the arrow's box alone; the panel is not repainted.
        pointer.pointerMoved(to: Point(x: 512.4, y: 384.9))
        pointer.service([], at: 0.2)
        #expect(output.cursorNeedsFrame)
        #expect(try screen.presentIfDue(at: 0.2).presented)
        #expect(output.lastWrites == [Self.box(512, 384)])
        #expect(Self.shownPixel(dev, 512 + 3, 384 + 11) == Self.whitePixel)
        #expect(Self.shownPixel(dev, 512, 384) & 0xFF_FFFF < 0x40_4040)           // the tip: black outline
        #expect(Self.shownPixel(dev, 511 + 23, 383 + 31) == frame.withPixelBytes { b, s in b.load(fromByteOffset: (383 + 31) * s + (511 + 23) * 4, as: UInt32.self) })
        #expect(frame.withPixelBytes { b, s in b.load(fromByteOffset: (384 + 11) * s + (512 + 3) * 4, as: UInt32.self) } == panelAtWhite)   // the frame has no arrow
        #expect(!output.cursorNeedsFrame)
        try flip(0.21)

        // Two motions: the other buffer had no arrow (one box), then the first had it at (512,384):
        // its old box and the new one, 2 × 24 × 32 = 1536 pixels.
        pointer.pointerMoved(to: Point(x: 600, y: 400)); pointer.service([], at: 0.3)
        #expect(try screen.presentIfDue(at: 0.3).presented)
        #expect(output.lastWrites == [Self.box(600, 400)])
        try flip(0.31)
        pointer.pointerMoved(to: Point(x: 610, y: 410)); pointer.service([], at: 0.4)
        #expect(try screen.presentIfDue(at: 0.4).presented)
        #expect(output.lastWrites == [Self.box(512, 384), Self.box(610, 410)])
        #expect(output.lastWrites.reduce(0) { $0 + $1.area } == 1536)
        #expect(Self.shownPixel(dev, 610 + 3, 410 + 11) == Self.whitePixel)
        #expect(Self.shownPixel(dev, 512 + 3, 384 + 11) == panelAtWhite)           // erased from the frame
        try flip(0.41)

        // 3 s after the last motion (a deadline, nothing periodic): hidden; the buffer being
        // written had the arrow at (600,400) (two frames ago) and gets its box back from the frame.
        #expect(pointer.deadline == 3.4)
        pointer.service([], at: 3.4)
        #expect(pointer.hiddenAfterIdle == 1)
        #expect(try screen.presentIfDue(at: 3.4).presented)
        #expect(output.lastWrites == [Self.box(600, 400)])
        #expect(Self.shownEqualsFrame(dev, screen.controller.frame, rotation: output.rotation) == 0)
        try flip(3.41)
        // Idle: no frame, no deadline, nothing to wake for.
        #expect(try screen.presentIfDue(at: 4).presented == false)
        #expect(pointer.deadline == nil && !output.cursorNeedsFrame)

        // A touch hides it at once.
        pointer.pointerMoved(to: Point(x: 100, y: 100)); pointer.service([], at: 5)
        #expect(try screen.presentIfDue(at: 5).presented)
        #expect(Self.shownPixel(dev, 103, 111) == Self.whitePixel)
        try flip(5.01)
        pointer.touched()
        #expect(try screen.presentIfDue(at: 5.1).presented)
        #expect(Self.shownEqualsFrame(dev, screen.controller.frame, rotation: output.rotation) == 0)
        #expect(pointer.hiddenByTouch == 1)
        try flip(5.11)

        // The panel repainted under the arrow: the arrow is drawn over the new picture.
        pointer.pointerMoved(to: Point(x: 512, y: 384)); pointer.service([], at: 6)
        screen.controller.invalidateAll()
        #expect(try screen.presentIfDue(at: 6).presented)
        #expect(Self.shownPixel(dev, 512 + 3, 384 + 11) == Self.whitePixel)
    }

    /// A screen mounted on its side: the arrow stays upright on the physical screen, drawn
    /// over the turned frame, clipped at the edge; hiding gives back the turned frame exactly.
    @Test func turnedScreenAndScreenEdge() throws {
        let dev = FakeKMSDevice.typical()
        let out = try KMSOutput(device: dev, connectorName: nil, modeRequest: ModeRequest("800x600")!)
        out.setRotation(degrees: 90)
        let frame = try ImageSurface(width: 600, height: 800)
        frame.withPixelBytes { b, s in
            for y in 0..<800 { for x in 0..<600 { b.storeBytes(of: 0xFF00_0000 | UInt32(x & 0xff) << 16 | UInt32(y & 0xff) << 8 | 0x40, toByteOffset: y * s + x * 4, as: UInt32.self) } }
        }
        let arrow = try SoftwareCursor()
        out.softwareCursor = arrow
        try out.start(with: frame)
        try out.present(frame, damage: []); _ = try out.handleEvents()
        arrow.show(x: 100, y: 200)
        try out.present(frame, damage: []); _ = try out.handleEvents()
        #expect(out.lastWrites == [Self.box(100, 200)])
        #expect(Self.shownPixel(dev, 103, 211) == Self.whitePixel)
        // Physical (121, 229), outside the ink (box corner), shows the frame's (229, 800 - 1 - 121).
        #expect(Self.shownPixel(dev, 121, 229) == 0xFF00_0000 | UInt32(229 & 0xff) << 16 | UInt32((799 - 121) & 0xff) << 8 | 0x40)
        arrow.move(x: 790, y: 595)   // at the corner: 11×6 of the box is on screen
        try out.present(frame, damage: []); _ = try out.handleEvents()
        #expect(out.lastWrites == [PixelRect(x: 789, y: 594, width: 11, height: 6)])
        arrow.hide()
        try out.present(frame, damage: []); _ = try out.handleEvents()
        #expect(out.lastWrites == [Self.box(100, 200)])
        #expect(Self.shownEqualsFrame(dev, frame, rotation: out.rotation) == 0)
        try out.present(frame, damage: []); _ = try out.handleEvents()
        #expect(out.lastWrites == [PixelRect(x: 789, y: 594, width: 11, height: 6)])
        #expect(Self.shownEqualsFrame(dev, frame, rotation: out.rotation) == 0)
    }

    /// `render --cursor`: the same arrow drawn into an image; premultiplied "over" rounds right.
    @Test func drawsIntoAnImage() throws {
        let image = try ImageSurface(width: 40, height: 40)
        DrawingContext(surface: image).setColor(Color(red: 0, green: 0, blue: 1))
        let g = DrawingContext(surface: image); g.setColor(Color(red: 0, green: 0, blue: 1)); g.paint()
        let arrow = try SoftwareCursor()
        arrow.show(x: 10, y: 10)
        arrow.draw(into: image)
        #expect(image.pixel(x: 13, y: 21) == Color(white: 1))
        #expect(image.pixel(x: 35, y: 5) == Color(red: 0, green: 0, blue: 1))
        #expect(SoftwareCursor.over(0x8080_8080, 0xFF00_00FF) == 0xFF80_80FF)   // half white over blue: 128 + 255·127/255 = 255
        #expect(SoftwareCursor.over(0x0000_0000, 0xFF12_3456) == 0xFF12_3456)
    }
}
