import Graphics

/// The knob's fill and title colours per control state. Colours not given explicitly are
/// derived from the tint exactly as the reference's fillColorForState:/titleColorForState: do.
public struct KnobColors: Sendable, Equatable {
    public var tint: Color
    public var fill: [ControlState: Color]
    public var title: [ControlState: Color]

    public init(tint: Color, fill: [ControlState: Color] = [:], title: [ControlState: Color] = [:]) {
        self.tint = tint; self.fill = fill; self.title = title
    }

    /// A grey tint (r == g == b) or a nearly black one gets grey shades instead of hues
    /// (the reference: "black is not really black. It comes out as a red hue").
    private var tintIsGrey: Bool {
        (tint.red == tint.green && tint.green == tint.blue) || tint.hsb.brightness < 0.02
    }

    public func fillColor(for state: ControlState) -> Color {
        if let c = fill[state] ?? fill[.normal] { return c }
        let i = state.rawValue
        if tintIsGrey {
            return Color(white: [0.6, 0.8, 0.9, 0.8][i], alpha: tint.alpha)
        }
        return Color(hue: tint.hsb.hue, saturation: [1.0, 0.7, 0.2, 0.7][i],
                     brightness: [0.9, 1.0, 0.9, 1.0][i], alpha: tint.alpha)
    }

    public func titleColor(for state: ControlState) -> Color {
        if let c = title[state] ?? title[.normal] { return c }
        let i = state.rawValue
        if tintIsGrey {
            return Color(white: [0.25, 0.25, 0.4, 0.25][i], alpha: tint.alpha)
        }
        return Color(hue: tint.hsb.hue, saturation: [1.0, 1.0, 0.2, 1.0][i], brightness: 0.5, alpha: tint.alpha)
    }
}
