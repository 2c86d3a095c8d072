#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The default MQTT client id, which is also Home Assistant's node id, so every entity's
/// `unique_id` and the device: `<panel name>-<8 hex digits>`, the digits a hash of the
/// machine id (systemd's `/etc/machine-id`) and the panel name. It stays the same when the
/// host is renamed (a host name in it made a new Home Assistant device), differs between
/// machines running the same panel, and does not show the machine id itself, which
/// machine-id(5) asks applications not to expose. Without a machine id the host name is
/// hashed instead.
public enum MQTTClientID {
    public static func make(panelName: String, machineID: String?, hostName: String) -> String {
        let source = machineID.map { "machine-id:" + $0 } ?? "hostname:" + hostName
        let hash = fnv1a64(Array(("knob-panel\u{0}" + source + "\u{0}" + panelName).utf8))
        // 32 bits: distinct enough for a household's panels, short enough for entity ids.
        let digits = String((hash >> 32) ^ (hash & 0xffff_ffff), radix: 16)
        return HADiscovery.sanitize(panelName) + "-" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The machine id (32 lower-case hex digits) from the first of `paths` that holds one; nil
    /// when none does (a minimal initramfs, some containers).
    public static func machineID(paths: [String] = ["/etc/machine-id", "/var/lib/dbus/machine-id"]) -> String? {
        for path in paths {
            // Non-blocking and only a regular file: the loop never waits on a file.
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var st = stat()
            guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard n >= 32 else { continue }
            let text = String(decoding: buffer[0..<n], as: UTF8.self).trimmingSpaces.lowercased()
            if text.utf8.count == 32, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }),
               text != String(repeating: "0", count: 32) {
                return text
            }
        }
        return nil
    }

    /// FNV-1a, 64 bits: a stable, well-spread hash (not a secret: 32 bits of it cannot give
    /// back a 128-bit machine id).
    package static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }
}
