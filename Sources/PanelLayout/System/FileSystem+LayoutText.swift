extension FileSystem {
    /// A layout file's text as the loader reads it, nil when it cannot be read: the flight
    /// recorder keeps the layout it records under, to write it into its dump.
    public static func layoutText(_ path: String) -> String? {
        guard case .success(let bytes) = readFile(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
