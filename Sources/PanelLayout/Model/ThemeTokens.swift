/// The two presets a layout names with `"theme": "dark"` or `"light"`.
public enum ThemeBase: String, Sendable, CaseIterable {
    case dark, light

    /// Every token of the preset. Dark is the panel's look before themes (its colours are
    /// those the widgets derived by themselves), light a daylight counterpart with the same
    /// contrast rules (text ≥ 7:1, muted ≥ 4.5:1 on the surface).
    public var tokens: ThemeTokens {
        switch self {
        case .dark:
            ThemeTokens(background: [Theme.defaultBackground[0], Theme.defaultBackground[1]], surface: hex("#292e38"),
                        text: Theme.defaultTextColor, muted: hex("#8e97a8"), accent: Theme.defaultTint, track: hex("#2b303d"),
                        danger: hex("#ff453a"), success: hex("#30d158"), warning: hex("#ffb340"), knobStyle: .satin)
        case .light:
            ThemeTokens(background: [hex("#f5f6f8"), hex("#e4e7ec")], surface: hex("#ffffff"),
                        text: hex("#1b1e24"), muted: hex("#5f6673"), accent: hex("#0a66d8"), track: hex("#d3d8e0"),
                        danger: hex("#d70015"), success: hex("#1f8a3b"), warning: hex("#b35c00"), knobStyle: .flat)
        }
    }

    private func hex(_ s: String) -> RGBA { RGBA(hex: s)! }
}

/// A preset's colours (Theme holds them, with what the file overrides).
public struct ThemeTokens: Sendable, Equatable {
    public var background: [RGBA]
    public var surface: RGBA
    public var text: RGBA
    public var muted: RGBA
    public var accent: RGBA
    public var track: RGBA
    public var danger: RGBA
    public var success: RGBA
    public var warning: RGBA
    public var knobStyle: KnobStyle

    /// The colour tokens by the names the layout file uses (theme keys, and a widget colour
    /// may name one instead of a hex value: `"tint": "danger"`).
    public static let colorNames = ["background", "surface", "text", "muted", "accent", "track", "danger", "success", "warning"]
}

/// How a generated knob is finished (`style` on a knob, `knobStyle` in the theme).
public enum KnobStyle: String, Sendable, CaseIterable {
    /// A tinted disc with a soft sheen and bevelled rim (the panel's look before themes).
    case satin
    /// The reference's plain tinted disc.
    case plain
    /// No gloss: a disc of the surface colour, a thin accent ring and pointer, the value in
    /// the text colour (a thermostat or a hi-fi's knob rather than a glossy ball).
    case flat
}

/// Where a round widget's caption goes.
public enum CaptionPlacement: String, Sendable, CaseIterable {
    /// Under the widget, centred.
    case below
    /// Inside the ring, under the value.
    case inside
    case none
}

extension Theme {
    /// A colour token by its layout name.
    public func token(_ name: String) -> RGBA? {
        switch name {
        case "background": background.last
        case "surface": surface
        case "text": textColor
        case "muted": muted
        case "accent": tint
        case "track": track
        case "danger": danger
        case "success": success
        case "warning": warning
        default: nil
        }
    }
}
