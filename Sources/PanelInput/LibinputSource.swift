import CInput
import CLinux
import ControlWidgets
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
import PanelProtocol
import PanelSystem
#endif

/// Touch, mouse, keyboard and rotary-encoder input through libinput, turned into our one
/// input vocabulary in design pixels.
///
/// Appliances (and minimal VMs) often run without udevd, where libinput's udev backend finds
/// nothing; so this uses the path backend over our own scan of /dev/input/event*, and an
/// inotify watch on /dev/input adds devices plugged in later.
public final class LibinputSource: InputSource {
    private let li: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    private let inotifyFD: Int32
    private var known: Set<String> = []
    /// Physical screen pixels → design pixels (letterbox and panel rotation undone).
    /// The screen the points are measured on (InputSource).
    public let screenSize: (width: Int, height: Int)
    private let screenWidth: Double
    private let screenHeight: Double
    private var pointer: Point
    public private(set) var deviceNames: [String] = []
    /// Set on every device that takes one (touchscreens, tablets); libinput applies it.
    private let calibration: TouchCalibration
    /// libinput's event times (CLOCK_MONOTONIC) of events read since the last call.
    private var reportTimes: [Double] = []
    /// Devices of other screens are removed from the context and not added again.
    private var admission: DeviceAdmission
    public var refusedNames: [String] { admission.refusedNames }
    /// Relative (mouse) motion moved the pointer here, in physical screen pixels (the cursor).
    public var onRelativePointer: ((Point) -> Void)?
    /// A touchscreen or absolute pointer was used (the cursor hides).
    public var onAbsoluteInput: (() -> Void)?

    /// Nil when libinput (opened with dlopen on first use, CInput/shim.h) and every function
    /// used here can be loaded; else why not, in one line.
    public static var libraryProblem: String? {
        knob_libinput_load().map { "libinput cannot be loaded (Debian: libinput10): " + String(cString: $0) }
    }

    public init(screenWidth: Int, screenHeight: Int, calibration: TouchCalibration = .identity,
                accepts: @escaping (TouchOutputMap.Device) -> Bool = { _ in true }) throws(DisplayError) {
        if let why = Self.libraryProblem { throw DisplayError(.system, why) }
        self.admission = DeviceAdmission(accepts: accepts)
        self.calibration = calibration
        screenSize = (screenWidth, screenHeight)
        self.screenWidth = Double(screenWidth)
        self.screenHeight = Double(screenHeight)
        pointer = Point(x: Double(screenWidth) / 2, y: Double(screenHeight) / 2)
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                let fd = open(path!, flags | O_CLOEXEC)
                return fd < 0 ? -errno : fd
            },
            close_restricted: { fd, _ in _ = close(fd) }))
        guard let context = knob_libinput_path_create_context(interface, nil) else {
            interface.deallocate()
            throw DisplayError(.system, "libinput_path_create_context failed")
        }
        li = context
        inotifyFD = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        if inotifyFD >= 0 { _ = inotify_add_watch(inotifyFD, "/dev/input", UInt32(IN_CREATE | IN_ATTRIB)) }
        scanDevices()
    }

    deinit {
        knob_libinput_unref(li)
        interface.deallocate()
        if inotifyFD >= 0 { close(inotifyFD) }
    }

    public var descriptors: [Int32] { [knob_libinput_get_fd(li)] + (inotifyFD >= 0 ? [inotifyFD] : []) }

    /// Adds every /dev/input/event* not added yet (devices we may not open are skipped).
    private func scanDevices() {
        guard let dir = opendir("/dev/input") else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix("event") else { continue }
            let path = "/dev/input/" + name
            guard !known.contains(path), !admission.wasRefused(path) else { continue }
            if let device = knob_libinput_path_add_device(li, path) {
                // Keys, mice and encoders too: each device drives one screen's panel.
                var w = 0.0, h = 0.0
                let size = knob_libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0
                    && knob_libinput_device_get_size(device, &w, &h) == 0 ? (width: w, height: h) : nil
                let name = String(cString: knob_libinput_device_get_name(device))
                if !admission.admit(TouchOutputMap.Device(name: name, path: path, sizeMM: size)) {
                    knob_libinput_path_remove_device(device)
                    continue
                }
                known.insert(path)
                if !calibration.isIdentity, knob_libinput_device_config_calibration_has_matrix(device) != 0 {
                    let m = calibration.matrix.map { Float($0) }
                    _ = m.withUnsafeBufferPointer { knob_libinput_device_config_calibration_set_matrix(device, $0.baseAddress) }
                }
                deviceNames.append(String(cString: knob_libinput_device_get_name(device)))
            }
        }
    }

    public func read() -> [InputEvent] {
        if inotifyFD >= 0 {
            var buf = [UInt8](repeating: 0, count: 4096)
            if Glibc.read(inotifyFD, &buf, buf.count) > 0 { scanDevices() }
        }
        knob_libinput_dispatch(li)
        var out: [InputEvent] = []
        while let event = knob_libinput_get_event(li) {
            let before = out.count
            translate(event, into: &out)
            if out.count > before, reportTimes.count < 1024, let usec = Self.timeUsec(event) {
                reportTimes.append(Double(usec) / 1e6)
            }
            knob_libinput_event_destroy(event)
        }
        return out
    }

    public func drainReportTimes() -> [Double] {
        defer { reportTimes.removeAll(keepingCapacity: true) }
        return reportTimes
    }

    /// By type: libinput logs a "client bug" for an accessor of the wrong event type.
    private static func timeUsec(_ event: OpaquePointer) -> UInt64? {
        switch knob_libinput_event_get_type(event) {
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            return knob_libinput_event_touch_get_time_usec(knob_libinput_event_get_touch_event(event))
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON, LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
            return knob_libinput_event_pointer_get_time_usec(knob_libinput_event_get_pointer_event(event))
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            return knob_libinput_event_keyboard_get_time_usec(knob_libinput_event_get_keyboard_event(event))
        default:
            return nil
        }
    }


    private func translate(_ event: OpaquePointer, into out: inout [InputEvent]) {
        let w = UInt32(screenWidth), h = UInt32(screenHeight)
        switch knob_libinput_event_get_type(event) {
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            // Forget the path so the device is added again when it comes back (often under
            // the same eventN); the router cancels touches whose lift got lost.
            if let device = knob_libinput_event_get_device(event) {
                known.remove("/dev/input/" + String(cString: knob_libinput_device_get_sysname(device)))
            }
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            let t = knob_libinput_event_get_touch_event(event)!
            let id = Int(knob_libinput_event_touch_get_seat_slot(t))
            let p = Point(x: knob_libinput_event_touch_get_x_transformed(t, w), y: knob_libinput_event_touch_get_y_transformed(t, h))
            onAbsoluteInput?()
            out.append(knob_libinput_event_get_type(event) == LIBINPUT_EVENT_TOUCH_DOWN
                       ? .touchDown(id: id, x: p.x, y: p.y) : .touchMotion(id: id, x: p.x, y: p.y))
        case LIBINPUT_EVENT_TOUCH_UP:
            out.append(.touchUp(id: Int(knob_libinput_event_touch_get_seat_slot(knob_libinput_event_get_touch_event(event)!))))
        case LIBINPUT_EVENT_TOUCH_CANCEL:
            out.append(.touchCancel(id: Int(knob_libinput_event_touch_get_seat_slot(knob_libinput_event_get_touch_event(event)!))))
        case LIBINPUT_EVENT_POINTER_MOTION:
            let pe = knob_libinput_event_get_pointer_event(event)!
            pointer.x = Swift.min(Swift.max(0, pointer.x + knob_libinput_event_pointer_get_dx(pe)), screenWidth - 1)
            pointer.y = Swift.min(Swift.max(0, pointer.y + knob_libinput_event_pointer_get_dy(pe)), screenHeight - 1)
            let p = pointer
            out.append(.pointerMotion(x: p.x, y: p.y))
            onRelativePointer?(pointer)
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let pe = knob_libinput_event_get_pointer_event(event)!
            pointer = Point(x: knob_libinput_event_pointer_get_absolute_x_transformed(pe, w),
                            y: knob_libinput_event_pointer_get_absolute_y_transformed(pe, h))
            onAbsoluteInput?()
            let p = pointer
            out.append(.pointerMotion(x: p.x, y: p.y))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            let pe = knob_libinput_event_get_pointer_event(event)!
            let pressed = knob_libinput_event_pointer_get_button_state(pe) == LIBINPUT_BUTTON_STATE_PRESSED
            switch Int32(knob_libinput_event_pointer_get_button(pe)) {
            case BTN_LEFT, BTN_TOUCH: out.append(.button(.left, pressed: pressed))
            case BTN_RIGHT: out.append(.button(.right, pressed: pressed))
            case BTN_MIDDLE: out.append(.button(.middle, pressed: pressed))
            default: break
            }
        case LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
            // Mouse wheels and rotary encoders (REL_WHEEL/REL_DIAL): 120 units per detent.
            let pe = knob_libinput_event_get_pointer_event(event)!
            for axis in [LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL]
            where knob_libinput_event_pointer_has_axis(pe, axis) != 0 {
                // libinput reports wheel-down as positive; we want up / clockwise positive.
                let v = knob_libinput_event_pointer_get_scroll_value_v120(pe, axis) / 120
                if v != 0 { out.append(.wheel(delta: axis == LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL ? -v : v)) }
            }
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            let ke = knob_libinput_event_get_keyboard_event(event)!
            let pressed = knob_libinput_event_keyboard_get_key_state(ke) == LIBINPUT_KEY_STATE_PRESSED
            if let name = Self.keyNames[Int32(knob_libinput_event_keyboard_get_key(ke))] { out.append(.key(name, pressed: pressed)) }
        default:
            break
        }
    }

    package static let keyNames: [Int32: String] = [
        KEY_LEFT: "Left", KEY_RIGHT: "Right", KEY_UP: "Up", KEY_DOWN: "Down",
        KEY_PAGEUP: "PageUp", KEY_PAGEDOWN: "PageDown", KEY_HOME: "Home", KEY_END: "End",
        KEY_TAB: "Tab", KEY_ENTER: "Enter", KEY_KPENTER: "Enter", KEY_SPACE: "Space", KEY_ESC: "Escape",
    ]
}
