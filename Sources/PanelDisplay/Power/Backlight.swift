#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// A display backlight in sysfs (`/sys/class/backlight/NAME`): dims and switches off the
/// screen's light, and puts the brightness it found back when the panel exits.
///
/// `sysfsRoot` ("" for the real system) lets tests use a fake directory tree
/// (`KNOB_PANEL_SYSFS`): `ROOT/sys/class/backlight/NAME/{brightness,max_brightness,type}`.
public final class Backlight {
    public let path: String
    public let maxBrightness: Int
    /// The brightness when the panel took the backlight; written back by `restore()`.
    public let original: Int
    public private(set) var current: Int
    /// Write failures (one message each), for the caller to report.
    public private(set) var errors: [String] = []

    public init(path: String) throws(DisplayError) {
        guard let max = Backlight.readInt("\(path)/max_brightness"), max > 0 else {
            throw DisplayError(.system, "\(path) is not a backlight (no readable max_brightness)")
        }
        guard let now = Backlight.readInt("\(path)/brightness") else {
            throw DisplayError(.system, "cannot read \(path)/brightness")
        }
        self.path = path
        maxBrightness = max
        original = Swift.min(Swift.max(now, 0), max)
        current = original
    }

    /// Sets the light to a fraction of the brightness the panel found (its "full"): 0 turns
    /// it off; a dim level never rounds down to off.
    public func set(fraction: Double) {
        let f = fraction.isFinite ? Swift.min(Swift.max(fraction, 0), 1) : 1
        var value = Int((Double(original) * f).rounded())
        if f > 0 && value == 0 { value = Swift.min(1, original) }
        write(value)
    }

    /// Puts back the brightness the panel found.
    public func restore() { write(original) }

    private func write(_ value: Int) {
        guard value != current else { return }
        let file = "\(path)/brightness"
        let fd = open(file, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_TRUNC)
        guard fd >= 0 else { errors.append("cannot open \(file): \(String(cString: strerror(errno)))"); return }
        defer { close(fd) }
        let text = Array("\(value)\n".utf8)
        let n = text.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        if n != text.count { errors.append("cannot write \(file): \(String(cString: strerror(errno)))"); return }
        current = value
    }

    package static func readInt(_ path: String) -> Int? {
        readLine(path).flatMap { Int($0) }
    }

    package static func readLine(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: 256)
        let n = read(fd, &buf, buf.count)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n], as: UTF8.self).trimmingCharacters(in: " \t\n")
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}

/// Which backlight lights a connector's screen, chosen the way systemd-backlight ranks them.
public enum BacklightFinder {
    /// Connector types built into the device (a laptop's or a panel PC's own screen); a
    /// backlight that is not tied to the card is taken only for these.
    package static let internalConnectors = ["eDP", "LVDS", "DSI", "DPI"]
    /// systemd-backlight's preference: firmware (ACPI) before platform before raw.
    package static let typeRank = ["firmware": 0, "platform": 1, "raw": 2]

    /// The backlight directory for `connector` (e.g. "eDP-1") of `card` (e.g. "card0"), or nil.
    /// 1. one that sits under the connector (`/sys/class/drm/card0-eDP-1/intel_backlight`);
    /// 2. one whose device is the card's device (amdgpu_bl0 under the GPU);
    /// 3. for a built-in screen: the best by type (firmware, platform, raw), or the only one.
    public static func find(card: String, connector: String, sysfsRoot: String = "") -> String? {
        let classDir = "\(sysfsRoot)/sys/class/backlight"
        let names = entries(classDir).sorted()
        guard !names.isEmpty else { return nil }
        let connectorDir = "\(sysfsRoot)/sys/class/drm/\(card)-\(connector)"
        if let under = names.first(where: { exists("\(connectorDir)/\($0)") }) { return "\(classDir)/\(under)" }
        if let cardDevice = resolved("\(sysfsRoot)/sys/class/drm/\(card)/device"),
           let same = names.first(where: { resolved("\(classDir)/\($0)/device") == cardDevice }) {
            return "\(classDir)/\(same)"
        }
        guard internalConnectors.contains(where: { connector.hasPrefix($0 + "-") }) else { return nil }
        let ranked = names.sorted { a, b in
            let ra = typeRank[Backlight.readLine("\(classDir)/\(a)/type") ?? ""] ?? 3
            let rb = typeRank[Backlight.readLine("\(classDir)/\(b)/type") ?? ""] ?? 3
            return ra != rb ? ra < rb : a < b
        }
        return ranked.first.map { "\(classDir)/\($0)" }
    }

    package static func entries(_ dir: String) -> [String] {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let e = readdir(d) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { out.append(name) }
        }
        return out
    }

    package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    package static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
