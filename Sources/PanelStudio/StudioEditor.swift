import Graphics
import PanelLayout
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelCore
import PanelProtocol
import PanelSystem
import ControlWidgets

/// The studio's editor side: the layout file's text with `check`'s diagnostics (the same
/// `FILE:LINE:COLUMN: error: message` lines the command line prints, plus line and column
/// apart for the page), a check of unsaved text, and Save: the file is replaced atomically
/// (FileReplacer) and hot-reloaded; a file with errors is saved but the running panel stays,
/// as with any reload, and the reply carries the positions.
package struct StudioEditor {
    package let path: String
    package let controller: PanelController
    package static let maxFileBytes = 1024 * 1024

    package func file() -> HTTPResponse {
        let bytes: [UInt8]
        switch RegularFile.read(path, limit: Self.maxFileBytes) {
        case .success(let b): bytes = b
        case .failure(let e): return .failure(500, "cannot read '\(path)': \(e.reason)")
        }
        var w = JSONLineWriter()
        w.add("path", path)
        w.add("text", String(decoding: bytes, as: UTF8.self))
        w.addRaw("diagnostics", diagnosticsJSON(bytes))
        return .json(w.line)
    }

    package func check(_ body: [UInt8]) -> HTTPResponse {
        var w = JSONLineWriter()
        let d = diagnostics(body)
        w.add("ok", !d.contains { !$0.isWarning })
        w.addRaw("diagnostics", Self.json(d))
        return .json(w.line)
    }

    package func save(_ body: [UInt8], at time: Double) -> HTTPResponse {
        let d = diagnostics(body)
        if case .failure(let e) = FileReplacer.replace(path, with: body) {
            return .failure(500, "cannot save '\(path)': \(e)")
        }
        // The reload's own events (reloaded / reloadFailed) reach every page's event list.
        let reloadErrors = controller.reloader?.reload(at: time) ?? ["reload is not available"]
        let ok = reloadErrors.isEmpty
        var w = JSONLineWriter()
        w.add("ok", ok)
        w.add("saved", true)
        w.add("reloaded", ok)
        w.addRaw("diagnostics", Self.json(d))
        if !ok && !d.contains(where: { !$0.isWarning }) {
            // Not a check error (a rotation change): say it as the reload did.
            w.addRaw("errors", "[" + reloadErrors.map(JSONLineWriter.quote).joined(separator: ",") + "]")
        }
        return .json(w.line, status: ok ? 200 : 422)
    }

    private func diagnostics(_ bytes: [UInt8]) -> [LayoutDiagnostic] {
        let dir = FileReplacer.directory(of: path)
        switch PanelLoader(kinds: WidgetCatalog.kinds).parse(bytes: bytes, file: path, baseDirectory: dir, imageDecoder: Picture.decodingProblem(path:)) {
        case .success: return []
        case .failure(let e): return e.diagnostics
        }
    }

    private func diagnosticsJSON(_ bytes: [UInt8]) -> String { Self.json(diagnostics(bytes)) }

    package static func json(_ diagnostics: [LayoutDiagnostic]) -> String {
        "[" + diagnostics.map { d in
            var w = JSONLineWriter()
            w.add("line", d.location.line); w.add("column", d.location.column)
            w.add("severity", d.isWarning ? "warning" : "error")
            w.add("message", d.message)
            w.add("text", d.description)
            return w.line
        }.joined(separator: ",") + "]"
    }
}
