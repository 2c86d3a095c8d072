/// Reads layout files: JSON syntax, then the schema, then placement, for the widget types
/// of `kinds` (the caller's catalog, `WidgetCatalog.kinds`; this module knows none itself).
public struct PanelLoader: Sendable {
    public let kinds: WidgetKinds

    public init(kinds: WidgetKinds) { self.kinds = kinds }

    /// Reads and checks the file at `path`. Image paths resolve against the file's directory.
    /// An unreadable file gives `PATH:1:1: error: cannot read file: <strerror>`.
    /// `imageDecoder` decodes each image file fully and says why one fails (nil: it decodes);
    /// pass one (the command line does) so that a damaged PNG fails the check, not the render.
    public func load(path: String, imageDecoder: ((String) -> String?)? = nil) -> Result<Panel, LayoutErrors> {
        switch FileSystem.readFile(path) {
        case .failure(let error):
            return .failure(LayoutErrors(diagnostics: [
                LayoutDiagnostic(file: path, location: SourceLocation(line: 1, column: 1), message: "cannot read file: \(error.message)"),
            ]))
        case .success(let bytes):
            return parse(bytes: bytes, file: path, baseDirectory: FileSystem.directory(of: path), imageDecoder: imageDecoder)
        }
    }

    /// Checks layout bytes (UTF-8), read in place: memory stays proportional to the file.
    public func parse(bytes: [UInt8], file: String, baseDirectory: String = ".",
                             imageDecoder: ((String) -> String?)? = nil) -> Result<Panel, LayoutErrors> {
        check(JSONReader.parse(bytes: bytes), file: file, baseDirectory: baseDirectory, imageDecoder: imageDecoder)
    }

    /// Checks layout text. `file` names it in diagnostics (and becomes `Panel.sourcePath`);
    /// image paths resolve against `baseDirectory`.
    public func parse(_ text: String, file: String, baseDirectory: String = ".",
                             imageDecoder: ((String) -> String?)? = nil) -> Result<Panel, LayoutErrors> {
        check(JSONReader.parse(text), file: file, baseDirectory: baseDirectory, imageDecoder: imageDecoder)
    }

    private func check(_ parsed: Result<JSONNode, JSONSyntaxError>, file: String, baseDirectory: String,
                              imageDecoder: ((String) -> String?)?) -> Result<Panel, LayoutErrors> {
        let root: JSONNode
        switch parsed {
        case .failure(let error):
            return .failure(LayoutErrors(diagnostics: [
                LayoutDiagnostic(file: file, location: error.location, message: error.message),
            ]))
        case .success(let node):
            root = node
        }
        let checker = PanelChecker(file: file, baseDirectory: baseDirectory, kinds: kinds)
        checker.imageDecoder = imageDecoder
        let panel = checker.checkPanel(root, sourcePath: file)
        if var panel, checker.diagnostics.isEmpty {
            panel.warnings = checker.warnings   // in file order: widgets are checked in order
            return .success(panel)
        }
        var diagnostics = checker.sortedDiagnostics
        if diagnostics.isEmpty {
            diagnostics = [LayoutDiagnostic(file: file, location: root.location, message: "invalid panel")]
        }
        return .failure(LayoutErrors(diagnostics: diagnostics))
    }
}
