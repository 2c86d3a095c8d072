import Graphics
import PanelSystem

/// A display connector as the KMS output sees it.
public struct ConnectorInfo: Sendable, Equatable {
    public var id: UInt32
    public var name: String             // e.g. "Virtual-1", "HDMI-A-1"
    public var isConnected: Bool
    public var modes: [DisplayMode]
    /// CRTCs that can drive this connector, the one currently driving it first.
    public var crtcCandidates: [UInt32]
    /// The screen's physical size in millimetres as the display reports it (EDID); 0 = unknown
    /// (virtual GPUs and many panels report 0).
    public var mmWidth: Int
    public var mmHeight: Int
    /// The connector's "panel orientation" property; nil when it has none (external
    /// monitors, virtual GPUs).
    public var panelOrientation: PanelOrientation?

    public init(id: UInt32, name: String, isConnected: Bool, modes: [DisplayMode], crtcCandidates: [UInt32],
                mmWidth: Int = 0, mmHeight: Int = 0, panelOrientation: PanelOrientation? = nil) {
        self.id = id; self.name = name; self.isConnected = isConnected; self.modes = modes; self.crtcCandidates = crtcCandidates
        self.mmWidth = mmWidth; self.mmHeight = mmHeight; self.panelOrientation = panelOrientation
    }

    /// The rotation to show `panelRotation` (a layout's) with on this connector: the layout's
    /// when it says one, else what corrects the panel's mounting.
    public func rotation(layout degrees: Int, layoutIsExplicit: Bool) -> Int {
        layoutIsExplicit ? degrees : panelOrientation?.correctionDegrees ?? degrees
    }
}

/// A mapped dumb buffer registered as a framebuffer. Pixels are XRGB8888, `pitch` bytes a row.
public protocol ScanoutBuffer: AnyObject {
    var framebufferID: UInt32 { get }
    var width: Int { get }
    var height: Int { get }
    var pitch: Int { get }
    var pixels: UnsafeMutableRawPointer { get }
}

/// Every libdrm call the KMS output makes goes through this protocol: `DRMDevice` does them
/// for real, and tests use a fake to check mode choice, buffer swaps, pacing and restore
/// without a GPU (swift-system's "one place for syscalls, mockable" idea).
public protocol KMSDevice: AnyObject {
    var path: String { get }
    /// The descriptor to poll for page-flip completion events.
    var eventDescriptor: Int32 { get }
    func connectors() throws(DisplayError) -> [ConnectorInfo]
    /// Remembers what `crtc` shows now so `restoreCRTC` can put it back.
    func saveCRTC(_ crtc: UInt32)
    func restoreCRTC(_ crtc: UInt32, connector: UInt32)
    func createScanoutBuffer(width: Int, height: Int) throws(DisplayError) -> any ScanoutBuffer
    func destroyScanoutBuffer(_ buffer: any ScanoutBuffer)
    func setCRTC(_ crtc: UInt32, buffer: any ScanoutBuffer, connector: UInt32, mode: DisplayMode) throws(DisplayError)
    /// Queues a flip to `buffer` at the next vblank; completion arrives as an event.
    func pageFlip(_ crtc: UInt32, buffer: any ScanoutBuffer) throws(DisplayError)
    /// Reads pending events, calling `onFlipComplete` once per completed flip with the CRTC
    /// that flipped (one device drives several outputs, each on its own CRTC).
    func dispatchEvents(onFlipComplete: (_ crtc: UInt32) -> Void) throws(DisplayError)
    /// Gives up DRM master (VT switched away), so the next VT's owner can set its mode.
    func dropMaster() throws(DisplayError)
    /// Takes DRM master back (VT switched back). Without root, only the process that was
    /// master first may (Linux 5.8+: `was_master`).
    func setMaster() throws(DisplayError)
}

extension KMSDevice {
    /// Devices without DRM master (the bench's memory device) have nothing to give up.
    public func dropMaster() throws(DisplayError) {}
    public func setMaster() throws(DisplayError) {}
}
