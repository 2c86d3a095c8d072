import Graphics
import PanelLayout
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench
import ControlWidgets

/// `check`'s warnings about texts (issue 23, item 19): characters no installed font has, by
/// script and at the text's position, and label texts that do not fit their frame. Fonts
/// are explicit (DejaVu Sans, which the tests need anyway); the missing characters are
/// unassigned code points, which no font maps (tests/cli checks a Thai label under a fontconfig
/// that has DejaVu only).
@Suite struct TextWarningsTests {
    func panel(_ widgets: String) throws -> Panel {
        try PanelLoader(kinds: WidgetCatalog.kinds).parse("""
            { "panel": "Texts", "size": [400, 300], "theme": { "font": "DejaVu Sans" },
              "pages": [ { "id": "main", "widgets": [
            \(widgets)
              ] } ] }
            """, file: "texts.json").get()
    }

    @Test func scriptsAreNamed() {
        #expect(UnicodeScript.name(of: "ส") == "Thai")
        #expect(UnicodeScript.name(of: "ب") == "Arabic")
        #expect(UnicodeScript.name(of: "A") == "Latin")
        #expect(UnicodeScript.name(of: "音") == "CJK (Han)")
        #expect(UnicodeScript.name(of: "\u{3FFF0}") == "unassigned")
    }

    @Test func charactersNoFontHasAreReportedWhereTheyAre() throws {
        let p = try panel("""
                { "id": "ok", "type": "label", "text": "Volume", "frame": [0, 0, 400, 40] },
                { "id": "boxes", "type": "label", "text": "A\u{3FFF0}\u{3FFF1}", "frame": [0, 50, 400, 40] },
                { "id": "mode", "type": "segmented", "titles": ["One", "\u{3FFF2}"], "frame": [0, 100, 400, 60] }
            """)
        let warnings = TextWarnings.warnings(p)
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.isWarning })
        let label = try #require(warnings.first)
        #expect(label.location == PanelLayout.SourceLocation(line: 4, column: 47))   // the "text" value
        #expect(label.description.hasPrefix("texts.json:4:47: warning: label 'boxes': 'text' has 2 unassigned characters no installed font has (U+3FFF0"))
        #expect(warnings.last?.description.contains("segmented 'mode': 'titles' has 1 unassigned character") == true)
    }

    @Test func aLabelTooSmallForItsTextIsReported() throws {
        // 24 px DejaVu Sans: about 14 px a character, 28 px a line; 30 px holds one line.
        let p = try panel("""
                { "id": "fits", "type": "label", "text": "Living room", "fontSize": 24, "frame": [0, 0, 400, 30] },
                { "id": "cut", "type": "label", "text": "Living room temperature", "fontSize": 24, "frame": [0, 40, 160, 30] }
            """)
        let warnings = TextWarnings.warnings(p)
        #expect(warnings.count == 1)
        #expect(warnings.first?.message.hasPrefix("label 'cut': its text does not fit its 160×30 frame at fontSize 24: it needs") == true)
        #expect(warnings.first?.location.line == 4)
    }
}
