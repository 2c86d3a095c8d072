import Testing
import Formatting
import Graphics
@testable import ControlWidgets

/// Chart axis labels never overlap and never repeat a text (issue 27: the wall panel showed
/// five "21°" labels for 20.6…21.4 with "%.0f°", and time labels run together on narrow charts).
@Suite struct ChartAxisTests {
    @Test func stepsAreRound() {
        #expect(ChartAxis.niceStep(0.8) == 1 && ChartAxis.niceStep(1.2) == 2 && ChartAxis.niceStep(2.2) == 2.5)
        #expect(ChartAxis.niceStep(3) == 5 && ChartAxis.niceStep(7) == 10 && abs(ChartAxis.niceStep(0.03) - 0.05) < 1e-12)
    }

    /// 19…23 in 200 px at 14.4 px a line: 200 / 21.6 + 1 → 6 labels fit; (23 − 19)/5 = 0.8 → step 1: 19, 20, 21, 22, 23.
    @Test func valueLabelsOfTheWallPanel() throws {
        let t = ChartAxis.valueTicks(lo: 19, hi: 23, height: 200, lineHeight: 14.4, format: try ValueFormat(parsing: "%.0f°"))
        #expect(t.map(\.text) == ["19°", "20°", "21°", "22°", "23°"])
        // The range the old labels repeated on: "%.0f°" over 20.6…21.4 is one label, not five "21°".
        let narrow = ChartAxis.valueTicks(lo: 20.6, hi: 21.4, height: 200, lineHeight: 14.4, format: try ValueFormat(parsing: "%.0f°"))
        #expect(narrow.map(\.text) == ["21°"])
        // Without a format, the decimals follow the step: 120 px holds 6 labels, step 0.2, one decimal;
        // 90 px holds 5: (21 − 20)/4 = 0.25, two decimals.
        let fine = ChartAxis.valueTicks(lo: 20, hi: 21, height: 120, lineHeight: 14.4, format: nil)
        #expect(fine.map(\.text) == ["20.0", "20.2", "20.4", "20.6", "20.8", "21.0"])
        let quarter = ChartAxis.valueTicks(lo: 20, hi: 21, height: 90, lineHeight: 14.4, format: nil)
        #expect(quarter.map(\.text) == ["20.00", "20.25", "20.50", "20.75", "21.00"])
    }

    /// Over many ranges, heights and formats: distinct texts, at least a line and a half apart.
    @Test func valueLabelsNeverRepeatOrOverlap() throws {
        let formats: [ValueFormat?] = [nil, try ValueFormat(parsing: "%.0f"), try ValueFormat(parsing: "%.1f °C")]
        var checked = 0
        for lo in stride(from: -40.0, through: 40, by: 7.3) {
            for span in [0.01, 0.3, 0.8, 1, 2.7, 9, 55, 1234] {
                for height in [20.0, 48, 90, 200, 600] {
                    for format in formats {
                        let t = ChartAxis.valueTicks(lo: lo, hi: lo + span, height: height, lineHeight: 14.4, format: format)
                        #expect(Set(t.map(\.text)).count == t.count, "\(lo)+\(span) in \(height): \(t.map(\.text))")
                        for (a, b) in zip(t, t.dropFirst()) {
                            #expect((b.at - a.at) / span * height >= 14.4 * 1.5 - 1e-9, "\(lo)+\(span) in \(height): \(t.map(\.text))")
                        }
                        #expect(t.allSatisfy { $0.at >= lo - 1e-9 && $0.at <= lo + span + 1e-9 })
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1000)
    }

    /// Time labels measured in the real font: no two touch (0.8 em apart at least), none leaves
    /// the plot, no text twice; a wide chart gets 7 (six sixths of a day), a narrow one fewer.
    @Test func timeLabelsNeverOverlap() throws {
        let surface = try ImageSurface(width: 4, height: 4)
        let ctx = DrawingContext(surface: surface)
        let measure: (String) -> Double = { TextLayout(text: $0, family: "DejaVu Sans", pixelSize: 12, bold: false, context: ctx).size.width }
        let wide = ChartAxis.timeTicks(window: 86400, width: 440, gap: 9.6, measure: measure)
        #expect(wide.map(\.text) == ["-24h", "-20h", "-16h", "-12h", "-8h", "-4h", "now"])
        for window in [30.0, 100, 600, 3600, 7200, 86400, 2_678_400] {
            for width in [40.0, 90, 150, 240, 400, 900] {
                let t = ChartAxis.timeTicks(window: window, width: width, gap: 9.6, measure: measure)
                #expect(Set(t.map(\.text)).count == t.count)
                let e = ChartAxis.extents(t, width: width, measure: measure)
                for (a, b) in zip(e, e.dropFirst()) { #expect(a.1 + 9.6 <= b.0, "\(window) s in \(width) px: \(t.map(\.text))") }
                #expect(t.last?.text == "now")
            }
        }
    }
}
