import Foundation
import Graphics
import Testing
@testable import ControlWidgets

/// Titles and readouts must reach WCAG 4.5:1, measured on rendered pixels: each title is
/// rendered once with its text and once with every title blank; inside the title's box, the
/// pixel that differs most from the blank render is ink on the face, and the ratio between
/// the two renders there is the contrast the eye sees (satin sheen included).
@Suite struct KnobTitleContrastTests {
    /// The room panel's tints and the default iOS blue.
    static let tints = ["#3a7bd5", "#e07a1f", "#2e9d5b", "#8a4fd0", "#007aff", "#d5793a"]

    static func selector(tint: String, titles: [String], orientation: KnobTitleOrientation = .upright) -> KnobView {
        var m = makeKnobModel(mode: .linearReturn, positions: 5)
        m.titles = titles
        var look = KnobAppearance(colors: KnobColors(tint: Color(hex: tint)!))
        look.titleOrientation = orientation
        return KnobView(id: "s", frame: Rect(x: 20, y: 20, width: 200, height: 200), model: m, appearance: look)
    }

    /// The lowest contrast over the unselected titles, and the selected title's (text on pill).
    static func measure(tint: String) throws -> (titles: Double, selected: Double) {
        let names = ["TV", "Radio", "Wireless", "Video", "Aux"]
        let inked = selector(tint: tint, titles: names)
        let blank = selector(tint: tint, titles: names.map { _ in "" })
        let a = try KnobViewTests.render(inked), b = try KnobViewTests.render(blank)
        var worst = 99.0, selected = 0.0
        for (rect, isSelected) in inked.titleRects(mapping: .identity, time: 0) {
            var best = 1.0
            for y in Int(rect.minY)..<Int(rect.maxY) { for x in Int(rect.minX)..<Int(rect.maxX) {
                if isSelected {
                    // Text (fill colour) on the pill (ink): compare with the pill's left end.
                    let pill = a.pixel(x: Int(rect.minX) + 3, y: Int(rect.center.y))
                    best = Swift.max(best, a.pixel(x: x, y: y).contrastRatio(with: pill))
                } else {
                    best = Swift.max(best, a.pixel(x: x, y: y).contrastRatio(with: b.pixel(x: x, y: y)))
                }
            } }
            if isSelected { selected = best } else { worst = Swift.min(worst, best) }
        }
        return (worst, selected)
    }

    @Test(arguments: tints)
    func titlesReachFourAndAHalfToOne(tint: String) throws {
        let m = try Self.measure(tint: tint)
        print("contrast \(tint): titles ≥ \(m.titles), selected \(m.selected)")
        #expect(m.titles >= 4.5, "\(tint): weakest title \(m.titles):1")
        #expect(m.selected >= 4.5, "\(tint): selected title \(m.selected):1")
    }

    /// The reference's own colours (dark hue on the fill) stay with finish flat: on the blue
    /// tint they are 2.1:1 (title HSB(h, 1, 0.5) on fill HSB(h, 1, 0.9): luminance 0.040 on 0.136),
    /// which is why they are not the default (green 3.0:1, orange 2.5:1).
    @Test func flatFinishKeepsTheReferenceColours() {
        var look = KnobAppearance(colors: KnobColors(tint: drawTint))
        look.satinFinish = false
        look.titleOrientation = .radial
        let v = KnobView(id: "r", frame: Rect(x: 0, y: 0, width: 200, height: 200), model: makeKnobModel(positions: 4), appearance: look)
        #expect(v.titleInk == look.colors.titleColor(for: .normal))
        #expect(!v.drawsTitleLayer)
        #expect(abs(look.colors.titleColor(for: .normal).contrastRatio(with: look.colors.fillColor(for: .normal)) - 2.09) < 0.01)
    }

    /// Upright titles are never upside down: at any knob angle each title image is placed
    /// level (it is composited unrotated), and its box stays inside the disc.
    @Test func uprightBoxesStayInsideTheDisc() {
        for angle in stride(from: 0.0, to: 6.3, by: 0.3) {
            for (w, h) in [(60.0, 16.0), (20.0, 20.0)] {
                let rho = KnobView.uprightRadius(width: w, height: h, angle: angle, radius: 100)
                let cx = abs(rho * sin(angle)) + w / 2, cy = abs(rho * cos(angle)) + h / 2
                #expect(abs((cx * cx + cy * cy).squareRoot() - 100) < 1e-6)   // the far corner touches the rim
            }
        }
    }

    @Test func contrastMathsMatchesWCAG() {
        // Black on white is 21:1; white on #777777 is 4.48:1 (the classic near-miss).
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-9)
        #expect(abs(Color.white.contrastRatio(with: Color(hex: "#777777")!) - 4.48) < 0.01)
        #expect(Color(hex: "#00e65c")!.readableInk() == .inkDark)
        #expect(Color(hex: "#0060e6")!.readableInk() == .inkLight)
    }
}
