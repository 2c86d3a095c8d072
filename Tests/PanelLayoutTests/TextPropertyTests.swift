import Testing
@testable import PanelLayout
import Formatting

/// `locale` (panel and widget) and a label's `fit`.
@Suite struct TextPropertyTests {
    @Test func panelLocaleIsRead() throws {
        let p = try #require(panel("""
            {"panel": "T", "size": [100, 100], "locale": "de-AT",
            "pages": [{"id": "p", "widgets": []}]}
            """))
        #expect(p.locale.decimalSeparator == "," && p.locale.identifier == "de-AT")
        let english = try #require(panel(#"{"panel": "T", "size": [100, 100], "pages": [{"id": "p", "widgets": []}]}"#))
        #expect(english.locale == NumberLocale.standard)
    }

    /// An unknown language is an error at its value (column 46: the quote after `"locale": `).
    @Test func unknownLocaleIsAnError() {
        let d = diagnostics("""
            {"panel": "T", "size": [100, 100], "locale": "klingon",
            "pages": [{"id": "p", "widgets": []}]}
            """)
        #expect(d.count == 1)
        #expect(d.first?.message.hasPrefix("'locale': unknown locale 'klingon'") == true, "\(d)")
        #expect(d.first?.location == SourceLocation(line: 1, column: 46))
    }

    @Test func widgetLocaleAndFit() throws {
        let p = try #require(panel(fileWithWidget(
            #"{"id": "t", "type": "label", "text": "x", "fit": "shrink", "locale": "fr", "frame": [0, 0, 9, 9]}"#)))
        #expect(p.pages[0].widgets[0].string("fit") == "shrink")
        let d = diagnostics(fileWithWidget(#"{"id": "t", "type": "knob", "range": [0, 1], "locale": "xx", "frame": [0, 0, 9, 9]}"#))
        #expect(d.count == 1 && d.first?.message.hasPrefix("'locale': unknown locale 'xx'") == true, "\(d)")
        let fit = diagnostics(fileWithWidget(#"{"id": "t", "type": "label", "text": "x", "fit": "elipsis", "frame": [0, 0, 9, 9]}"#))
        #expect(fit.first?.message.contains("did you mean 'ellipsis'") == true, "\(fit)")
    }
}
