import PanelSystem

/// An ambient light sensor of the Linux IIO subsystem (`/sys/bus/iio/devices/iio:deviceN`),
/// read as the IIO ABI says (Documentation/ABI/testing/sysfs-bus-iio): `in_illuminance_input`
/// is lux already; otherwise lux = (`in_illuminance_raw` + `_offset`) × `_scale` (offset 0
/// and scale 1 when absent). Channels may carry an index (`in_illuminance0_raw`).
///
/// Each reading opens the attribute without blocking and refuses anything but a regular
/// file (RegularFile), as every file the loop reads. A sysfs read still asks the driver
/// (an I²C transfer of a few hundred microseconds), which is why readings are rare (every
/// `BrightnessSpec.pollInterval` seconds while the screen is lit).
public final class AmbientLightSensor {
    public let directory: String
    private let input: String?
    private let raw: String?
    private let scale: Double
    private let offset: Double

    /// The channel files, in the order they are preferred.
    static let inputNames = ["in_illuminance_input", "in_illuminance0_input"]
    static let rawNames = ["in_illuminance_raw", "in_illuminance0_raw"]

    /// The sensor `name` asks for (`auto`: the first device, by name order, with an
    /// illuminance channel; a directory name `iio:device0`; or the device's `name` file)
    /// under `sysfsRoot` ("" for the real /sys), or nil.
    public static func find(_ name: String, sysfsRoot: String = "") -> AmbientLightSensor? {
        let dir = "\(sysfsRoot)/sys/bus/iio/devices"
        for entry in BacklightFinder.entries(dir).sorted() {
            let path = "\(dir)/\(entry)"
            guard name == "auto" || name == entry || Backlight.readLine("\(path)/name") == name else { continue }
            if let sensor = AmbientLightSensor(directory: path) { return sensor }
        }
        return nil
    }

    /// Nil when the directory has no illuminance channel.
    public init?(directory: String) {
        self.directory = directory
        input = Self.inputNames.first { BacklightFinder.exists("\(directory)/\($0)") }
        let rawName = Self.rawNames.first { BacklightFinder.exists("\(directory)/\($0)") }
        raw = rawName
        guard input != nil || raw != nil else { return nil }
        // The raw channel's own scale and offset, else the type's shared ones.
        let stem = rawName.map { String($0.dropLast(4)) } ?? "in_illuminance"
        func number(_ suffix: String) -> Double? {
            for base in [stem, "in_illuminance"] {
                if let text = Self.text("\(directory)/\(base)_\(suffix)"), let d = Double(text), d.isFinite { return d }
            }
            return nil
        }
        scale = number("scale") ?? 1
        offset = number("offset") ?? 0
    }

    /// Why a reading failed (one log line).
    public struct Failure: Error, Equatable {
        public let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Lux now (finite, at least 0), or why not.
    public func read() -> Result<Double, Failure> {
        let file = input.map { "\(directory)/\($0)" } ?? "\(directory)/\(raw!)"
        guard let text = Self.text(file) else { return .failure(Failure("cannot read \(file)")) }
        guard let value = Double(text), value.isFinite else { return .failure(Failure("\(file): '\(text.prefix(20))' is not a number")) }
        let lux = input != nil ? value : (value + offset) * scale
        guard lux.isFinite else { return .failure(Failure("\(file): not a finite illuminance")) }
        return .success(Swift.max(lux, 0))
    }

    /// A small attribute file's text, trimmed; nil when it cannot be read.
    static func text(_ path: String) -> String? {
        guard case .success(let bytes) = RegularFile.read(path, limit: 4096) else { return nil }
        var s = Substring(String(decoding: bytes, as: UTF8.self))
        while let c = s.last, c == "\n" || c == " " || c == "\t" { s = s.dropLast() }
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        return s.isEmpty ? nil : String(s)
    }
}
