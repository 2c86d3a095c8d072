import Testing
import Graphics
import PanelLayout
import PanelSystem
@testable import ControlWidgets

/// The image widget (issue 27): fit arithmetic, headers read and bounded before decoding,
/// PNG and JPEG decoded and scaled into the frame (pixels sampled at known points of the
/// fixtures tests/fixtures/pictures/make-pictures.c describes), damaged data as a placeholder
/// with one note, never a crash.
@Suite struct ImageTests {
    static let fixtures = String(#filePath.dropLast("Tests/ControlWidgetsTests/ImageTests.swift".count)) + "tests/fixtures/pictures/"
    static func fixture(_ name: String) throws -> [UInt8] { try Picture.read(path: fixtures + name) }

    // MARK: fit

    @Test func containFitsWholeAndCoverFills() {
        // 64×48 into 200×100: contain s = min(200/64, 100/48) = 2.0833, 133.3 wide, centred at
        // x = (200 − 133.3)/2 = 33.3; cover s = max(…) = 3.125, 150 high, 25 cut above and below.
        let contain = ImageFit.contain.placement(picture: (64, 48), frame: (200, 100))
        #expect(abs(contain.scale - 100.0 / 48) < 1e-9 && abs(contain.offset.x - 100.0 / 3) < 1e-9 && contain.offset.y == 0)
        #expect(contain.visible == Rect(x: 33, y: 0, width: 134, height: 100))
        let cover = ImageFit.cover.placement(picture: (64, 48), frame: (200, 100))
        #expect(cover.scale == 3.125 && cover.offset.y == -25 && cover.visible == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    // MARK: headers

    @Test func headersAreReadWithoutDecoding() throws {
        #expect(try PictureHeader.read(Self.fixture("quadrants-64x48.jpg")).get() == PictureHeader(format: .jpeg, width: 64, height: 48))
        #expect(try PictureHeader.read(Self.fixture("quadrants-64x48-progressive.jpg")).get() == PictureHeader(format: .jpeg, width: 64, height: 48))
        // An EXIF-like APP1 segment before the frame header is skipped by its length.
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 0x08, 0x01, 0xE0, 0x02, 0x80, 0x03] + [UInt8](repeating: 0, count: 9)
        let app1: [UInt8] = [0xFF, 0xE1, 0x00, 0x10] + [UInt8](repeating: 0xAB, count: 14)
        #expect(try PictureHeader.read([0xFF, 0xD8] + app1 + sof).get() == PictureHeader(format: .jpeg, width: 640, height: 480))
        #expect(throws: (any Error).self) { try PictureHeader.read(Array("GIF89a".utf8)).get() }
        #expect(throws: (any Error).self) { try PictureHeader.read([0xFF, 0xD8, 0xFF, 0xE1, 0x00]).get() }
    }

    /// A few bytes declaring 20 000 × 20 000 pixels (1.6 GB decoded) are refused from the
    /// header: the message names the size, which no decoder could have said without allocating.
    @Test func oversizedHeadersAreRefusedBeforeDecoding() {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20, 8, 6, 0, 0, 0]
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x4E, 0x20, 0x4E, 0x20, 0x03] + [UInt8](repeating: 0, count: 9)
        for bytes in [png, jpeg] {
            do throws(GraphicsError) { _ = try Picture.decode(bytes); Issue.record("decoded") } catch {
                #expect(error.reason == "is 20000x20000 pixels; at most 4096x4096")
            }
        }
        let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let (shown, note) = view.show(jpeg, from: .mqtt)
        #expect(!shown && note == "is 20000x20000 pixels; at most 4096x4096" && view.model.showsPlaceholder)
    }

    // MARK: pixels

    /// The 64×48 quadrants (red, green / blue, white) drawn 2× into a 128×96 frame: each
    /// quadrant's centre is its colour (JPEG keeps flat areas within a few levels).
    @Test(arguments: ["quadrants-64x48.jpg", "quadrants-64x48-progressive.jpg", "png"])
    func quadrantsLandWhereTheyBelong(_ name: String) throws {
        let bytes = name == "png" ? try Self.quadrantsPNG() : try Self.fixture(name)
        let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 128, height: 96), radius: 0)
        #expect(view.show(bytes, from: .file).shown)
        let frame = try Self.render(view, width: 128, height: 96)
        Self.expect(frame, 32, 24, (1, 0, 0)); Self.expect(frame, 96, 24, (0, 1, 0))
        Self.expect(frame, 32, 72, (0, 0, 1)); Self.expect(frame, 96, 72, (1, 1, 1))
        #expect(view.snapshot()?["width"] == .integer(64) && view.snapshot()?["placeholder"] == .bool(false))
    }

    @Test func greyscaleJPEG() throws {
        let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 40, height: 30), radius: 0)
        #expect(view.show(try Self.fixture("grey-40x30.jpg"), from: .file).shown)
        Self.expect(try Self.render(view, width: 40, height: 30), 20, 15, (0.5, 0.5, 0.5), tolerance: 0.02)
    }

    /// cover into a square: 64×48 at scale 1 (48/48), 8 columns cut each side; contain: bars.
    @Test func coverCropsAndContainLeavesBars() throws {
        let bytes = try Self.fixture("quadrants-64x48.jpg")
        let cover = ImageView.make(frame: Rect(x: 0, y: 0, width: 48, height: 48), fit: .cover, radius: 0)
        cover.show(bytes, from: .file)
        let c = try Self.render(cover, width: 48, height: 48)
        Self.expect(c, 4, 12, (1, 0, 0)); Self.expect(c, 44, 12, (0, 1, 0)); Self.expect(c, 44, 40, (1, 1, 1))
        let contain = ImageView.make(frame: Rect(x: 0, y: 0, width: 64, height: 96), radius: 0)
        contain.show(bytes, from: .file)
        let d = try Self.render(contain, width: 64, height: 96)
        #expect(d.pixel(x: 32, y: 10).alpha == 0)           // above the picture: nothing painted
        Self.expect(d, 16, 36, (1, 0, 0)); Self.expect(d, 48, 60, (1, 1, 1))   // 48 high, from y 24
    }

    /// A 320×240 JPEG for an 80×60 frame is decoded at ¼ by the DCT (80×60), never below the frame.
    @Test func jpegIsReducedWhileDecodedTowardsTheFrame() throws {
        let bytes = try Self.fixture("doorbell-320x240.jpg")
        let quarter = try Picture.decode(bytes, atLeast: (80, 60))
        #expect(quarter.width == 80 && quarter.height == 60)
        let half = try Picture.decode(bytes, atLeast: (81, 60))
        #expect(half.width == 160 && half.height == 120)
        let eighth = try Picture.decode(bytes, atLeast: (1, 1))
        #expect(eighth.width == 40 && eighth.height == 30)
        // The door (#d9822b) on the wall (#1f3a5f) after the reduction and the scale to 100×75.
        let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 100, height: 75), radius: 0)
        view.show(bytes, from: .mqtt)
        let f = try Self.render(view, width: 100, height: 75)
        Self.expect(f, 50, 50, (0xd9 / 255.0, 0x82 / 255.0, 0x2b / 255.0)); Self.expect(f, 10, 10, (0x1f / 255.0, 0x3a / 255.0, 0x5f / 255.0))
    }

    @Test func placeholderUntilAPictureAndWhileStale() throws {
        let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 120, height: 90), radius: 0)
        #expect(view.snapshot()?["placeholder"] == .bool(true) && view.snapshot()?["width"] == nil)
        let surface = Color(hex: "#292e38")!
        Self.expect(try Self.render(view, width: 120, height: 90), 4, 4, (surface.red, surface.green, surface.blue))
        view.show(try Self.fixture("quadrants-64x48.jpg"), from: .mqtt)
        Self.expect(try Self.render(view, width: 120, height: 90), 30, 22, (1, 0, 0))
        view.showStale(true)
        #expect(view.snapshot()?["placeholder"] == .bool(true) && view.snapshot()?["width"] == .integer(64))
        Self.expect(try Self.render(view, width: 120, height: 90), 30, 22, (surface.red, surface.green, surface.blue))
        view.showStale(false)
        Self.expect(try Self.render(view, width: 120, height: 90), 30, 22, (1, 0, 0))
    }

    // MARK: damaged data

    /// A run of damaged payloads is one note; a good picture in between starts a new run.
    @Test func damageIsNotedOncePerRun() throws {
        let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 64, height: 48))
        let good = try Self.fixture("quadrants-64x48.jpg")
        let truncated = Array(good.prefix(good.count / 2))
        let first = view.receive(rawPayload: truncated, at: 1)
        #expect(first.note != nil && first.events.map(\.name) == ["pictureDamaged"])
        let second = view.receive(rawPayload: Array("not a picture".utf8), at: 2)
        #expect(second.note == nil && second.events.isEmpty && view.model.showsPlaceholder)
        let ok = view.receive(rawPayload: good, at: 3)
        #expect(ok.note == nil && ok.events.map(\.name) == ["pictureChanged"] && ok.events[0]["format"] == .string("jpeg"))
        #expect(view.receive(rawPayload: truncated, at: 4).note != nil)
        #expect(view.snapshot()?["damage"] != nil)
    }

    /// Fuzz-ish: the fixtures with bytes flipped, runs overwritten and ends cut off, and noise:
    /// every one is shown or refused with a reason; none crashes, none leaves a picture of
    /// the wrong size. A deterministic generator, so a failure is reproducible.
    @Test func corruptPicturesNeverCrash() throws {
        var rng = SplitMix(seed: 27)
        let seeds = [try Self.fixture("quadrants-64x48.jpg"), try Self.fixture("quadrants-64x48-progressive.jpg"),
                     try Self.fixture("grey-40x30.jpg"), try Self.quadrantsPNG()]
        var shown = 0, refused = 0
        for i in 0..<600 {
            var b = seeds[i % seeds.count]
            switch i % 4 {
            case 0: for _ in 0..<(1 + rng.next(8)) { let k = rng.next(b.count); b[k] = UInt8(rng.next(256)) }
            case 1: b = Array(b.prefix(rng.next(b.count)))
            case 2: let k = rng.next(b.count), n = Swift.min(b.count - k, 1 + rng.next(40)); for j in k..<k + n { b[j] = UInt8(rng.next(256)) }
            default: b = (0..<rng.next(600)).map { _ in UInt8(rng.next(256)) }; if rng.next(2) == 0, b.count > 2 { b[0] = 0xFF; b[1] = 0xD8 }
            }
            let view = ImageView.make(frame: Rect(x: 0, y: 0, width: 32, height: 24))
            let (ok, note) = view.show(b, from: .mqtt)
            if ok {
                shown += 1
                _ = try Self.render(view, width: 32, height: 24)
            } else {
                refused += 1
                #expect(note?.isEmpty == false)
            }
        }
        #expect(shown + refused == 600 && refused > 100)
    }

    // MARK: helpers

    struct SplitMix {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return bound <= 0 ? 0 : Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// The quadrants drawn with Cairo and written as PNG bytes (no PNG fixture needed).
    static func quadrantsPNG() throws -> [UInt8] {
        let s = try ImageSurface(width: 64, height: 48)
        let ctx = DrawingContext(surface: s)
        for (r, c) in [(Rect(x: 0, y: 0, width: 32, height: 24), Color(red: 1, green: 0, blue: 0)), (Rect(x: 32, y: 0, width: 32, height: 24), Color(red: 0, green: 1, blue: 0)),
                       (Rect(x: 0, y: 24, width: 32, height: 24), Color(red: 0, green: 0, blue: 1)), (Rect(x: 32, y: 24, width: 32, height: 24), Color(red: 1, green: 1, blue: 1))] {
            ctx.setColor(c); ctx.addRect(r); ctx.fill()
        }
        return try s.pngData(opaque: false)
    }

    static func render(_ view: ImageView, width: Int, height: Int) throws -> ImageSurface {
        let s = try ImageSurface(width: width, height: height)
        view.draw(in: DrawingContext(surface: s), mapping: ScreenMapping(scale: 1), time: 0)
        return s
    }

    static func expect(_ s: ImageSurface, _ x: Int, _ y: Int, _ rgb: (Double, Double, Double), tolerance: Double = 0.1,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let p = s.pixel(x: x, y: y)
        #expect(abs(p.red - rgb.0) <= tolerance && abs(p.green - rgb.1) <= tolerance && abs(p.blue - rgb.2) <= tolerance && p.alpha > 0.99,
                "pixel (\(x), \(y)) is \(p), expected \(rgb)", sourceLocation: sourceLocation)
    }
}

extension ImageView {
    static func make(frame: Rect, fit: ImageFit = .contain, radius: Double = 8) -> ImageView {
        ImageView(id: "img", frame: frame, fit: fit, placeholderText: "No picture", cornerRadius: radius,
                  surfaceColor: Color(hex: "#292e38")!, mutedColor: Color(hex: "#8e97a8")!, fontName: "DejaVu Sans", takesPayloads: true)
    }
}
