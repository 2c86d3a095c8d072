/// Panel-wide look. Widgets fall back to these when they set nothing of their own.
public struct Theme: Sendable, Equatable {
    public var tint: RGBA
    /// One colour (flat) or two (vertical gradient, top to bottom).
    public var background: [RGBA]
    public var font: String
    public var textColor: RGBA

    public static let defaultTint = RGBA(hex: "#007aff")!
    public static let defaultBackground = [RGBA(hex: "#1b1f27")!, RGBA(hex: "#0d0f14")!]
    public static let defaultFont = "DejaVu Sans"
    public static let defaultTextColor = RGBA(hex: "#e8ecf2")!

    public init(tint: RGBA = Theme.defaultTint, background: [RGBA] = Theme.defaultBackground,
                font: String = Theme.defaultFont, textColor: RGBA = Theme.defaultTextColor) {
        self.tint = tint
        self.background = background
        self.font = font
        self.textColor = textColor
    }
}

/// One page of widgets; the panel shows one page at a time.
public struct Page: Sendable {
    public var id: String
    public var title: String
    public var widgets: [WidgetSpec]
    /// The grid in effect for this page (its own, else the panel's), if any.
    public var grid: GridLayout?
    /// Position of the page object's opening brace.
    public var location: SourceLocation

    public init(id: String, title: String, widgets: [WidgetSpec], grid: GridLayout? = nil,
                location: SourceLocation = SourceLocation(line: 1, column: 1)) {
        self.id = id
        self.title = title
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
    /// The screen's visible area in millimetres as the panel is seen (`physicalSize`), if given.
    public var physicalSize: (width: Double, height: Double)?

    public init(name: String, designWidth: Int, designHeight: Int, theme: Theme = Theme(), pages: [Page],
                sourcePath: String, rotation: Int = 0) {
        self.name = name
        self.designWidth = designWidth
        self.designHeight = designHeight
        self.theme = theme
        self.pages = pages
        self.sourcePath = sourcePath
        self.rotation = rotation
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
