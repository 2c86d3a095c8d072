#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// Debian's CodeMirror 5 (`libjs-codemirror`), served from where the package installs it
/// rather than copied into the binary. Only the files the page loads are served, named one by
/// one: a request's path is compared with this list, never joined to a directory, so no
/// `..`, `%2e%2e`, symlink or absolute path can reach another file. Without the package the
/// page falls back to its plain text box and says how to get the editor.
package struct StudioLibrary {
    package static let root = "/usr/share/javascript/codemirror/"
    package static let prefix = "/lib/codemirror/"
    /// In the order the page loads them (each addon after the core).
    package static let scripts = [
        "lib/codemirror.js", "mode/javascript/javascript.js", "addon/edit/matchbrackets.js",
        "addon/edit/closebrackets.js", "addon/search/searchcursor.js", "addon/dialog/dialog.js",
        "addon/search/search.js", "addon/search/jump-to-line.js", "addon/hint/show-hint.js",
        "addon/selection/active-line.js",
    ]
    package static let styles = ["lib/codemirror.css", "addon/dialog/dialog.css", "addon/hint/show-hint.css"]
    static let maxFileBytes = 2 * 1024 * 1024

    package let root: String
    /// Files read once (they belong to a package and do not change while the studio runs).
    private var cache: [String: [UInt8]] = [:]

    /// `KNOB_STUDIO_CODEMIRROR` names another directory (tests: a missing package).
    package init(root: String? = nil) {
        self.root = root ?? getenv("KNOB_STUDIO_CODEMIRROR").map { String(cString: $0) + "/" } ?? Self.root
    }

    /// Whether the package is installed (its core script is there).
    package var isInstalled: Bool { access(root + Self.scripts[0], R_OK) == 0 }

    /// The answer to `GET /lib/codemirror/NAME`: the file when NAME is one of the page's, else 404.
    package mutating func response(for path: String) -> HTTPResponse {
        let name = String(path.dropFirst(Self.prefix.count))
        let type: String
        if Self.scripts.contains(name) { type = "text/javascript; charset=utf-8" }
        else if Self.styles.contains(name) { type = "text/css; charset=utf-8" }
        else { return .failure(404, "no such page: \(path)") }
        if let bytes = cache[name] { return HTTPResponse(status: 200, contentType: type, body: bytes) }
        switch RegularFile.read(root + name, limit: Self.maxFileBytes) {
        case .success(let bytes):
            cache[name] = bytes
            return HTTPResponse(status: 200, contentType: type, body: bytes)
        case .failure(let e):
            return .failure(404, "\(root + name): \(e.reason) (install libjs-codemirror for the studio's editor)")
        }
    }
}
