import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the kernel holds for one evdev device now: the state a reader starts from at open
/// and resyncs to after SYN_DROPPED (libevdev's approach). A seam, so a unit test can play a
/// recorded overflow against a fake kernel. nil: the query failed (or the device lacks it).
package protocol EvdevKernelState {
    /// Codes of the keys and buttons held (EVIOCGKEY).
    func keysDown() -> Set<Int32>?
    /// An absolute axis's current value (EVIOCGABS), ABS_MT_SLOT included.
    func absValue(_ axis: Int32) -> Int32?
    /// One multitouch axis's value in each of `count` slots (EVIOCGMTSLOTS).
    func slotValues(_ code: Int32, count: Int) -> [Int32]?
}

/// The real kernel state of an open event device, through its descriptor.
package struct EvdevDeviceState: EvdevKernelState {
    package let fd: Int32

    package func keysDown() -> Set<Int32>? {
        var bits = [UInt8](repeating: 0, count: (Int(KEY_MAX) + 8) / 8)
        guard kp_evdev_keys(fd, &bits, Int32(bits.count)) >= 0 else { return nil }
        var down = Set<Int32>()
        for (i, byte) in bits.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { down.insert(Int32(i * 8 + bit)) }
        }
        return down
    }

    package func absValue(_ axis: Int32) -> Int32? {
        var info = input_absinfo()
        return kp_evdev_abs_info(fd, axis, &info) == 0 ? info.value : nil
    }

    package func slotValues(_ code: Int32, count: Int) -> [Int32]? {
        // The request's first value names the axis; the kernel fills one value per slot after it.
        var values = [Int32](repeating: 0, count: count + 1)
        values[0] = code
        guard kp_evdev_mt_slots(fd, &values, Int32(values.count)) >= 0 else { return nil }
        return Array(values.dropFirst())
    }
}
