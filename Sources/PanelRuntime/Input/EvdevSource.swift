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

    public var deviceNames: [String] { devices.values.map(\.name).sorted() }

    public init(screenWidth: Int, screenHeight: Int, toDesign: @escaping (Point) -> Point) {
        self.toDesign = toDesign
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
            guard name.hasPrefix("event"), devices[path] == nil else { continue }
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            var buf = [CChar](repeating: 0, count: 256)
            _ = kp_evdev_name(fd, &buf, Int32(buf.count - 1))
            let device = Device(fd: fd, name: String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
            func range(_ axis: Int32) -> (Int32, Int32)? {
                var info = input_absinfo()
                guard kp_evdev_abs_info(fd, axis, &info) == 0, info.maximum > info.minimum else { return nil }
                return (info.minimum, info.maximum)
            }
            device.xRange = range(ABS_X); device.yRange = range(ABS_Y)
            device.mtXRange = range(ABS_MT_POSITION_X); device.mtYRange = range(ABS_MT_POSITION_Y)
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

    /// In Double, so a device advertising an extreme axis range cannot overflow Int32.
    private func scaled(_ v: Int32, _ r: (Int32, Int32), _ extent: Double) -> Double {
        (Double(v) - Double(r.0)) * extent / (Double(r.1) - Double(r.0) + 1)
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
            flush(d, into: &out)
        default:
            break
        }
    }

    /// One SYN_REPORT: position first, then buttons, so a press lands where the pointer is.
    private func flush(_ d: Device, into out: inout [InputEvent]) {
        if let xr = d.mtXRange, let yr = d.mtYRange {
            for (slot, s) in d.slots.sorted(by: { $0.key < $1.key }) where s.dirty {
                let p = toDesign(Point(x: scaled(s.x, xr, screenWidth), y: scaled(s.y, yr, screenHeight)))
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
            pointer = Point(x: scaled(d.absX ?? xr.0, xr, screenWidth), y: scaled(d.absY ?? yr.0, yr, screenHeight))
            let p = toDesign(pointer)
            out.append(.pointerMotion(x: p.x, y: p.y))
        }
        d.absMoved = false
        if d.relX != 0 || d.relY != 0 {
            pointer.x = Swift.min(Swift.max(0, pointer.x + d.relX), screenWidth - 1)
            pointer.y = Swift.min(Swift.max(0, pointer.y + d.relY), screenHeight - 1)
            let p = toDesign(pointer)
            out.append(.pointerMotion(x: p.x, y: p.y))
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
