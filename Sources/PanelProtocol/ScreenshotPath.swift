import PanelLayout

/// Where a screenshot asked for over the socket, MQTT or the studio may be written. Those
/// clients can be other users than the panel's (the socket is group-accessible), so they
/// must not make the panel overwrite its own files or anyone else's: their paths resolve
/// inside one directory (`run --screenshot-dir`), with `..` and links out of it refused.
public enum ScreenshotPath {
    public struct Refusal: Error { public let message: String }

    public static func resolve(_ requested: String, inside directory: String?) -> Result<String, Refusal> {
        guard let directory else {
            return .failure(Refusal(message: "screenshots from this client are off (start the panel with --screenshot-dir DIR)"))
        }
        guard let root = FileSystem.canonicalPath(directory) else {
            return .failure(Refusal(message: "the screenshot directory '\(directory)' does not exist"))
        }
        let path = requested.hasPrefix("/") ? requested : root + "/" + requested
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = parts.last, name != "..", name != ".", !requested.isEmpty else {
            return .failure(Refusal(message: "'\(LineError.excerpt(requested))' is not a file name"))
        }
        let parent = "/" + parts.dropLast().joined(separator: "/")
        // The parent as the kernel sees it (links resolved): it must be the directory or in it.
        guard let realParent = FileSystem.canonicalPath(parent), realParent == root || realParent.hasPrefix(root == "/" ? "/" : root + "/") else {
            return .failure(Refusal(message: "screenshots from this client go inside \(root) (--screenshot-dir); '\(LineError.excerpt(requested))' is outside it"))
        }
        return .success(realParent + "/" + name)
    }
}
