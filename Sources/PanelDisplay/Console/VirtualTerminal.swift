import CLinux
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// The virtual terminal (tty1…tty63) the panel runs on, and the one place that makes VT
/// ioctls. While the panel owns it: switching is done by the panel (`VT_PROCESS`: the
/// kernel asks with a signal and waits for `VT_RELDISP`), the keyboard does not type into
/// the console (`K_OFF`) and the console does not draw (`KD_GRAPHICS`). `restore()` (also
/// from deinit) puts back what was there, so the console works again after any orderly exit.
///
/// The kernel allows these ioctls on the caller's controlling terminal, or with
/// CAP_SYS_TTY_CONFIG (root) on any VT: an unprivileged panel must be started on its VT
/// (systemd's `TTYPath=` with `StandardInput=tty`, a login on that VT, `openvt`).
public final class VirtualTerminal {
    public let path: String
    /// 1 for tty1.
    public let number: Int
    private let fd: Int32
    private var savedKeyboardMode: Int32?
    private var savedDisplayMode: Int32?
    private var savedSwitchMode: vt_mode?

    /// The VT at `path` (`/dev/ttyN`), or nil when `fd` is not a virtual terminal (a serial
    /// line, a pseudo-terminal over ssh, a pipe).
    public init?(path: String) {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        // The terminal's own number: /dev/tty (and /dev/console) are aliases whose inode
        // says nothing, TIOCGDEV names the terminal behind them.
        var st = stat()
        var dev = UInt(0)
        var real: UInt32 = 0
        if kp_tty_device(fd, &real) == 0 { dev = UInt(real) } else if fstat(fd, &st) == 0 { dev = UInt(st.st_rdev) }
        let major = (dev >> 8) & 0xfff
        let minor = (dev & 0xff) | ((dev >> 12) & 0xfff00)
        var state = vt_stat()
        // tty0 is the *current* console, not one VT: refuse it (and anything else).
        guard major == UInt(TTY_MAJOR), (1...UInt(MAX_NR_CONSOLES)).contains(minor),
              kp_vt_get_state(fd, &state) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        number = Int(minor)
        self.path = "/dev/tty\(minor)"
    }

    /// The controlling terminal when it is a VT (systemd's `TTYPath=/dev/tty1`, a login on a
    /// VT), else nil.
    public static func controlling() -> VirtualTerminal? { VirtualTerminal(path: "/dev/tty") }

    deinit {
        restore()
        close(fd)
    }

    /// Whether this VT is the one on screen.
    public var isActive: Bool {
        var state = vt_stat()
        return kp_vt_get_state(fd, &state) == 0 && Int(state.v_active) == number
    }

    /// Takes the VT over: the kernel asks before switching away (`releaseSignal`) and says
    /// when it is back (`acquireSignal`); both must be blocked and read from a signalfd
    /// first, or their default action kills the process. Keyboard off, console not drawing.
    /// On failure nothing is changed.
    public func takeOver(releaseSignal: Int32, acquireSignal: Int32) throws(DisplayError) {
        var previous = vt_mode()
        guard kp_vt_get_mode(fd, &previous) == 0 else { throw DisplayError.call("VT_GETMODE", errno: errno, context: path) }
        var mode = vt_mode()
        mode.mode = CChar(VT_PROCESS)
        mode.relsig = Int16(releaseSignal)
        mode.acqsig = Int16(acquireSignal)
        guard kp_vt_set_mode(fd, &mode) == 0 else {
            let e = errno
            let hint = e == EPERM ? " (the VT must be this process's controlling terminal, or run as root)" : ""
            throw DisplayError(.system, "\(path): VT_SETMODE failed: \(String(cString: strerror(e)))\(hint)")
        }
        savedSwitchMode = previous
        var keyboard: Int32 = 0
        if kp_kd_get_keyboard_mode(fd, &keyboard) == 0 && kp_kd_set_keyboard_mode(fd, K_OFF) == 0 {
            savedKeyboardMode = keyboard
        }
        var display: Int32 = 0
        if kp_kd_get_mode(fd, &display) == 0 && kp_kd_set_mode(fd, Int32(KD_GRAPHICS)) == 0 {
            savedDisplayMode = display
        }
    }

    /// Lets a requested switch away go ahead (after the display was given up).
    public func allowRelease() { _ = kp_vt_release_display(fd, 1) }

    /// Acknowledges that the VT is ours again.
    public func acknowledgeAcquire() { _ = kp_vt_release_display(fd, VT_ACKACQ) }

    /// Keyboard, text mode and automatic switching as they were. Safe to call twice.
    public func restore() {
        if let mode = savedDisplayMode { _ = kp_kd_set_mode(fd, mode) }   // KD_TEXT: the kernel redraws the console
        if let mode = savedKeyboardMode { _ = kp_kd_set_keyboard_mode(fd, mode) }
        if var mode = savedSwitchMode {
            // A VT_PROCESS mode of someone else is not ours to put back (its owner is gone).
            if mode.mode == CChar(VT_PROCESS) { mode = vt_mode(); mode.mode = CChar(VT_AUTO) }
            _ = kp_vt_set_mode(fd, &mode)
        }
        savedDisplayMode = nil; savedKeyboardMode = nil; savedSwitchMode = nil
    }
}
