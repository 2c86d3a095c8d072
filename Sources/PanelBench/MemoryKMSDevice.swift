@preconcurrency import Glibc
import PanelDisplay
import PanelSystem

/// A KMS device whose "dumb buffers" are ordinary memory: one connected connector with one
/// mode, flips that complete at once. The bench presents through a real `KMSOutput` on it, so
/// every timed frame includes the same painting of damage (this frame's damage plus what the other
/// buffer missed) into a separate buffer of the screen's size and stride as `run` does.
public final class MemoryKMSDevice: KMSDevice {
    public let path = "memory"
    public var eventDescriptor: Int32 { -1 }
    private let mode: DisplayMode
    /// CRTCs with a flip queued, completed in order by `dispatchEvents`.
    private var pendingFlips: [UInt32] = []

    public init(width: Int, height: Int) {
        mode = DisplayMode(width: width, height: height, refreshRate: 60, isPreferred: true, index: 0)
    }

    public func connectors() throws(DisplayError) -> [ConnectorInfo] {
        [ConnectorInfo(id: 1, name: "Memory-1", isConnected: true, modes: [mode], crtcCandidates: [1])]
    }
    public func saveCRTC(_ crtc: UInt32) {}
    public func restoreCRTC(_ crtc: UInt32, connector: UInt32) {}
    public func createScanoutBuffer(width: Int, height: Int) throws(DisplayError) -> any ScanoutBuffer {
        guard let buffer = MemoryScanoutBuffer(width: width, height: height) else {
            throw DisplayError(.system, "no memory for a \(width)x\(height) scanout buffer")
        }
        return buffer
    }
    public func destroyScanoutBuffer(_ buffer: any ScanoutBuffer) {}
    public func setCRTC(_ crtc: UInt32, buffer: any ScanoutBuffer, connector: UInt32, mode: DisplayMode) throws(DisplayError) {}
    public func pageFlip(_ crtc: UInt32, buffer: any ScanoutBuffer) throws(DisplayError) { pendingFlips.append(crtc) }
    public func dispatchEvents(onFlipComplete: (_ crtc: UInt32) -> Void) throws(DisplayError) {
        let done = pendingFlips
        pendingFlips.removeAll(keepingCapacity: true)
        for crtc in done { onFlipComplete(crtc) }
    }
}

/// XRGB8888 rows padded to 64 bytes, as drivers align dumb buffers; mapped populated, as
/// `run` maps its dumb buffers, so the first frame's copy pays no page faults `run` does not.
package final class MemoryScanoutBuffer: ScanoutBuffer {
    package let framebufferID: UInt32 = 1
    package let width: Int
    package let height: Int
    package let pitch: Int
    package let pixels: UnsafeMutableRawPointer

    package init?(width: Int, height: Int) {
        self.width = width
        self.height = height
        pitch = (width * 4 + 63) / 64 * 64
        let map = mmap(nil, pitch * height, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let map, map != MAP_FAILED else { return nil }
        pixels = map
    }

    deinit { munmap(pixels, pitch * height) }
}

extension MemoryScanoutBuffer {
    /// The bytes one buffer of this size takes (its pitch times its height).
    package static func bytes(width: Int, height: Int) -> Int { (width * 4 + 63) / 64 * 64 * height }
}
