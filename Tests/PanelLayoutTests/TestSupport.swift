import Testing
@testable import PanelLayout
import ControlWidgets

/// Diagnostics of a text that must fail to load.
func diagnostics(_ text: String, file: String = "t.json", baseDirectory: String = ".") -> [LayoutDiagnostic] {
    switch PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: file, baseDirectory: baseDirectory) {
    case .success:
        return []
    case .failure(let errors):
        return errors.diagnostics
    }
}

/// The panel of a text that must load; records an issue with every diagnostic otherwise.
func panel(_ text: String, file: String = "t.json", baseDirectory: String = ".",
           sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Panel? {
    switch PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: file, baseDirectory: baseDirectory) {
    case .success(let panel):
        return panel
    case .failure(let errors):
        Issue.record("unexpected errors:\n\(errors)", sourceLocation: sourceLocation)
        return nil
    }
}

/// A panel file whose third line is `widgetLine` (the only widget of the only page).
func fileWithWidget(_ widgetLine: String) -> String {
    """
    {"panel": "T", "size": [1280, 800],
    "pages": [{"id": "p", "widgets": [
    \(widgetLine)
    ]}]}
    """
}
