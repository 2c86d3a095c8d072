import CLinux
import ControlWidgets
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelProtocol

/// Reads /dev/input/event* directly, for systems without udevd (minimal appliances, our
/// test VMs), where libinput refuses devices udev never initialised. Understands multitouch
/// (protocol B slots), single-touch screens and tablets (absolute axes + BTN_TOUCH/BTN_LEFT),
/// mice (relative motion), wheels and rotary encoders (REL_WHEEL, REL_DIAL) and keys.
public final class EvdevSource: InputSource {
    private final class Device {
        let fd: Int32
        let name: String
        var xRange: (Int32, Int32)?
        var yRange: (Int32, Int32)?
        var mtXRange: (Int32, Int32)?
        var mtYRange: (Int32, Int32)?
        var decoder = EvdevDecoder(multitouch: false, slotCount: 0)
        var kernel: EvdevDeviceState { EvdevDeviceState(fd: fd) }
        init(fd: Int32, name: String) { self.fd = fd; self.name = name }
        deinit { close(fd) }
    }

    private var devices: [String: Device] = [:]
    private let inotifyFD: Int32
    /// The screen the points are measured on (InputSource).
    public let screenSize: (width: Int, height: Int)
    private let screenWidth: Double
    private let screenHeight: Double
    private var pointer: Point
    /// Applied to absolute devices (touchscreens, tablets) on normalised coordinates.
    private let calibration: TouchCalibration
    /// Kernel times (CLOCK_MONOTONIC) of the reports that produced events since the last call.
    private var reportTimes: [Double] = []
    /// Devices of other screens are closed and not opened again.
    private var admission: DeviceAdmission
    public var refusedNames: [String] { admission.refusedNames }
    /// Relative (mouse) motion moved the pointer here, in physical screen pixels (the cursor).
    public var onRelativePointer: ((Point) -> Void)?
    /// A touchscreen or absolute pointer was used (the cursor hides).
    public var onAbsoluteInput: (() -> Void)?

    public var deviceNames: [String] { devices.values.map(\.name).sorted() }

    public init(screenWidth: Int, screenHeight: Int, calibration: TouchCalibration = .identity,
                accepts: @escaping (TouchOutputMap.Device) -> Bool = { _ in true }) {
        self.admission = DeviceAdmission(accepts: accepts)
        self.calibration = calibration
        screenSize = (screenWidth, screenHeight)
        self.screenWidth = Double(screenWidth)
        self.screenHeight = Double(screenHeight)
        pointer = Point(x: Double(screenWidth) / 2, y: Double(screenHeight) / 2)
        inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if inotifyFD >= 0 { _ = inotify_add_watch(inotifyFD, "/dev/input", UInt32(IN_CREATE | IN_ATTRIB)) }
        scan()
    }

    deinit { if inotifyFD >= 0 { close(inotifyFD) } }

    public var descriptors: [Int32] { devices.values.map(\.fd) + (inotifyFD >= 0 ? [inotifyFD] : []) }

    private func scan() {
        guard let dir = opendir("/dev/input") else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let path = "/dev/input/" + name
            guard name.hasPrefix("event"), devices[path] == nil, !admission.wasRefused(path) else { continue }
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            _ = kp_evdev_set_clock(fd, CLOCK_MONOTONIC)
            var buf = [CChar](repeating: 0, count: 256)
            _ = kp_evdev_name(fd, &buf, Int32(buf.count - 1))
            let device = Device(fd: fd, name: String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            var mm: [Int32: Double] = [:]   // axis length in millimetres, where the device says
            func range(_ axis: Int32) -> (Int32, Int32)? {
                var info = input_absinfo()
                guard kp_evdev_abs_info(fd, axis, &info) == 0, info.maximum > info.minimum else { return nil }
                if info.resolution > 0 { mm[axis] = (Double(info.maximum) - Double(info.minimum)) / Double(info.resolution) }
                return (info.minimum, info.maximum)
            }
            device.xRange = range(ABS_X); device.yRange = range(ABS_Y)
            device.mtXRange = range(ABS_MT_POSITION_X); device.mtYRange = range(ABS_MT_POSITION_Y)
            var slotInfo = input_absinfo()
            let slotCount = kp_evdev_abs_info(fd, ABS_MT_SLOT, &slotInfo) == 0 ? Int(slotInfo.maximum) + 1 : 0
            device.decoder = EvdevDecoder(multitouch: device.mtXRange != nil && device.mtYRange != nil, slotCount: slotCount)
            device.decoder.start(from: device.kernel)   // contacts and keys already down
            var size: (width: Double, height: Double)?
            if device.xRange != nil || device.mtXRange != nil {
                let w = mm[ABS_MT_POSITION_X] ?? mm[ABS_X], h = mm[ABS_MT_POSITION_Y] ?? mm[ABS_Y]
                size = w.flatMap { w in h.map { (width: w, height: $0) } }
            }
            // Keys, mice and encoders too: each device drives one screen's panel.
            if !admission.admit(TouchOutputMap.Device(name: device.name, path: path, sizeMM: size)) {
                continue   // the device closes its descriptor
            }
            devices[path] = device
        }
    }

    public func read() -> [InputEvent] {
        if inotifyFD >= 0 {
            var buf = [UInt8](repeating: 0, count: 4096)
            if Glibc.read(inotifyFD, &buf, buf.count) > 0 { scan() }
        }
        var out: [InputEvent] = []
        var gone: [String] = []
        let size = MemoryLayout<input_event>.stride
        var events = [input_event](repeating: input_event(), count: 64)
        for (path, device) in devices {
            // A bounded share per turn (64 reads of 64 events); the rest waits for the next turn.
            for _ in 0..<64 {
                let n = events.withUnsafeMutableBytes { Glibc.read(device.fd, $0.baseAddress, $0.count) }
                if n < 0 {
                    if errno == ENODEV {
                        // Unplugged: touches and a held button it had end now, not never.
                        gone.append(path)
                        for slot in device.decoder.downSlots { out.append(.touchCancel(id: slot)) }
                        if device.decoder.leftHeld { out.append(.button(.left, pressed: false)) }
                    }
                    break
                }
                if n == 0 { break }
                for e in events[0..<(n / size)] { handle(e, device: device, into: &out) }
                if n < size * events.count { break }
            }
        }
        for path in gone { devices[path] = nil }
        return out
    }

    public func drainReportTimes() -> [Double] {
        defer { reportTimes.removeAll(keepingCapacity: true) }
        return reportTimes
    }

    /// In Double, so a device advertising an extreme axis range cannot overflow Int32.
    private func normalised(_ v: Int32, _ r: (Int32, Int32)) -> Double {
        (Double(v) - Double(r.0)) / (Double(r.1) - Double(r.0) + 1)
    }

    /// An absolute device position on the screen, through the calibration matrix.
    private func screenPoint(_ x: Int32, _ xr: (Int32, Int32), _ y: Int32, _ yr: (Int32, Int32)) -> Point {
        let c = calibration.apply(x: normalised(x, xr), y: normalised(y, yr))
        return Point(x: c.x * screenWidth, y: c.y * screenHeight)
    }

    private func handle(_ e: input_event, device d: Device, into out: inout [InputEvent]) {
        let time = Double(e.time.tv_sec) + Double(e.time.tv_usec) / 1e6
        for report in d.decoder.decode(type: Int32(e.type), code: Int32(e.code), value: e.value, time: time, kernel: d.kernel) {
            let before = out.count
            place(report, d, into: &out)
            if out.count > before, reportTimes.count < 1024 { reportTimes.append(report.time) }
        }
    }

    /// One report on the screen: position first, then buttons, so a press lands where the pointer is.
    private func place(_ r: EvdevReport, _ d: Device, into out: inout [InputEvent]) {
        if let xr = d.mtXRange, let yr = d.mtYRange {
            if !r.touches.isEmpty { onAbsoluteInput?() }
            for t in r.touches {
                switch t.phase {
                case .up: out.append(.touchUp(id: t.slot))
                case .down, .motion:
                    let p = screenPoint(t.x, xr, t.y, yr)
                    out.append(t.phase == .down ? .touchDown(id: t.slot, x: p.x, y: p.y) : .touchMotion(id: t.slot, x: p.x, y: p.y))
                }
            }
        } else if r.absoluteMoved, let xr = d.xRange, let yr = d.yRange {
            pointer = screenPoint(r.absoluteX ?? xr.0, xr, r.absoluteY ?? yr.0, yr)
            out.append(.pointerMotion(x: pointer.x, y: pointer.y))
            onAbsoluteInput?()
        }
        if r.relative != (0, 0) {
            pointer.x = Swift.min(Swift.max(0, pointer.x + r.relative.dx), screenWidth - 1)
            pointer.y = Swift.min(Swift.max(0, pointer.y + r.relative.dy), screenHeight - 1)
            out.append(.pointerMotion(x: pointer.x, y: pointer.y))
            onRelativePointer?(pointer)
        }
        for (b, pressed) in r.buttons { out.append(.button(b, pressed: pressed)) }
        if r.wheel != 0 { out.append(.wheel(delta: r.wheel)) }
        for (k, pressed) in r.keys { out.append(.key(k, pressed: pressed)) }
    }
}
