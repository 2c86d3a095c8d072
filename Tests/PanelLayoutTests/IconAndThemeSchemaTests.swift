import Foundation
import Testing
@testable import PanelLayout
import ControlWidgets

/// `icon: "mdi:NAME"` on the widgets that draw one, checked against the icon font's names;
/// `theme` as a preset name or an object of tokens.
@Suite struct IconAndThemeSchemaTests {
    static func file(_ widget: String, theme: String = "") -> String {
        """
        {"panel": "P", "size": [800, 480],\(theme.isEmpty ? "" : " \"theme\": \(theme),")
        "pages": [{"id": "p", "widgets": [
        \(widget)]}]}
        """
    }

    /// The table generated from the SVG font holds what the font's SVG says (checked by
    /// hand: <glyph glyph-name="lightbulb" unicode="&#xF335;">, "power" F425).
    @Test func namesMapToTheFontsCodePoints() {
        #expect(MaterialDesignIcons.codePoint("lightbulb") == 0xF335)
        #expect(MaterialDesignIcons.codePoint("power") == 0xF425)
        #expect(MaterialDesignIcons.codePoint("thermometer") == 0xF50F)
        #expect(MaterialDesignIcons.codePoint("volume-high") == 0xF57E)
        #expect(MaterialDesignIcons.codePoint("lightbulb-on") == nil)   // newer than Debian's 1.6.50
        #expect(MaterialDesignIcons.names.count == 1650)
        #expect(MaterialDesignIcons.scalar(for: "mdi:lightbulb") == Unicode.Scalar(0xF335))
    }

    @Test(arguments: [
        #"{"id": "b", "type": "button", "icon": "mdi:power", "frame": [0, 0, 100, 100]}"#,
        #"{"id": "t", "type": "toggle", "title": "Fan", "icon": "mdi:fan", "frame": [0, 0, 200, 80]}"#,
        #"{"id": "l", "type": "label", "text": "21 °C", "icon": "mdi:thermometer", "frame": [0, 0, 200, 80]}"#,
        #"{"id": "l", "type": "label", "icon": "mdi:thermometer", "frame": [0, 0, 200, 80]}"#,
        #"{"id": "i", "type": "indicator", "icon": "mdi:fire", "frame": [0, 0, 80, 80]}"#,
        #"{"id": "s", "type": "segmented", "titles": ["Off", "Low", ""], "icons": [null, "mdi:fan", "mdi:fan"], "frame": [0, 0, 300, 80]}"#,
    ])
    func iconsLoad(_ widget: String) throws {
        let p = try #require(panel(Self.file(widget)), "\(diagnostics(Self.file(widget)))")
        let w = p.pages[0].widgets[0]
        #expect(w.string("icon").map(MaterialDesignIcons.isIconReference) ?? (w.value("icons") != nil))
    }

    /// An unknown name is an error at the value, with the closest name; a Home Assistant name
    /// newer than the font gets its neighbour.
    @Test(arguments: [
        ("mdi:lightbuld", "unknown icon 'mdi:lightbuld' (did you mean 'mdi:lightbulb'?)"),
        ("mdi:lightbulb-on", "unknown icon 'mdi:lightbulb-on' (did you mean 'mdi:lightbulb'?)"),
        ("mdi:powr", "(did you mean 'mdi:power'?)"),
    ])
    func unknownIconNamesAreErrorsWithASuggestion(_ name: String, _ fragment: String) {
        let text = Self.file(#"{"id": "b", "type": "button", "icon": "\#(name)", "frame": [0, 0, 100, 100]}"#)
        let found = diagnostics(text)
        #expect(found.count == 1, "\(found)")
        guard let d = found.first else { return }
        #expect(d.location == PanelLayout.SourceLocation(line: 3, column: 39), "\(d)")
        #expect(d.message.hasPrefix("'icon': ") && d.message.contains(fragment), "\(d)")
        #expect(d.message.contains("1.6.50"), "says which font version it knows: \(d)")
    }

    @Test func moreIconsThanSegmentsIsAnError() {
        let text = Self.file(#"{"id": "s", "type": "segmented", "titles": ["A", "B"], "icons": ["mdi:fan", "mdi:fan", "mdi:fan"], "frame": [0, 0, 300, 80]}"#)
        #expect(diagnostics(text).contains { $0.message.contains("'icons': 3 icons for 2 titles") })
    }

    /// A path that is not `mdi:` is still an image path (checked as one).
    @Test func anIconThatIsNotMdiIsAnImagePath() {
        let text = Self.file(#"{"id": "b", "type": "button", "icon": "missing.png", "frame": [0, 0, 100, 100]}"#)
        #expect(diagnostics(text).contains { $0.message.contains("cannot read image file 'missing.png'") })
    }

    // MARK: themes

    @Test func themeByName() throws {
        let light = try #require(panel(Self.file(#"{"id": "t", "type": "label", "text": "x", "frame": [0, 0, 10, 10]}"#, theme: #""light""#)))
        #expect(light.theme == Theme(base: .light))
        #expect(light.theme.base == .light && light.theme.knobStyle == .flat)
        #expect(light.theme.surface.hexString == "#ffffff" && light.theme.textColor.hexString == "#1b1e24")
        let dark = try #require(panel(Self.file(#"{"id": "t", "type": "label", "text": "x", "frame": [0, 0, 10, 10]}"#, theme: #""dark""#)))
        // The dark preset is the look the panel had before themes (Theme()).
        #expect(dark.theme == Theme(base: .dark) && dark.theme == Theme())
    }

    @Test func themeObjectOverridesTokensOfItsBase() throws {
        let theme = ##"{"base": "light", "accent": "#e0782a", "tint": "#000000", "muted": "#445566", "danger": "#ff0000", "knobStyle": "satin", "captionSize": 16, "captionPlacement": "inside"}"##
        let p = try #require(panel(Self.file(#"{"id": "t", "type": "label", "text": "x", "frame": [0, 0, 10, 10]}"#, theme: theme)))
        #expect(p.theme.base == .light)
        #expect(p.theme.accent.hexString == "#e0782a", "accent wins over its older name tint")
        #expect(p.theme.muted.hexString == "#445566" && p.theme.danger.hexString == "#ff0000")
        #expect(p.theme.surface == Theme(base: .light).surface, "tokens it does not name stay the base's")
        #expect(p.theme.knobStyle == .satin && p.theme.captionSize == 16 && p.theme.captionPlacement == .inside)
        #expect(p.theme.token("danger")?.hexString == "#ff0000" && p.theme.token("accent")?.hexString == "#e0782a")
    }

    @Test func unknownThemeNameIsAnError() {
        let found = diagnostics(Self.file(#"{"id": "t", "type": "label", "text": "x", "frame": [0, 0, 10, 10]}"#, theme: #""lihgt""#))
        #expect(found.contains { $0.message.contains("unknown value 'lihgt' (did you mean 'light'?)") }, "\(found)")
    }

    @Test func knobStyleAndCaptionKeysAreChecked() {
        let found = diagnostics(Self.file(#"{"id": "k", "type": "knob", "style": "glossy", "captionPlacement": "above", "frame": [0, 0, 100, 100]}"#))
        #expect(found.contains { $0.message.contains("'style': unknown value 'glossy'") }, "\(found)")
        #expect(found.contains { $0.message.contains("'captionPlacement': unknown value 'above'") }, "\(found)")
    }
}
