import Graphics
import Testing
@testable import ControlWidgets

/// The reference's fillColorForState: / titleColorForState: (001, lines 572–640):
/// grey or near-black tints (r == g == b, or brightness < 0.02) get greys
///   fill [0.6, 0.8, 0.9, 0.8], title [0.25, 0.25, 0.4, 0.25] (normal, highlighted, disabled, selected);
/// other tints keep their hue with fill saturation [1.0, 0.7, 0.2, 0.7], brightness [0.9, 1.0, 0.9, 1.0]
/// and title saturation [1.0, 1.0, 0.2, 1.0], brightness 0.5; the tint's alpha is kept.
/// An explicit colour for a state wins; a missing one falls back to the normal one.
@Suite struct KnobColorsTests {
    /// Hue of #3a7bd5: (4 + (58 − 123)/155)/6 = 0.596774; saturation 155/213 = 0.727700,
    /// brightness 213/255 = 0.835294.
    @Test func tintHueSaturationBrightness() {
        let hsb = drawTint.hsb
        #expect(abs(hsb.hue - 0.596774) < 1e-6)
        #expect(abs(hsb.saturation - 0.727700) < 1e-6)
        #expect(abs(hsb.brightness - 0.835294) < 1e-6)
    }

    /// Byte values derived in KnobDrawingSupport.swift.
    @Test func colouredTintFills() {
        let colors = KnobColors(tint: drawTint)
        #expect(drawNear(colors.fillColor(for: .normal), 0, 96.24, 229.5, a: 255, tolerance: 0.8))
        #expect(drawNear(colors.fillColor(for: .highlighted), 76.5, 151.35, 255, a: 255, tolerance: 0.8))
        #expect(drawNear(colors.fillColor(for: .disabled), 183.6, 202.85, 229.5, a: 255, tolerance: 0.8))
        #expect(colors.fillColor(for: .selected) == colors.fillColor(for: .highlighted))
        // Each derived fill keeps the tint's hue exactly.
        for state in ControlState.allCases {
            #expect(abs(colors.fillColor(for: state).hsb.hue - 0.596774) < 1e-6)
        }
        // Saturation and brightness are the reference's tables.
        let sb = ControlState.allCases.map { colors.fillColor(for: $0).hsb }
        #expect(sb.map { ($0.saturation * 100).rounded() / 100 } == [1.0, 0.7, 0.2, 0.7])
        #expect(sb.map { ($0.brightness * 100).rounded() / 100 } == [0.9, 1.0, 0.9, 1.0])
    }

    @Test func colouredTintTitles() {
        let colors = KnobColors(tint: drawTint)
        // normal: HSB(h, 1, 0.5) = (0, 0.209677, 0.5) → (0, 53.47, 127.5)
        #expect(drawNear(colors.titleColor(for: .normal), 0, 53.47, 127.5, a: 255, tolerance: 0.8))
        #expect(colors.titleColor(for: .highlighted) == colors.titleColor(for: .normal))
        #expect(colors.titleColor(for: .selected) == colors.titleColor(for: .normal))
        // disabled: HSB(h, 0.2, 0.5) = (0.4, 0.441935, 0.5) → (102, 112.69, 127.5)
        #expect(drawNear(colors.titleColor(for: .disabled), 102, 112.69, 127.5, a: 255, tolerance: 0.8))
    }

    /// #808080: r == g == b → greys, fill 0.6/0.8/0.9/0.8 = 153/204/229.5/204 and title
    /// 0.25/0.25/0.4/0.25 = 63.75/63.75/102/63.75.
    @Test func greyTint() {
        let colors = KnobColors(tint: Color(hex: "#808080")!)
        let fills = ControlState.allCases.map { colors.fillColor(for: $0) }
        let titles = ControlState.allCases.map { colors.titleColor(for: $0) }
        #expect(fills == [Color(white: 0.6), Color(white: 0.8), Color(white: 0.9), Color(white: 0.8)])
        #expect(titles == [Color(white: 0.25), Color(white: 0.25), Color(white: 0.4), Color(white: 0.25)])
        // White and black are greys too (the same tables, whatever the brightness).
        #expect(KnobColors(tint: .white).fillColor(for: .normal) == Color(white: 0.6))
        #expect(KnobColors(tint: .black).titleColor(for: .disabled) == Color(white: 0.4))
    }

    /// "Black is not really black. It comes out as a red hue": #030201 has brightness
    /// 3/255 = 0.0118 < 0.02 → greys although r ≠ g ≠ b. #060201 has brightness 6/255 =
    /// 0.0235 ≥ 0.02 → coloured: hue = ((2 − 1)/5)/6 = 0.0333, h·6 = 0.2 → sector 0, f 0.2,
    /// RGB = (v, v(1 − s(1 − f)), v(1 − s)); normal fill (s 1, v 0.9) = (0.9, 0.18, 0) →
    /// (229.5, 45.9, 0).
    @Test func nearBlackTintIsGrey() {
        let nearBlack = KnobColors(tint: Color(hex: "#030201")!)
        #expect(nearBlack.fillColor(for: .normal) == Color(white: 0.6))
        #expect(nearBlack.fillColor(for: .disabled) == Color(white: 0.9))
        #expect(nearBlack.titleColor(for: .normal) == Color(white: 0.25))
        #expect(nearBlack.titleColor(for: .disabled) == Color(white: 0.4))

        let darkRed = KnobColors(tint: Color(hex: "#060201")!)
        #expect(drawNear(darkRed.fillColor(for: .normal), 229.5, 45.9, 0, tolerance: 0.6))
        // title: s 1, v 0.5 → (0.5, 0.1, 0) = (127.5, 25.5, 0)
        #expect(drawNear(darkRed.titleColor(for: .normal), 127.5, 25.5, 0, tolerance: 0.6))
    }

    /// The tint's alpha is passed through to every derived colour (both branches).
    @Test func tintAlphaIsKept() {
        let translucent = KnobColors(tint: drawTint.withAlpha(0.5))
        for state in ControlState.allCases {
            #expect(translucent.fillColor(for: state).alpha == 0.5)
            #expect(translucent.titleColor(for: state).alpha == 0.5)
        }
        let grey = KnobColors(tint: Color(white: 0.5, alpha: 0.25))
        #expect(grey.fillColor(for: .highlighted) == Color(white: 0.8, alpha: 0.25))
        #expect(grey.titleColor(for: .disabled) == Color(white: 0.4, alpha: 0.25))
    }

    /// fillColor[index] ? fillColor[index] : fillColor[normal], and only then the tint.
    @Test func explicitColoursFallBackToNormal() {
        let red = Color(red: 1, green: 0, blue: 0), green = Color(red: 0, green: 1, blue: 0)
        let yellow = Color(red: 1, green: 1, blue: 0)
        var colors = KnobColors(tint: drawTint, fill: [.normal: red, .disabled: green], title: [.normal: yellow])
        #expect(colors.fillColor(for: .normal) == red)
        #expect(colors.fillColor(for: .highlighted) == red)      // not the tint's highlighted blue
        #expect(colors.fillColor(for: .disabled) == green)
        #expect(colors.fillColor(for: .selected) == red)
        for state in ControlState.allCases { #expect(colors.titleColor(for: state) == yellow) }

        // Only a non-normal state set: the others (normal included) are derived from the tint.
        colors = KnobColors(tint: drawTint, fill: [.highlighted: green], title: [.disabled: red])
        #expect(colors.fillColor(for: .highlighted) == green)
        #expect(colors.fillColor(for: .normal) == KnobColors(tint: drawTint).fillColor(for: .normal))
        #expect(colors.fillColor(for: .disabled) == KnobColors(tint: drawTint).fillColor(for: .disabled))
        #expect(colors.titleColor(for: .disabled) == red)
        #expect(colors.titleColor(for: .normal) == KnobColors(tint: drawTint).titleColor(for: .normal))
    }
}
