import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The level meter: its peak hold on a clock, its segments, its geometry, its command, its
/// pixels, its layout checks; numbers derived in the comments.
@Suite struct MeterTests {
    /// Range [−60, 6] dB: span 66, so a level is (v + 60) / 66 and `peakFall` 24 dB/s is
    /// 24/66 of the scale a second.
    static func dbModel(hold: Double = 1.5, fall: Double = 24) -> MeterModel {
        MeterModel(reading: InstrumentValue(lo: -60, hi: 6, value: -60), peakHold: hold, peakFall: fall)
    }
    static func level(_ db: Double) -> Double { (db + 60) / 66 }
    static func near(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 1e-9 } ?? false }

    /// A peak of 0 dB at t = 10 with the bar back at −30 dB: held to 11.5 s (hold 1.5 s), then
    /// 0 − 24 × (12 − 11.5) = −12 dB at 12 s, on the bar (−30 dB) at 11.5 + 30/24 = 12.75 s.
    @Test func peakHoldsThenFallsAtItsRateOntoTheBar() {
        var m = Self.dbModel()
        m.set(0, at: 10)
        m.set(-30, at: 10.1)
        #expect(Self.near(m.peakLevel(at: 11), Self.level(0)))
        #expect(m.nextChange(after: 10.5) == 11.5)
        #expect(!m.isPeakFalling(at: 11.4) && m.isPeakFalling(at: 11.6))
        #expect(Self.near(m.peakLevel(at: 12), Self.level(-12)))
        #expect(Self.near(m.restTime(after: 12), 12.75))
        #expect(Self.near(m.peakLevel(at: 13), Self.level(-30)))
        // At rest: nothing falls, nothing to wake for.
        #expect(!m.isPeakFalling(at: 13) && m.nextChange(after: 13) == nil)
    }

    /// A marker resting on the bar (−30 dB at 13 s) when the value drops to −50 falls from
    /// −30 at once, without a new hold: −30 − 24 × 0.5 = −42 dB at 14.5 s; no jump at 14 s.
    @Test func restingMarkerFallsFromTheBarWithoutJumping() {
        var m = Self.dbModel()
        m.set(0, at: 10); m.set(-30, at: 10.1)
        m.set(-50, at: 14)
        #expect(Self.near(m.peakLevel(at: 14), Self.level(-30)))
        #expect(Self.near(m.peakLevel(at: 14.5), Self.level(-42)))
        #expect(m.isPeakFalling(at: 14) && m.nextChange(after: 14) == nil)
        // A value above the falling marker is a new peak: it holds again from then (to 16 s);
        // with the bar still at the peak there is nothing to wake for, below it the hold's end.
        m.set(-20, at: 14.5)
        #expect(m.nextChange(after: 14.55) == nil)
        m.set(-40, at: 14.6)
        #expect(Self.near(m.peakLevel(at: 15.9), Self.level(-20)) && m.nextChange(after: 14.7) == 16)
    }

    @Test func withoutPeakHoldNothingEverWakes() {
        var m = Self.dbModel(hold: 0)
        m.set(0, at: 1); m.set(-40, at: 1.1)
        #expect(m.peakLevel(at: 2) == nil && !m.isPeakFalling(at: 2) && m.nextChange(after: 1.2) == nil)
        // The default fall is half the range a second: 33 dB/s on [−60, 6].
        #expect(MeterModel(reading: InstrumentValue(lo: -60, hi: 6), peakHold: 1).peakFall == 33)
    }

    /// 20 segments on [0, 100]: 47 → 9.4 → 9 lit, 48 → 9.6 → 10 lit; the marker's segment is
    /// the top one its level rounds to (0.48 → segment 9).
    @Test func ladderLightsLevelTimesSegmentsRounded() {
        var m = MeterModel(reading: InstrumentValue(lo: 0, hi: 100), peakHold: 1)
        m.set(47, at: 0); #expect(m.litSegments(20) == 9)
        m.set(48, at: 0); #expect(m.litSegments(20) == 10 && m.peakSegment(20, at: 0.5) == 9)
        m.set(0, at: 0.6); #expect(m.litSegments(20) == 0 && m.peakSegment(20, at: 0.7) == 9)
        #expect(MeterModel.segment(ofLevel: 0.01, count: 20) == nil && MeterModel.segment(ofLevel: 1, count: 20) == 19)
    }

    /// A vertical 60×446 meter with readout and label: text 5 % of 446 = 22.3 → 18 (the cap),
    /// rows 27 high; the track is y 27…419 (392 high), padding round(min(60, 392) × 0.14) = 8,
    /// so the run is x 8…52, y 35…411 (376 long). −27 dB is level 33/66 = 0.5: the bar's top at
    /// 411 − 188 = 223. Segment 0 of 33 is the bottom 376/33 = 11.39 px less a 2.28 px gap.
    @Test func verticalGeometryFromTheFrame() {
        let g = MeterGeometry(frame: Rect(x: 0, y: 0, width: 60, height: 446), orientation: .vertical, hasReadout: true, hasLabel: true)
        #expect(g.textSize == 18 && g.readoutRow == Rect(x: 0, y: 0, width: 60, height: 27) && g.labelRow == Rect(x: 0, y: 419, width: 60, height: 27))
        #expect(g.track == Rect(x: 0, y: 27, width: 60, height: 392) && g.run == Rect(x: 8, y: 35, width: 44, height: 376))
        #expect(g.span(from: 0, to: Self.level(-27)) == Rect(x: 8, y: 223, width: 44, height: 188))
        let s0 = g.segment(0, of: 33), pitch = 376.0 / 33
        #expect(abs(s0.maxY - (411 - pitch * 0.1)) < 1e-9 && abs(s0.height - pitch * 0.8) < 1e-9)
        // Horizontal: one row over the track, filling to the right.
        let h = MeterGeometry(frame: Rect(x: 0, y: 0, width: 400, height: 60), orientation: .horizontal, hasReadout: true, hasLabel: true)
        #expect(h.textSize == 18 && h.track == Rect(x: 0, y: 27, width: 400, height: 33))
        #expect(h.span(from: 0, to: 0.25).width == h.run.width / 4 && h.span(from: 0, to: 0.25).x == h.run.x)
    }

    /// Green to 70, amber to 90, red to 100: a zone's own end belongs to it.
    @Test func zonesOwnTheirEnds() {
        let z = ValueZones(.array([.object([("to", .number(70)), ("color", .string("#00ff00"))]),
                                   .object([("to", .number(90)), ("color", .string("#ffff00"))]),
                                   .object([("color", .string("#ff0000"))])]), lo: 0, hi: 100)
        #expect(z.zone(atLevel: 0.7)?.color == Color(red: 0, green: 1, blue: 0))
        #expect(z.zone(atLevel: 0.70001)?.color == Color(red: 1, green: 1, blue: 0))
        #expect(z.zone(atLevel: 0.9)?.color == Color(red: 1, green: 1, blue: 0) && z.zone(atLevel: 1)?.color == Color(red: 1, green: 0, blue: 0))
        #expect(z.bands.map(\.end) == [0.7, 0.9, 1])
        // A reversed range [100, 0]: `to` 30 is 70 % of the way from lo.
        #expect(ValueZones(.array([.object([("to", .number(30)), ("color", .string("#00ff00"))])]), lo: 100, hi: 0).zones.first?.end == 0.7)
    }

    static func view(_ json: String = "", shared: SharedLayers = SharedLayers()) throws -> MeterView {
        let text = #"{"panel":"T","size":[400,400],"pages":[{"id":"p","widgets":[{"id":"m","type":"meter","frame":[0,0,40,200]"# + json + "}]}]}"
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".").get()
        return try #require(MeterDescriptor.view(WidgetCatalog.makeView(panel.pages[0].widgets[0], theme: Theme(), shared: shared)))
    }

    @Test func setClampsReportsAndAnswersGet() throws {
        let v = try Self.view(#","range":[0,100],"valueFormat":"%.1f""#)
        let e = try v.apply(WidgetCommand("set", ["value": .number(500)]), at: 0)
        #expect(e == [WidgetEvent("valueChanged", [EventField("value", .number(100)), EventField("source", .string("program"))])])
        #expect(v.snapshot() == WidgetEvent("state", [EventField("value", .number(100))]))
        #expect(try v.apply(WidgetCommand("set", ["value": .number(120)]), at: 0).isEmpty)   // still 100: nothing new
        _ = try v.apply(WidgetCommand("set", ["value": .number(-3.14159)]), at: 0)
        #expect(v.snapshot()?.fields.first?.value == .number(0))
        _ = try v.apply(WidgetCommand("set", ["value": .number(42.26)]), at: 0)
        #expect(v.snapshot()?.fields.first?.value == .number(42.3))   // on the format's decimals
        #expect(throws: WidgetCommandError.self) { try v.apply(WidgetCommand("set", ["value": .string("loud")]), at: 0) }
        #expect(throws: WidgetCommandError.self) { try v.apply(WidgetCommand("set", [:]), at: 0) }
        #expect(MeterDescriptor.touchTarget(PanelLayout.WidgetSpec(id: "m", type: "meter", frame: LayoutRect(x: 0, y: 0, width: 1, height: 1))) == nil)
        #expect(!v.hitTest(Point(x: 10, y: 10)) && !v.acceptsFocus)
    }

    @Test func homeAssistantSensorAndBareValue() throws {
        let v = try Self.view(#","range":[-60,6],"unit":"dB","valueFormat":"%.1f""#)
        #expect(MeterDescriptor.homeAssistant(v) == .sensor(unit: "dB", rounding: ValueRounding(decimals: 1, bounds: -60...6)))
        #expect(try MeterDescriptor.bareSet(BarePayload(text: "-12.5", number: -12.5, shown: "-12.5"), on: v).get() == BareSet([EventField("value", .number(-12.5))]))
        #expect(throws: WidgetCommandError.self) { try MeterDescriptor.bareSet(BarePayload(text: "x", number: nil, shown: "x"), on: v).get() }
        #expect(MeterDescriptor.homeAssistant(try Self.view())?.component == "sensor")
    }

    /// A 40×200 vertical bar, no texts: track 0…200, padding round(40 × 0.14) = 6, run y 6…194
    /// (188 long). At 50 the bar's top is at 194 − 94 = 100: (20, 150) is lit in the tint
    /// (#007aff, the default theme's), (20, 50) is the tint at the unlit share over the track.
    @Test func barPixelsAtHalf() throws {
        let v = try Self.view(#","value":50"#)
        let s = try ImageSurface(width: 40, height: 200)
        let ctx = DrawingContext(surface: s)
        ctx.setColor(Color(white: 0)); ctx.paint()
        v.draw(in: ctx, mapping: .identity, time: 0)
        let lit = s.pixel(x: 20, y: 150), unlit = s.pixel(x: 20, y: 50)
        #expect(lit.blue > 0.85 && lit.red < 0.15 && lit.green > 0.35 && lit.green < 0.6, "\(lit)")
        #expect(unlit.blue > 0.08 && unlit.blue < 0.3, "\(unlit)")
    }

    /// Two equal meters build two layers between them (unlit, lit); new values build none.
    @Test func equalMetersShareTheirLayers() throws {
        let shared = SharedLayers()
        let a = try Self.view(#","segments":20,"peakHold":1"#, shared: shared), b = try Self.view(#","segments":20,"peakHold":1"#, shared: shared)
        let s = try ImageSurface(width: 40, height: 200)
        for (v, value) in [(a, 30.0), (b, 80.0), (a, 55.0)] {
            _ = try v.apply(WidgetCommand("set", ["value": .number(value)]), at: 0)
            v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0.5)
        }
        #expect(shared.builds == 2)
    }

    /// A new value repaints the run between the bar's two ends: the 40×200 bar of
    /// `barPixelsAtHalf` (run x 6…34, y 6…194) from 50 (top y 100) to 75 (194 − 141 = 53),
    /// 2 px wider each way; nothing when nothing changed.
    @Test func aNewValueDamagesOnlyTheRunBetweenTheEnds() throws {
        let v = try Self.view(#","value":50"#)
        let s = try ImageSurface(width: 40, height: 200)
        v.draw(in: DrawingContext(surface: s), mapping: .identity, time: 0)
        #expect(v.damage(.identity, at: 0).isEmpty)
        _ = try v.apply(WidgetCommand("set", ["value": .number(75)]), at: 0)
        #expect(v.damage(.identity, at: 0) == [Rect(x: 4, y: 51, width: 32, height: 51)])
        // Another mapping: everything.
        let moved = ScreenMapping(scale: 1, offsetX: 3, offsetY: 0)
        #expect(v.damage(moved, at: 0) == [v.paintBounds(moved)])
    }

    /// Repainting only the damage gives the pixels of a whole repaint: a ladder with a peak
    /// marker and a readout, through rising, falling and held values and the marker's fall.
    @Test func aPartialRepaintEqualsAWholeOne() throws {
        let json = #","segments":24,"peakHold":0.5,"peakFall":80,"showValue":true,"valueFormat":"%.0f""#
        let v = try Self.view(json)
        let shown = try ImageSurface(width: 40, height: 200), whole = try ImageSurface(width: 40, height: 200)
        func paint(into s: ImageSurface, rects: [Rect]?, at t: Double) {
            let ctx = DrawingContext(surface: s)
            // Whole pixels, as the compositor paints damage (PixelRect(covering:)).
            if let rects {
                ctx.newPath()
                for r in rects.map(PixelRect.init(covering:)) { ctx.addRect(Rect(x: Double(r.x), y: Double(r.y), width: Double(r.width), height: Double(r.height))) }
                ctx.clip()
            }
            ctx.setColor(Color(white: 0)); ctx.paint()
            v.draw(in: ctx, mapping: .identity, time: t)
        }
        paint(into: shown, rects: nil, at: 0)
        var partial = 0
        for (i, value) in [10.0, 80, 35, 90, 20, 20, 5].enumerated() {
            for step in 0..<3 {
                let t = Double(i) * 0.6 + Double(step) * 0.2   // past a hold, into the fall
                if step == 0 { _ = try v.apply(WidgetCommand("set", ["value": .number(value)]), at: t) }
                let rects = v.damage(.identity, at: t)
                if !rects.isEmpty && rects != [v.paintBounds(.identity)] { partial += 1 }
                paint(into: shown, rects: rects, at: t)
                paint(into: whole, rects: nil, at: t)   // the same state again: the next damage is unchanged
                let d = try #require(try ImageComparison.compare(expected: whole, actual: shown, tolerance: 0))
                #expect(d.differingPixels == 0, "value \(value) at \(t)")
            }
        }
        #expect(partial >= 12)   // the damage was a part, not everything
    }

    @Test func zoneMistakesAreReportedAtTheirValue() {
        let text = """
        {"panel": "T", "size": [800, 480], "pages": [{"id": "p", "widgets": [
        {"id": "m", "type": "meter", "frame": [0, 0, 60, 300], "zones": [{"to": 70, "color": "#00ff00"}, {"to": 60, "color": "#ffff00"}, {"color": "#ff0000"}]},
        {"id": "n", "type": "meter", "frame": [100, 0, 60, 300], "range": [-60, 6], "zones": [{"to": 12, "color": "#00ff00"}]},
        {"id": "o", "type": "meter", "frame": [200, 0, 60, 300], "zones": [{"color": "#00ff00"}, {"to": 90, "color": "#ff0000"}], "segments": 1},
        {"id": "q", "type": "meter", "frame": [300, 0, 60, 300], "zones": [{"to": 50, "colour": "#00ff00"}]}
        ]}]}
        """
        guard case .failure(let errors) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "t.json", baseDirectory: ".") else {
            Issue.record("bad zones loaded"); return
        }
        let d = errors.diagnostics.map(\.description)
        #expect(d.contains("t.json:2:105: error: 'zones[1].to': 60 must be above the end of the zone before, 70"), "\(d)")
        #expect(d.contains("t.json:3:94: error: 'zones[0].to': 12 is outside the range [-60, 6]"), "\(d)")
        #expect(d.contains { $0.hasPrefix("t.json:4:68: error: 'zones[0]': only the last zone may leave out 'to'") }, "\(d)")
        #expect(d.contains { $0.hasPrefix("t.json:4:135: error: 'segments': 1 segment") }, "\(d)")
        #expect(d.contains { $0 == "t.json:5:79: error: unknown key 'colour' in zone (did you mean 'color'?)" }, "\(d)")
    }
}
