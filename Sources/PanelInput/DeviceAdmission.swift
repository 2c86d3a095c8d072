/// Which input devices this screen's source reads (`--touch-output`; touchscreens and tablets
/// by size, keys, mice and encoders the first screen's), and the ones it turned away: those
/// are not opened again and are named in the start-up line. Shared by the evdev and libinput
/// sources.
package struct DeviceAdmission {
    private let accepts: (TouchOutputMap.Device) -> Bool
    private var refusedPaths: Set<String> = []
    private(set) var refusedNames: [String] = []

    package init(accepts: @escaping (TouchOutputMap.Device) -> Bool) { self.accepts = accepts }

    /// Whether the device at `path` was turned away before.
    package func wasRefused(_ path: String) -> Bool { refusedPaths.contains(path) }

    /// Whether the device drives this screen; a refusal is remembered.
    package mutating func admit(_ device: TouchOutputMap.Device) -> Bool {
        if accepts(device) { return true }
        refusedPaths.insert(device.path)
        refusedNames.append(device.name)
        return false
    }
}
