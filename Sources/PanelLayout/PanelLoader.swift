/// Reads layout files: JSON syntax, then the schema, then placement.
public enum PanelLoader {
    /// Reads and checks the file at `path`. Image paths resolve against the file's directory.
    /// An unreadable file gives `PATH:1:1: error: cannot read file: <strerror>`.
    public static func load(path: String) -> Result<Panel, LayoutErrors> {
        switch FileSystem.readFile(path) {
        case .failure(let error):
            return .failure(LayoutErrors(diagnostics: [
                LayoutDiagnostic(file: path, location: SourceLocation(line: 1, column: 1), message: "cannot read file: \(error.message)"),
            ]))
        case .success(let bytes):
            return parse(String(decoding: bytes, as: UTF8.self), file: path, baseDirectory: FileSystem.directory(of: path))
        }
    }

    /// Checks layout text. `file` names it in diagnostics (and becomes `Panel.sourcePath`);
    /// image paths resolve against `baseDirectory`.
    public static func parse(_ text: String, file: String, baseDirectory: String = ".") -> Result<Panel, LayoutErrors> {
        let root: JSONNode
        switch JSONReader.parse(text) {
        case .failure(let error):
            return .failure(LayoutErrors(diagnostics: [
                LayoutDiagnostic(file: file, location: error.location, message: error.message),
            ]))
        case .success(let node):
            root = node
        }
        let checker = PanelChecker(file: file, baseDirectory: baseDirectory)
        let panel = checker.checkPanel(root, sourcePath: file)
        if let panel, checker.diagnostics.isEmpty {
            return .success(panel)
        }
        var diagnostics = checker.sortedDiagnostics
        if diagnostics.isEmpty {
            diagnostics = [LayoutDiagnostic(file: file, location: root.location, message: "invalid panel")]
        }
        return .failure(LayoutErrors(diagnostics: diagnostics))
    }
}
