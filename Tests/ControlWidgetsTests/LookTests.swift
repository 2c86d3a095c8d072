import Foundation
import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The look: theme tokens reaching the widgets, the flat knob, the disabled look, the value
/// kept clear of the pointer, the one caption system, icons. Pixels sampled at known points
/// of widgets built from layout text as the panel builds them (WidgetCatalog.makeView).
@Suite struct LookTests {
    /// The views of a one-page panel with these widgets, and its theme.
    static func build(_ widgets: String, theme: String? = nil) throws -> (views: [any WidgetView], theme: Theme) {
        let text = """
        {"panel": "L", "size": [400, 400],\(theme.map { " \"theme\": \($0)," } ?? "")
        "pages": [{"id": "p", "widgets": [\(widgets)]}]}
        """
        let p = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".").get()
        return (try p.pages[0].widgets.map { try WidgetCatalog.makeView($0, theme: p.theme) }, p.theme)
    }

    /// Draws the views over the theme's (last) background colour, 400 × 400, scale 1.
    static func render(_ views: [any WidgetView], theme: Theme, time: Double = 0) throws -> ImageSurface {
        let s = try opaqueSurface(width: 400, height: 400, Color(theme.background.last!))
        let ctx = DrawingContext(surface: s)
        for v in views { v.draw(in: ctx, mapping: .identity, time: time) }
        return s
    }

    static let knob = #""type": "knob", "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [0, 30], "valuePlacement": "none""#

    // MARK: flat vs satin

    /// A 200 × 200 knob at (100, 100) with a scale: disc radius 0.78 · 100 = 78 round (200, 200).
    /// Flat: the disc is the dark theme's surface #292e38 (41, 46, 56) on its centre row; the
    /// ring (1.95 px wide at 78 · 0.025) lies on the bead's line, 0.932 · 78 = 72.7 px (71.7…73.7),
    /// in the tint's fill HSB(h, 1, 0.9) of #007aff → (0, 110, 230); outside it the disc again. Satin: the same points are the tint's fill, with a darker rim.
    @Test func flatKnobIsASurfaceDiscWithAnAccentRing() throws {
        let flat = try Self.build(#"{"id": "k", \#(Self.knob), "style": "flat", "frame": [100, 100, 200, 200]}"#)
        let f = try Self.render(flat.views, theme: flat.theme)
        saveForInspection(f, "look-flat")
        expectPixel(f, 160, 200, 41, 46, 56, tolerance: 3, "flat disc: the surface token")
        expectPixel(f, 200 + 72, 200, 0, 110, 230, tolerance: 12, "flat: the accent ring on the bead's line")
        expectPixel(f, 200 + 76, 200, 41, 46, 56, tolerance: 3, "flat: the disc between the ring and the rim")
        let satin = try Self.build(#"{"id": "k", \#(Self.knob), "style": "satin", "frame": [100, 100, 200, 200]}"#)
        let s = try Self.render(satin.views, theme: satin.theme)
        saveForInspection(s, "look-satin")
        // The satin sheen is transparent on the centre row: the exact fill there.
        expectPixel(s, 160, 200, 0, 110, 230, tolerance: 3, "satin disc: the tint's fill")
        // Gloss: satin's top is lighter than its bottom; flat's top and bottom are the same.
        let top = s.pixel(x: 200, y: 150), bottom = s.pixel(x: 200, y: 262)
        #expect(top.hsb.brightness > bottom.hsb.brightness + 0.1, "satin: \(RGBA(top)) over \(RGBA(bottom))")
        let ft = f.pixel(x: 200, y: 150), fb = f.pixel(x: 200, y: 262)
        #expect(abs(ft.hsb.brightness - fb.hsb.brightness) < 0.01, "flat: no gloss, \(RGBA(ft)) vs \(RGBA(fb))")
    }

    /// The light theme's knobs are flat by default, on its white surface.
    @Test func lightThemeReachesTheKnobAndTheTiles() throws {
        let built = try Self.build(#"""
        {"id": "k", \#(Self.knob), "frame": [0, 0, 200, 200]},
        {"id": "b", "type": "button", "title": "", "icon": "mdi:power", "frame": [220, 0, 160, 100]},
        {"id": "l", "type": "label", "text": "x", "frame": [220, 300, 100, 40]}
        """#, theme: #""light""#)
        let s = try Self.render(built.views, theme: built.theme)
        saveForInspection(s, "look-light")
        expectPixel(s, 60, 100, 255, 255, 255, tolerance: 2, "the light surface on the flat disc")
        // A button's resting tile: the surface with 8 % of the tint: 255 − 0.08 · (255 − (10, 102, 216)) = (235, 243, 252).
        expectPixel(s, 230, 10, 235, 243, 252, tolerance: 2, "the tile from the surface token")
        // The background token round them.
        expectPixel(s, 210, 390, 228, 231, 236, tolerance: 1)
    }

    /// Explicit colours still win over the tokens.
    @Test func explicitColoursOverrideTokens() throws {
        let built = try Self.build(##"{"id": "k", \##(Self.knob), "style": "flat", "fillColor": "#ff0000", "frame": [100, 100, 200, 200]}"##)
        let s = try Self.render(built.views, theme: built.theme)
        expectPixel(s, 160, 200, 255, 0, 0, tolerance: 1)
    }

    // MARK: disabled

    /// Disabled: the disc keeps 12 % of its saturation and moves 65 % of the way to the surface, so
    /// it is less saturated, darker and closer to the background than the enabled knob (the
    /// reference's pale 20 %-saturated disc at 90 % brightness was brighter than the enabled one).
    @Test(arguments: ["satin", "plain", "flat"])
    func disabledKnobIsDesaturatedAndRecedes(_ style: String) throws {
        let enabled = try Self.build(#"{"id": "k", \#(Self.knob), "style": "\#(style)", "frame": [100, 100, 200, 200]}"#)
        let disabled = try Self.build(#"{"id": "k", \#(Self.knob), "style": "\#(style)", "enabled": false, "frame": [100, 100, 200, 200]}"#)
        let e = try Self.render(enabled.views, theme: enabled.theme)
        let d = try Self.render(disabled.views, theme: disabled.theme)
        saveForInspection(d, "look-disabled-\(style)")
        let background = Color(enabled.theme.background.last!)
        // Satin and plain: the disc's centre row; flat: its accent ring.
        let point = style == "flat" ? (x: 272, y: 200) : (x: 160, y: 200)
        let ep = e.pixel(x: point.x, y: point.y), dp = d.pixel(x: point.x, y: point.y)
        #expect(dp.hsb.saturation <= 0.2 && dp.hsb.saturation <= 0.25 * ep.hsb.saturation,
                "disabled saturation \(dp.hsb.saturation) (\(RGBA(dp))), enabled \(ep.hsb.saturation)")
        #expect(ep.hsb.saturation > 0.8, "enabled saturation \(ep.hsb.saturation) (\(RGBA(ep)))")
        #expect(dp.contrastRatio(with: background) < ep.contrastRatio(with: background),
                "disabled contrast \(dp.contrastRatio(with: background)) vs \(ep.contrastRatio(with: background))")
        #expect(dp.hsb.brightness <= ep.hsb.brightness, "never brighter than enabled")
    }

    // MARK: the value keeps clear of the pointer and the rim

    /// "5.01 V" with the pointer level with it (value 5.01 of 0…30: −135° + 270° · 0.167 = −90°,
    /// at 3 o'clock on this counter-clockwise knob)
    /// and a long "1.000 A": every pixel the readout adds lies within 0.66 of the radius
    /// (KnobView.flatTextClearance; the flat pointer, a bead on the ring, starts at 0.882 r), so
    /// the pointer never reads as a bullet or a minus. Before: "5.01 V" reached 0.68 r beside a
    /// dot at 0.78 r, then the flat style's radial line (0.74…0.90 r) read as "— 5.01 V".
    @Test(arguments: [("5.01", "%.2f V"), ("1.000", "%.3f A"), ("-10.5", "%+.1f dB")])
    func readoutStaysInsideTheClearCircle(_ value: String, _ format: String) throws {
        func knob(_ placement: String) throws -> ImageSurface {
            let range = value.hasPrefix("-") ? "[-12, 12]" : "[0, 30]"
            let built = try Self.build(#"{"id": "k", "type": "knob", "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": \#(range), "value": \#(value), "valueFormat": "\#(format)", "valuePlacement": "\#(placement)", "style": "flat", "frame": [100, 100, 200, 200]}"#)
            return try Self.render(built.views, theme: built.theme)
        }
        let with = try knob("center"), without = try knob("none")
        saveForInspection(with, "look-readout-\(format.last!)")
        let r = 78.0
        var farthest = 0.0, changed = 0
        for y in 100..<300 { for x in 100..<300 where RGBA(with.pixel(x: x, y: y)) != RGBA(without.pixel(x: x, y: y)) {
            changed += 1
            farthest = Swift.max(farthest, ((Double(x) + 0.5 - 200) * (Double(x) + 0.5 - 200) + (Double(y) + 0.5 - 200) * (Double(y) + 0.5 - 200)).squareRoot())
        } }
        #expect(changed > 200, "the readout is drawn (\(changed) pixels)")
        #expect(farthest <= KnobView.flatTextClearance * r + 0.5, "readout reaches \(farthest) px of a \(r) px disc")
        #expect(farthest >= 0.5 * r, "and is not needlessly small (\(farthest) px)")
        guard value == "5.01" else { return }
        // The pointer is a round bead on the ring, not a line: at 3 o'clock its centre is at
        // 0.932 · 78 = 72.7 px right of the centre (x 272.7), 3.9 px in radius, so it covers
        // the column x 272 from y 197 to 203, and nothing of the centre row left of 0.86 r
        // (x ≤ 266), where the radial line (0.74…0.90 r, x 258…270) used to be.
        let accent = { (c: Color) in c.hsb.saturation > 0.6 }
        #expect(countPixels(with, x0: 270, y0: 197, x1: 276, y1: 204, where: accent) >= 30, "the bead")
        #expect(countPixels(with, x0: 240, y0: 196, x1: 267, y1: 205, where: accent) == 0, "no line inwards from the ring")
        // Between the readout's ink and the bead: the bare disc (41, 46, 56) all the way, a gap
        // of 0.882 − 0.66 = 0.22 r (17 px) on the row the readout is read along.
        var strayed = 0
        for y in 194...206 { for x in 253...266 {
            let c = with.pixel(x: x, y: y)
            if abs(c.red * 255 - 41) > 3 || abs(c.green * 255 - 46) > 3 || abs(c.blue * 255 - 56) > 3 { strayed += 1 }
        } }
        #expect(strayed == 0, "\(strayed) pixels between the readout and the pointer are not the bare disc")
    }

    /// The default (pip) style: the dot's inner edge is at 0.42 − 0.03 = 0.39 of the side,
    /// 0.78 r; the readout keeps within 0.6 r, so 0.18 r (14 px on a 78 px disc) of bare disc
    /// parts "5.01 V" from the dot level with it.
    @Test(arguments: ["5.01", "1.000"])
    func pipKnobReadoutKeepsClearOfTheDot(_ value: String) throws {
        func knob(_ placement: String) throws -> ImageSurface {
            let built = try Self.build(#"{"id": "k", "type": "knob", "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [0, 30], "value": \#(value), "valueFormat": "%.3f A", "valuePlacement": "\#(placement)", "frame": [100, 100, 200, 200]}"#)
            return try Self.render(built.views, theme: built.theme)
        }
        let with = try knob("center"), without = try knob("none")
        let r = 78.0
        var farthest = 0.0
        // Without a readout the resting knob is drawn from shared parts, with one as a whole
        // image: the two differ by a level or three along edges, the readout by far more.
        func differs(_ a: RGBA, _ b: RGBA) -> Bool { max(abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b), abs(a.a - b.a)) > 3 }
        for y in 100..<300 { for x in 100..<300 where differs(RGBA(with.pixel(x: x, y: y)), RGBA(without.pixel(x: x, y: y))) {
            farthest = Swift.max(farthest, ((Double(x) + 0.5 - 200) * (Double(x) + 0.5 - 200) + (Double(y) + 0.5 - 200) * (Double(y) + 0.5 - 200)).squareRoot())
        } }
        #expect(farthest <= KnobView.pipTextClearance * r + 0.5, "readout reaches \(farthest) px of a \(r) px disc")
        #expect(farthest >= 0.45 * r, "and is not needlessly small (\(farthest) px)")
    }

    /// The same at 2×: the bead, the clear circle and the gap scale with the knob (a 400 px
    /// disc of radius 156 on a 800 × 800 screen): readout ink within 0.66 · 156 = 103 px, the
    /// bead's inner edge at 0.882 · 156 = 137.6 px.
    @Test func readoutAndPointerStayApartAtTwiceTheScale() throws {
        let built = try Self.build(#"{"id": "k", "type": "knob", "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [0, 30], "value": 5.01, "valueFormat": "%.2f V", "style": "flat", "frame": [100, 100, 200, 200]}"#)
        let s = try opaqueSurface(width: 800, height: 800, Color(built.theme.background.last!))
        let ctx = DrawingContext(surface: s)
        let mapping = ScreenMapping(scale: 2, offsetX: 0, offsetY: 0)
        for v in built.views { v.draw(in: ctx, mapping: mapping, time: 0) }
        saveForInspection(s, "look-readout-2x")
        let disc = { (c: Color) in abs(c.red * 255 - 41) <= 3 && abs(c.green * 255 - 46) <= 3 && abs(c.blue * 255 - 56) <= 3 }
        // The centre row from 0.67 r to 0.87 r (x 505…535) is bare disc; the bead is at x 545.
        #expect(countPixels(s, x0: 505, y0: 392, x1: 536, y1: 409, where: { !disc($0) }) == 0, "the gap")
        #expect(countPixels(s, x0: 540, y0: 396, x1: 552, y1: 405, where: { $0.hsb.saturation > 0.6 }) >= 60, "the bead")
        // And the readout's ink is there, inside 0.66 r (x 400 ± 103).
        #expect(countPixels(s, x0: 300, y0: 385, x1: 503, y1: 415, where: { !disc($0) }) > 300, "the readout")
    }

    // MARK: colours from the theme's tokens

    /// A widget colour may name a token: the checker resolves it to the theme's hex (after
    /// the file's overrides), so "tint": "danger" on the light theme is #d70015 and "accent"
    /// the file's #e0782a. A fader without gradientColors takes the accent (before, the
    /// schema's default #2e80ed → #9b51e0 hid the theme), the slider too; its track is the
    /// track token.
    @Test func colourTokensAndTheAccentReachFadersAndSliders() throws {
        let built = try Self.build(#"""
        {"id": "f", "type": "fader", "frame": [0, 0, 80, 300]},
        {"id": "g", "type": "fader", "gradientColors": ["accent", "danger"], "frame": [100, 0, 80, 300]},
        {"id": "s", "type": "slider", "frame": [200, 0, 200, 200]},
        {"id": "b", "type": "button", "title": "Stop", "tint": "danger", "frame": [200, 300, 160, 80]}
        """#, theme: ##"{"base": "light", "accent": "#e0782a"}"##)
        let accent = Color(PanelLayout.RGBA(hex: "#e0782a")!), danger = Color(PanelLayout.RGBA(hex: "#d70015")!)
        let f = built.views[0] as! FaderView, g = built.views[1] as! FaderView, s = built.views[2] as! SliderView
        #expect(f.appearance.gradientColors.first == accent, "the fader's default gradient starts at the accent")
        #expect(f.appearance.unfilledColor == Color(built.theme.track))
        #expect(g.appearance.gradientColors == [accent, danger])
        #expect(s.appearance.gradientColors.first == accent, "the slider's too")
        let text = """
        {"panel": "L", "size": [400, 400], "theme": {"base": "light"},
        "pages": [{"id": "p", "widgets": [{"id": "b", "type": "button", "title": "Stop", "tint": "danger", "frame": [0, 0, 160, 80]}]}]}
        """
        let p = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".").get()
        #expect(p.pages[0].widgets[0].string("tint") == "#d70015", "resolved to the light theme's danger")
        _ = danger
    }

    // MARK: text sizes on one scale

    /// Segmented titles share one size, measured bold: "Stream" selected is as tall as
    /// "On" beside it (before, the selected bold title shrank alone and looked smaller).
    @Test func segmentTitlesShareOneSizeBoldOrNot() throws {
        let built = try Self.build(#"""
        {"id": "m", "type": "segmented", "titles": ["On", "Stream"], "index": 1, "fontSize": 30, "frame": [0, 0, 220, 60]}
        """#)
        let v = built.views[0] as! SegmentedView
        let probe = try ImageSurface(width: 1, height: 1)
        let ctx = DrawingContext(surface: probe)
        let size = v.segmentTitleSize(ctx, mapping: .identity, pixelSize: 30, gap: 3)
        // Each segment is 110 wide, less 2 · 3 gap: 104, 92 % of it 95.7 px of text. "Stream"
        // bold at 30 px is wider than that, so both are drawn at the size it fits.
        let bold = TextLayout(text: "Stream", family: built.theme.font, pixelSize: 30, bold: true, context: ctx)
        #expect(bold.size.width > 95.7)
        #expect(abs(size - Swift.max(24, 30 * 95.68 / bold.size.width)) < 0.05, "one size \(size)")
    }

    /// A toggle's title shrinks to 80 % of its size at most (22 px → 17.6 px, not 13), then ends in '…'.
    @Test func toggleTitleShrinksOnlySoFar() throws {
        var chrome = ControlChrome(tint: .white)
        chrome.fit = .shrink
        let probe = try ImageSurface(width: 1, height: 1)
        let ctx = DrawingContext(surface: probe)
        #expect(chrome.titleSize(["Automatic standby after an hour"], room: 100, pixelSize: 22, ctx: ctx) == 22 * 0.8)
        #expect(chrome.titleSize(["On"], room: 100, pixelSize: 22, ctx: ctx) == 22)
        chrome.fit = .ellipsis
        #expect(chrome.titleSize(["Automatic standby after an hour"], room: 100, pixelSize: 22, ctx: ctx) == 22)
    }

    /// Tick labels a step under the caption: a 420 px knob with an 18 px caption writes
    /// 0.8 · 18 = 14.4 px labels (the ring's room, 0.13 · 210 = 27.3 px, is more); a fader's
    /// caption is sized as a knob min(480, 2 · 130) = 260 across: 7 % = 18.2 px, its labels
    /// min(0.8 · 18.2, readout 26) = 14.56 px.
    @Test func tickLabelsAreAStepUnderTheCaption() throws {
        let built = try Self.build(#"""
        {"id": "k", "type": "knob", "mode": "continuous", "circular": false, "min": -135, "max": 135, "range": [-80, 0], "scale": true, "ticks": 9, "tickLabels": true, "label": "Volume", "captionSize": 18, "frame": [0, 0, 380, 380]}
        """#)
        let k = built.views[0] as! KnobView
        #expect(abs(k.tickLabelPixelSize(half: 210, radii: k.scaleRadii, mapping: .identity) - 14.4) < 1e-9)
        let g = FaderGeometry(frame: Rect(x: 0, y: 0, width: 130, height: 480), vertical: true, lineWidth: 6, showsValue: true,
                              hasCaption: true, tickLabels: true)
        // Readout: min(28, max(11, min(130 · 0.2, 480 · 0.07))) = min(26, 33.6) = 26.
        #expect(g.textSize == 26 && abs(g.captionSize - 18.2) < 1e-9 && abs(g.tickLabelSize - 14.56) < 1e-9)
        // The caption's line, 1.5 · 18.2 = 27.3, at the bottom; the travel ends half a thumb above it.
        let box = try #require(g.captionBox)
        #expect(abs(box.y - (480 - 27.3)) < 1e-9 && abs(box.height - 27.3) < 1e-9 && box.width == 130)
        // Inside: under the readout's 39 px band at the top instead.
        let inside = FaderGeometry(frame: Rect(x: 0, y: 0, width: 130, height: 480), vertical: true, lineWidth: 6, showsValue: true,
                                   hasCaption: true, tickLabels: true, captionSize: 18, captionPlacement: .inside)
        #expect(inside.captionBox == Rect(x: 0, y: 39, width: 130, height: 27) && abs(inside.travelEnd - (66 + inside.thumbAlong / 2)) < 1e-9)
    }

    /// A horizontal meter's text follows its height, not its length: 230 × 40 with the
    /// theme's 17 px caption writes min(17, 0.4 · 40) = 16 px (was 5 % of 230 = 11.5).
    @Test func horizontalMeterTextFollowsTheCaptionScale() {
        let g = MeterGeometry(frame: Rect(x: 0, y: 0, width: 230, height: 40), orientation: .horizontal, hasReadout: false, hasLabel: true, captionSize: 17)
        #expect(g.textSize == 16 && g.track.height == 40 - 24)
        let plain = MeterGeometry(frame: Rect(x: 0, y: 0, width: 230, height: 40), orientation: .horizontal, hasReadout: false, hasLabel: true)
        #expect(plain.textSize == 12, "0.3 · 40")
    }

    /// A gauge's title is its caption: the theme's size, or 7 % of the dial (a 200 px gauge:
    /// 14 px, was 0.085 · 99 = 8.4 px); below, the dial shrinks by its line (1.5 · 14 = 21).
    @Test func gaugeTitleIsACaption() throws {
        let built = try Self.build(#"""
        {"id": "g", "type": "gauge", "title": "RPM", "captionPlacement": "below", "frame": [0, 0, 200, 221]}
        """#)
        let v = built.views[0] as! GaugeView
        #expect(abs(v.look.caption.pixelSize(diameter: 200) - 14) < 1e-9 && abs(v.geometry.captionLine - 21) < 1e-9)
        #expect(abs(v.geometry.radius - 99) < 1e-9 && abs(v.geometry.center.y - 100) < 1e-9)
    }

    // MARK: one caption system

    /// The same size for a knob and a slider of the same frame (7 % of 200 = 14 px; the ink of
    /// "Hg" is about 0.95 of the size), the knob's right under its square, the slider's inside.
    @Test func knobAndSliderCaptionsShareTheirSize() throws {
        let built = try Self.build(#"""
        {"id": "k", "type": "knob", "mode": "continuous", "label": "Hg", "frame": [0, 0, 200, 240]},
        {"id": "s", "type": "slider", "label": "Hg", "showValue": false, "frame": [200, 0, 200, 240]}
        """#)
        let s = try Self.render(built.views, theme: built.theme)
        saveForInspection(s, "look-captions")
        let muted = Color(built.theme.muted)
        func inkRows(x0: Int, x1: Int, y0: Int, y1: Int) -> [Int] {
            (y0..<y1).filter { y in (x0..<x1).contains { x in s.pixel(x: x, y: y).contrastRatio(with: Color(built.theme.background.last!)) > 1.6 && abs(s.pixel(x: x, y: y).red - muted.red) < 0.12 } }
        }
        let knob = built.views[0] as! KnobView
        // Knob: caption line 1.5 · 14 = 21 high; square min(200, 240 − 21) = 200, at y (219 − 200) / 2 = 9.5.
        #expect(knob.knobRect == Rect(x: 0, y: 9.5, width: 200, height: 200))
        let kRows = inkRows(x0: 80, x1: 120, y0: 211, y1: 240)
        let sRows = inkRows(x0: 280, x1: 320, y0: 130, y1: 175)
        #expect(!kRows.isEmpty && !sRows.isEmpty)
        let kh = (kRows.max() ?? 0) - (kRows.min() ?? 0) + 1, sh = (sRows.max() ?? 0) - (sRows.min() ?? 0) + 1
        #expect(abs(kh - sh) <= 1, "caption ink heights: knob \(kh), slider \(sh)")
        #expect(kh >= 11 && kh <= 16, "14 px captions: \(kh) px of ink")
        #expect((kRows.min() ?? 0) <= 216, "right under the knob, not far below it (ink from y \(kRows.min() ?? 0))")
    }

    @Test func captionSizeAndPlacementAreSettable() throws {
        let built = try Self.build(#"""
        {"id": "k", "type": "knob", "mode": "continuous", "label": "Bass", "captionPlacement": "inside", "captionSize": 20, "frame": [0, 0, 200, 240]},
        {"id": "s", "type": "slider", "label": "Bass", "captionPlacement": "below", "frame": [200, 0, 200, 240]}
        """#, theme: #"{"captionSize": 18}"#)
        let knob = built.views[0] as! KnobView, slider = built.views[1] as! SliderView
        #expect(knob.knobRect == Rect(x: 0, y: 20, width: 200, height: 200), "inside: no caption line")
        #expect(knob.captionSize == 20, "the widget's own size wins over the theme's")
        // Below: a line of 1.5 · 18 (the theme's size) under the ring.
        #expect(slider.captionLine == 27 && slider.square == Rect(x: 200, y: 6.5, width: 200, height: 200))
        let s = try Self.render(built.views, theme: built.theme)
        saveForInspection(s, "look-captions-settable")
    }

    // MARK: icons

    /// `mdi:lightbulb` is U+F335 drawn from the icon font in the text's colour, its ink
    /// centred in the icon box.
    @Test func mdiIconIsAGlyphInTheInkColour() throws {
        guard case .glyph(let scalar)? = try WidgetIcon.make("mdi:lightbulb") else {
            Issue.record("fonts-materialdesignicons-webfont is not installed"); return
        }
        #expect(scalar.value == 0xF335)
        let s = try opaqueSurface(width: 100, height: 100, .black)
        WidgetIcon.glyph(scalar).draw(in: DrawingContext(surface: s), box: Rect(x: 20, y: 20, width: 60, height: 60), color: Color(red: 1, green: 0, blue: 0))
        saveForInspection(s, "look-icon")
        var xs: [Int] = [], ys: [Int] = []
        for y in 0..<100 { for x in 0..<100 where s.pixel(x: x, y: y).red > 0.5 { xs.append(x); ys.append(y) } }
        #expect(xs.count > 600, "ink drawn: \(xs.count) pixels")
        #expect(s.pixel(x: 50, y: 40).green < 0.05, "in the colour asked for")
        let cx = Double(xs.min()! + xs.max()!) / 2, cy = Double(ys.min()! + ys.max()!) / 2
        #expect(abs(cx - 49.5) <= 1.5 && abs(cy - 49.5) <= 1.5, "ink centred: (\(cx), \(cy))")
        #expect(xs.max()! - xs.min()! <= 60 && ys.max()! - ys.min()! <= 60, "inside the box")
    }

    /// A button with only an icon draws it; a toggle's icon is in the accent while on.
    @Test func iconsOnTilesAndLights() throws {
        let built = try Self.build(#"""
        {"id": "b", "type": "button", "icon": "mdi:power", "frame": [0, 0, 100, 100]},
        {"id": "n", "type": "button", "title": " ", "frame": [100, 0, 100, 100]},
        {"id": "t", "type": "toggle", "title": "Fan", "icon": "mdi:fan", "on": true, "frame": [0, 120, 300, 80]},
        {"id": "i", "type": "indicator", "icon": "mdi:fire", "state": "on", "color": "#ff0000", "frame": [0, 220, 100, 100]}
        """#)
        let s = try Self.render(built.views, theme: built.theme)
        saveForInspection(s, "look-icons")
        let light = countPixels(s, x0: 20, y0: 20, x1: 80, y1: 80) { $0.contrastRatio(with: .black) > 8 }
        let none = countPixels(s, x0: 120, y0: 20, x1: 180, y1: 80) { $0.contrastRatio(with: .black) > 8 }
        #expect(light > 300 && none == 0, "icon ink \(light), empty button \(none)")
        // The toggle's icon (left of the title, 1.15 × 25.6 px) in the accent fill (0, 110, 230).
        let accent = countPixels(s, x0: 20, y0: 140, x1: 60, y1: 180) { drawNear($0, 0, 110, 230, tolerance: 20) }
        #expect(accent > 50, "toggle icon in the accent: \(accent)")
        let red = countPixels(s, x0: 0, y0: 220, x1: 100, y1: 320) { $0.red > 0.9 && $0.green < 0.1 }
        #expect(red > 300, "the lit icon in its colour: \(red)")
    }
}
