import Formatting

/// Panel-wide look: named colour tokens every widget draws from (ThemeTokens.swift has the
/// `dark` and `light` presets), so `"theme": "light"` restyles the whole panel; a widget's own
/// colours still override them. `tint` is the accent token and `textColor` the text token
/// (their older names, kept for the code that reads them).
public struct Theme: Sendable, Equatable {
    /// The preset the tokens started from.
    public var base: ThemeBase
    /// The accent (`accent`, older name `tint`): values, selections, "on".
    public var tint: RGBA
    /// One colour (flat) or two (vertical gradient, top to bottom).
    public var background: [RGBA]
    public var font: String
    /// Text on the background (`text`, older name `textColor`).
    public var textColor: RGBA
    /// Tiles, wells and flat knob discs: one step up from the background.
    public var surface: RGBA
    /// Captions, tick labels, secondary text.
    public var muted: RGBA
    /// The unfilled part of arcs and tracks.
    public var track: RGBA
    public var danger: RGBA
    public var success: RGBA
    public var warning: RGBA
    /// How knobs are finished unless they say (`style`).
    public var knobStyle: KnobStyle
    /// Captions of round widgets (knobs, circular sliders, dials): size in design pixels
    /// (nil: derived from the widget's size) and place, unless the widget says.
    public var captionSize: Double?
    public var captionPlacement: CaptionPlacement?

    public static let defaultTint = RGBA(hex: "#007aff")!
    public static let defaultBackground = [RGBA(hex: "#1b1f27")!, RGBA(hex: "#0d0f14")!]
    public static let defaultFont = "DejaVu Sans"
    public static let defaultTextColor = RGBA(hex: "#e8ecf2")!

    public init(tint: RGBA = Theme.defaultTint, background: [RGBA] = Theme.defaultBackground,
                font: String = Theme.defaultFont, textColor: RGBA = Theme.defaultTextColor) {
        let preset = ThemeBase.dark.tokens
        self.base = .dark
        self.tint = tint
        self.background = background
        self.font = font
        self.textColor = textColor
        surface = preset.surface; muted = preset.muted; track = preset.track
        danger = preset.danger; success = preset.success; warning = preset.warning
        knobStyle = preset.knobStyle
    }

    /// The preset's tokens, as `"theme": "light"` gives them.
    public init(base: ThemeBase) {
        let t = base.tokens
        self.init(tint: t.accent, background: t.background, font: Theme.defaultFont, textColor: t.text)
        self.base = base
        surface = t.surface; muted = t.muted; track = t.track
        danger = t.danger; success = t.success; warning = t.warning
        knobStyle = t.knobStyle
    }

    public var accent: RGBA { get { tint } set { tint = newValue } }
    public var text: RGBA { get { textColor } set { textColor = newValue } }
}

/// One page of widgets; the panel shows one page at a time.
public struct Page: Sendable {
    public enum Role: String, Sendable { case page, right }

    public var id: String
    public var title: String
    /// The resolved path of the page's menu icon, if any.
    public var icon: String?
    /// `right`: the drawer's right view rather than a page of the menu.
    public var role: Role
    public var widgets: [WidgetSpec]
    /// The grid in effect for this page (its own, else the panel's), if any.
    public var grid: GridLayout?
    /// Position of the page object's opening brace.
    public var location: SourceLocation

    public init(id: String, title: String, widgets: [WidgetSpec], grid: GridLayout? = nil,
                location: SourceLocation = SourceLocation(line: 1, column: 1), icon: String? = nil, role: Role = .page) {
        self.id = id
        self.title = title
        self.icon = icon
        self.role = role
        self.widgets = widgets
        self.grid = grid
        self.location = location
    }
}

/// A whole layout file, checked and placed.
public struct Panel: Sendable {
    public var name: String
    /// The size the layout is designed for, in design pixels; `Letterbox` maps it to a screen.
    public var designWidth: Int
    public var designHeight: Int
    public var theme: Theme
    public var pages: [Page]
    /// The path the panel was loaded from (or the `file` name given to `parse`).
    public var sourcePath: String
    /// Clockwise rotation of the design on the physical screen, in degrees: 0, 90, 180 or 270.
    public var rotation: Int
    /// Whether the file says `rotation` (even 0): then a screen's own `panel orientation`
    /// (a tablet panel mounted sideways, as KMS reports it) does not turn the panel.
    public var rotationIsExplicit = false
    /// The screen's visible area in millimetres as the panel is seen (`physicalSize`), if given.
    public var physicalSize: (width: Double, height: Double)?
    /// The touch calibration matrix `[a, b, c, d, e, f]` (libinput's convention), if given.
    public var touchCalibration: [Double]?
    /// The file's `drawer` settings (checked); nil when it has none.
    public var drawer: DrawerSpec?
    /// The file's `screen` rules (defaults: the screen stays on).
    public var screen = ScreenSettings()
    /// The file's `sound` (default: silent).
    public var sound = SoundSettings()
    /// How numbers are written on screen (`locale`): the decimal separator.
    public var locale = NumberLocale.standard
    /// What `check` warns about in the file itself (a deprecated key), in file order; the
    /// commands that load a panel print them to stderr. Touch targets are `TouchTargets`'.
    public var warnings: [LayoutDiagnostic] = []

    /// Whether the panel has a page drawer: it says so, or it has more than one page.
    public var hasDrawer: Bool { drawer != nil || pages.count > 1 }

    public init(name: String, designWidth: Int, designHeight: Int, theme: Theme = Theme(), pages: [Page],
                sourcePath: String, rotation: Int = 0, drawer: DrawerSpec? = nil) {
        self.name = name
        self.designWidth = designWidth
        self.designHeight = designHeight
        self.theme = theme
        self.pages = pages
        self.sourcePath = sourcePath
        self.rotation = rotation
        self.drawer = drawer
    }

    /// The first widget with this id on any page, with its page.
    public func widget(id: String) -> (page: Page, widget: WidgetSpec)? {
        for page in pages {
            if let w = page.widgets.first(where: { $0.id == id }) { return (page, w) }
        }
        return nil
    }

    public func page(id: String) -> Page? {
        pages.first { $0.id == id }
    }
}

/// The checked `drawer` object: values the file sets, falling back to the schema's defaults.
public struct DrawerSpec: Sendable {
    public var properties: [String: LayoutValue]

    public init(properties: [String: LayoutValue] = [:]) { self.properties = properties }

    public func value(_ key: String) -> LayoutValue? {
        properties[key] ?? PanelSchema.drawer.property(named: key)?.defaultValue
    }
    public func number(_ key: String) -> Double? { value(key)?.numberValue }
    public func bool(_ key: String) -> Bool? { value(key)?.boolValue }
    public func string(_ key: String) -> String? { value(key)?.stringValue }
    public func numbers(_ key: String) -> [Double]? { value(key)?.arrayValue?.compactMap(\.numberValue) }
    public func color(_ key: String) -> RGBA? { string(key).flatMap(RGBA.init(hex:)) }
}
