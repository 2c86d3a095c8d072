import CDRM
import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// The mouse pointer's arrow on the CRTC's hardware cursor plane: a 64×64 ARGB dumb buffer
/// given to `drmModeSetCursor2`, moved with `drmModeMoveCursor`. Moving it costs no frame and
/// no damage. Drivers without a cursor plane (bochs-drm, simpledrm) fail the first
/// `drmModeSetCursor2`: then `make` returns nil and the caller says so.
public final class HardwareCursor {
    private let device: DRMDevice
    private let crtc: UInt32
    private let buffer: DumbBuffer
    public let width: Int
    public let height: Int
    public private(set) var isShown = false
    package static var hotSpot: (x: Int, y: Int) { CursorArrow.hotSpot }

    /// The plane's size from `DRM_CAP_CURSOR_WIDTH/HEIGHT` (64 when the driver does not say),
    /// a buffer with the arrow, and one trial `drmModeSetCursor2` (hidden again at once).
    public static func make(device: DRMDevice, crtc: UInt32) -> Result<HardwareCursor, DisplayError> {
        var w: UInt64 = 64, h: UInt64 = 64
        if drmGetCap(device.fd, UInt64(DRM_CAP_CURSOR_WIDTH), &w) != 0 || w == 0 { w = 64 }
        if drmGetCap(device.fd, UInt64(DRM_CAP_CURSOR_HEIGHT), &h) != 0 || h == 0 { h = 64 }
        // The arrow is drawn for 64×64; a larger plane gets it in its top-left corner.
        w = Swift.max(w, 64); h = Swift.max(h, 64)
        do {
            let buffer = try DumbBuffer(fd: device.fd, width: Int(w), height: Int(h))
            let cursor = HardwareCursor(device: device, crtc: crtc, buffer: buffer)
            try cursor.drawArrow()
            // The trial happens off screen, so no arrow flashes at the corner.
            _ = drmModeMoveCursor(device.fd, crtc, -Int32(w), -Int32(h))
            if drmModeSetCursor2(device.fd, crtc, buffer.handle, UInt32(w), UInt32(h), Int32(hotSpot.x), Int32(hotSpot.y)) != 0 {
                let e = errno
                buffer.release()
                return .failure(DisplayError.call("drmModeSetCursor2", errno: e, context: device.path))
            }
            _ = drmModeSetCursor(device.fd, crtc, 0, 0, 0)
            return .success(cursor)
        } catch {
            return .failure(error)
        }
    }

    private init(device: DRMDevice, crtc: UInt32, buffer: DumbBuffer) {
        self.device = device
        self.crtc = crtc
        self.buffer = buffer
        width = buffer.width
        height = buffer.height
    }

    deinit { hide(); buffer.release() }

    /// The shared arrow (`CursorArrow`) in the buffer's top-left corner.
    private func drawArrow() throws(DisplayError) {
        do {
            let image = try CursorArrow.image()
            memset(buffer.pixels, 0, buffer.pitch * buffer.height)
            image.withPixelBytes { src, stride in
                for y in 0..<64 { memcpy(buffer.pixels + y * buffer.pitch, src + y * stride, 64 * 4) }
            }
        } catch {
            throw DisplayError(.system, "cannot draw the cursor: \(error)")
        }
    }

    /// Shows the arrow with its tip at (x, y) on the CRTC; false when the driver refused.
    @discardableResult
    public func show(x: Int, y: Int) -> Bool {
        if !isShown {
            guard drmModeSetCursor2(device.fd, crtc, buffer.handle, UInt32(width), UInt32(height),
                                    Int32(Self.hotSpot.x), Int32(Self.hotSpot.y)) == 0 else { return false }
            isShown = true
        }
        return move(x: x, y: y)
    }

    /// Moves the tip to (x, y); with `drmModeSetCursor2` the hot spot is the kernel's business.
    @discardableResult
    public func move(x: Int, y: Int) -> Bool {
        drmModeMoveCursor(device.fd, crtc, Int32(x), Int32(y)) == 0
    }

    public func hide() {
        guard isShown else { return }
        _ = drmModeSetCursor(device.fd, crtc, 0, 0, 0)
        isShown = false
    }
}
