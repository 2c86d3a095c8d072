import PanelSystem
import PanelDisplay

/// A GPU that records every call, for testing the KMS output's logic without hardware.
package final class FakeKMSDevice: KMSDevice {
    package final class Buffer: ScanoutBuffer {
        package let framebufferID: UInt32
        package let width: Int
        package let height: Int
        package let pitch: Int
        package let pixels: UnsafeMutableRawPointer
        package init(id: UInt32, width: Int, height: Int) {
            framebufferID = id; self.width = width; self.height = height
            pitch = width * 4 + 64   // a pitch wider than the row, as real drivers often use
            pixels = UnsafeMutableRawPointer.allocate(byteCount: pitch * height, alignment: 16)
            pixels.initializeMemory(as: UInt8.self, repeating: 0, count: pitch * height)
        }
        deinit { pixels.deallocate() }
        package func pixel(x: Int, y: Int) -> UInt32 { pixels.load(fromByteOffset: y * pitch + x * 4, as: UInt32.self) }
    }

    package let path = "/dev/dri/fake0"
    package var eventDescriptor: Int32 { -1 }
    package var connectorList: [ConnectorInfo]
    package var calls: [String] = []
    package var buffers: [Buffer] = []
    package var liveBuffers = 0
    /// CRTCs with a flip queued, in order; completed by `dispatchEvents`.
    package var pendingFlipCRTCs: [UInt32] = []
    package var pendingFlips: Int { pendingFlipCRTCs.count }
    package var setCRTCError: DisplayError?
    package var shown: Buffer?
    /// The buffer each CRTC shows (set by the mode set, then by each flip).
    package var shownOn: [UInt32: Buffer] = [:]

    package init(connectors: [ConnectorInfo]) { connectorList = connectors }

    package func connectors() throws(DisplayError) -> [ConnectorInfo] { connectorList }
    package func saveCRTC(_ crtc: UInt32) { calls.append("save \(crtc)") }
    package func restoreCRTC(_ crtc: UInt32, connector: UInt32) { calls.append("restore \(crtc) \(connector)") }
    package func createScanoutBuffer(width: Int, height: Int) throws(DisplayError) -> any ScanoutBuffer {
        let b = Buffer(id: UInt32(100 + buffers.count), width: width, height: height)
        buffers.append(b)
        liveBuffers += 1
        calls.append("create \(b.framebufferID) \(width)x\(height)")
        return b
    }
    package func destroyScanoutBuffer(_ buffer: any ScanoutBuffer) {
        liveBuffers -= 1
        calls.append("destroy \(buffer.framebufferID)")
    }
    package func setCRTC(_ crtc: UInt32, buffer: any ScanoutBuffer, connector: UInt32, mode: DisplayMode) throws(DisplayError) {
        if let setCRTCError { throw setCRTCError }
        calls.append("setcrtc \(crtc) fb \(buffer.framebufferID) conn \(connector) \(mode)")
        shown = buffer as? Buffer
        shownOn[crtc] = buffer as? Buffer
    }
    package func pageFlip(_ crtc: UInt32, buffer: any ScanoutBuffer) throws(DisplayError) {
        calls.append("flip \(crtc) fb \(buffer.framebufferID)")
        pendingFlipCRTCs.append(crtc)
        shown = buffer as? Buffer
        shownOn[crtc] = buffer as? Buffer
    }
    package func dispatchEvents(onFlipComplete: (_ crtc: UInt32) -> Void) throws(DisplayError) {
        let done = pendingFlipCRTCs
        pendingFlipCRTCs = []
        for crtc in done { onFlipComplete(crtc) }
    }

    package var setMasterError: DisplayError?
    package func dropMaster() throws(DisplayError) { calls.append("dropmaster") }
    package func setMaster() throws(DisplayError) {
        if let setMasterError { throw setMasterError }
        calls.append("setmaster")
    }

    /// Connectors whose driver has a DPMS property (id 77); nil: every connector. The DPMS
    /// writes are recorded as "dpms CONNECTOR on|off".
    package var dpmsConnectors: Set<UInt32>?

    package static func mode(_ w: Int, _ h: Int, _ hz: Double, preferred: Bool = false, index: Int) -> DisplayMode {
        DisplayMode(width: w, height: h, refreshRate: hz, isPreferred: preferred, index: index)
    }

    package static func typical() -> FakeKMSDevice {
        FakeKMSDevice(connectors: [
            ConnectorInfo(id: 30, name: "HDMI-A-1", isConnected: false, modes: [], crtcCandidates: [40]),
            ConnectorInfo(id: 31, name: "Virtual-1", isConnected: true,
                          modes: [mode(1920, 1080, 60, index: 0), mode(1024, 768, 60, preferred: true, index: 1),
                                  mode(1024, 768, 75, index: 2), mode(800, 600, 60, index: 3)],
                          crtcCandidates: [41, 42]),
        ])
    }
}

extension FakeKMSDevice: DisplayPowerControl {
    package func dpmsProperty(connector: UInt32) -> UInt32? { dpmsConnectors.map { $0.contains(connector) } ?? true ? 77 : nil }
    package func setDPMS(connector: UInt32, property: UInt32, on: Bool) throws(DisplayError) {
        calls.append("dpms \(connector) \(on ? "on" : "off")")
    }
}
