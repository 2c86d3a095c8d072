import CLinux
import ControlWidgets
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

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
        var slot = 0
        var slots: [Int: (id: Int32, x: Int32, y: Int32, dirty: Bool, wasDown: Bool)] = [:]
        var absX: Int32?, absY: Int32?
        var absMoved = false
        var relX = 0.0, relY = 0.0
        var wheel = 0.0
        var buttons: [(InputEvent.PointerButton, Bool)] = []
        var leftHeld = false
        var keys: [(String, Bool)] = []
        init(fd: Int32, name: String) { self.fd = fd; self.name = name }
        deinit { close(fd) }
    }

    private var devices: [String: Device] = [:]
    private let inotifyFD: Int32
    /// Physical screen pixels → design pixels (letterbox and panel rotation undone).
    private let toDesign: (Point) -> Point
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
                accepts: @escaping (TouchOutputMap.Device) -> Bool = { _ in true }, toDesign: @escaping (Point) -> Point) {
        self.toDesign = toDesign
        self.admission = DeviceAdmission(accepts: accepts)
        self.calibration = calibration
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
                        for (slot, st) in device.slots where st.wasDown { out.append(.touchCancel(id: slot)) }
                        if device.leftHeld { out.append(.button(.left, pressed: false)) }
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
        switch Int32(e.type) {
        case EV_ABS:
            switch Int32(e.code) {
            case ABS_MT_SLOT: d.slot = Int(e.value)
            case ABS_MT_TRACKING_ID: d.slots[d.slot, default: (-1, 0, 0, false, false)].id = e.value; d.slots[d.slot]!.dirty = true
            case ABS_MT_POSITION_X: d.slots[d.slot, default: (-1, 0, 0, false, false)].x = e.value; d.slots[d.slot]!.dirty = true
            case ABS_MT_POSITION_Y: d.slots[d.slot, default: (-1, 0, 0, false, false)].y = e.value; d.slots[d.slot]!.dirty = true
            case ABS_X: d.absX = e.value; d.absMoved = true
            case ABS_Y: d.absY = e.value; d.absMoved = true
            default: break
            }
        case EV_REL:
            switch Int32(e.code) {
            case REL_X: d.relX += Double(e.value)
            case REL_Y: d.relY += Double(e.value)
            case REL_WHEEL, REL_DIAL: d.wheel += Double(e.value)
            default: break
            }
        case EV_KEY:
            let pressed = e.value != 0
            switch Int32(e.code) {
            // A multitouch screen reports BTN_TOUCH too; its slots already say it all.
            case BTN_TOUCH where d.mtXRange != nil: break
            case BTN_LEFT, BTN_TOUCH: if e.value != 2 { d.buttons.append((.left, pressed)) }
            case BTN_RIGHT: if e.value != 2 { d.buttons.append((.right, pressed)) }
            case BTN_MIDDLE: if e.value != 2 { d.buttons.append((.middle, pressed)) }
            default:
                if let name = LibinputSource.keyNames[Int32(e.code)] { d.keys.append((name, pressed)) }
            }
        case EV_SYN where Int32(e.code) == SYN_REPORT:
            let before = out.count
            flush(d, into: &out)
            if out.count > before, reportTimes.count < 1024 {
                reportTimes.append(Double(e.time.tv_sec) + Double(e.time.tv_usec) / 1e6)
            }
        default:
            break
        }
    }

    /// One SYN_REPORT: position first, then buttons, so a press lands where the pointer is.
    private func flush(_ d: Device, into out: inout [InputEvent]) {
        if let xr = d.mtXRange, let yr = d.mtYRange {
            if d.slots.values.contains(where: \.dirty) { onAbsoluteInput?() }
            for (slot, s) in d.slots.sorted(by: { $0.key < $1.key }) where s.dirty {
                let p = toDesign(screenPoint(s.x, xr, s.y, yr))
                if s.id < 0 {
                    if s.wasDown { out.append(.touchUp(id: slot)) }
                    d.slots[slot]!.wasDown = false
                } else if !s.wasDown {
                    out.append(.touchDown(id: slot, x: p.x, y: p.y))
                    d.slots[slot]!.wasDown = true
                } else {
                    out.append(.touchMotion(id: slot, x: p.x, y: p.y))
                }
                d.slots[slot]!.dirty = false
            }
        } else if d.absMoved, let xr = d.xRange, let yr = d.yRange {
            pointer = screenPoint(d.absX ?? xr.0, xr, d.absY ?? yr.0, yr)
            let p = toDesign(pointer)
            out.append(.pointerMotion(x: p.x, y: p.y))
            onAbsoluteInput?()
        }
        d.absMoved = false
        if d.relX != 0 || d.relY != 0 {
            pointer.x = Swift.min(Swift.max(0, pointer.x + d.relX), screenWidth - 1)
            pointer.y = Swift.min(Swift.max(0, pointer.y + d.relY), screenHeight - 1)
            let p = toDesign(pointer)
            out.append(.pointerMotion(x: p.x, y: p.y))
            onRelativePointer?(pointer)
            d.relX = 0; d.relY = 0
        }
        for (b, pressed) in d.buttons {
            if b == .left { d.leftHeld = pressed }
            out.append(.button(b, pressed: pressed))
        }
        d.buttons.removeAll()
        if d.wheel != 0 { out.append(.wheel(delta: d.wheel)); d.wheel = 0 }
        for (k, pressed) in d.keys { out.append(.key(k, pressed: pressed)) }
        d.keys.removeAll()
    }
}
