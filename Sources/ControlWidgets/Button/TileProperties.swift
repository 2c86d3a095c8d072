import PanelLayout

extension PropertyRule {
    /// Keys every tile-shaped control has.
    static func tileCommon(_ what: String) -> [PropertyRule] {
        [
            PropertyRule("tint", .color, doc: "Accent of the \(what); default: the theme's tint."),
            PropertyRule("fontSize", .number(min: .above(0), max: .atMost(1000)), doc: "Text size in design pixels; default: 38 % of the height, 12…32."),
            PropertyRule("enabled", .bool, default: .bool(true), doc: "A disabled \(what) ignores input and is drawn dimmed."),
            .titleFit,
        ]
    }
}
