import CDRM
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelSystem

/// A DRM/KMS device node opened for modesetting: the one place that calls libdrm.
public final class DRMDevice: KMSDevice {
    public let path: String
    package let fd: Int32
    /// The character-device major number of DRM nodes on Linux.
    package static let drmMajor: UInt = 226
    private var savedCRTCs: [UInt32: UnsafeMutablePointer<drmModeCrtc>] = [:]
    /// Raw modes per connector, so a `DisplayMode` can be turned back into what SetCrtc needs.
    private var rawModes: [UInt32: [drmModeModeInfo]] = [:]
    /// The CRTCs of completed flips, collected by the C callback (passed as its user data).
    private let completedFlips = CompletedFlips()

    public init(path: String) throws(DisplayError) {
        // Everything that can fail happens before any stored property is set, so a throw
        // never runs deinit on a half-made device (no double close or free).
        // Look before opening: opening an arbitrary node can have effects (a watchdog starts
        // counting, a FIFO waits for a writer). DRM nodes are character devices, major 226.
        var st = stat()
        if stat(path, &st) != 0 {
            let e = errno
            if e == ENOENT || e == ENOTDIR { throw DisplayError(.noDevice, "no display: \(path) does not exist (no DRM/KMS device here)") }
            if e == EACCES { throw DisplayError(.permissionDenied, "cannot open \(path): permission denied") }
            throw DisplayError.call("stat", errno: e, context: path)
        }
        let type = st.st_mode & S_IFMT
        guard type == S_IFCHR else {
            let what = type == S_IFREG ? "a regular file" : type == S_IFIFO ? "a FIFO" : type == S_IFDIR ? "a directory" : "not a device node"
            throw DisplayError(.notKMSDevice, "\(path) is \(what), not a DRM/KMS device (/dev/dri/cardN)")
        }
        let major = ((st.st_rdev >> 8) & 0xfff) | ((st.st_rdev >> 32) & ~0xfff)
        guard major == Self.drmMajor else {
            throw DisplayError(.notKMSDevice, "\(path) is a character device of another kind (major \(major)), not a DRM/KMS device (/dev/dri/cardN)")
        }
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            let e = errno
            switch e {
            case ENOENT, ENODEV, ENXIO:
                throw DisplayError(.noDevice, "no display: \(path) does not exist (no DRM/KMS device here)")
            case EACCES, EPERM:
                throw DisplayError(.permissionDenied, "cannot open \(path): permission denied (run as root or add the user to the 'video' group)")
            default:
                throw DisplayError.call("open", errno: e, context: path)
            }
        }
        var cap: UInt64 = 0
        if drmGetCap(fd, UInt64(DRM_CAP_DUMB_BUFFER), &cap) != 0 || cap == 0 {
            close(fd)
            throw DisplayError(.notKMSDevice, "\(path) is not a KMS device with dumb buffers (a render-only node?)")
        }
        self.path = path
        self.fd = fd
    }

    deinit {
        for (_, c) in savedCRTCs { drmModeFreeCrtc(c) }
        close(fd)
    }

    public var eventDescriptor: Int32 { fd }

    /// Whether this process holds DRM master (needed to set modes).
    public var isMaster: Bool { drmIsMaster(fd) != 0 }

    public func connectors() throws(DisplayError) -> [ConnectorInfo] {
        guard let res = drmModeGetResources(fd) else {
            throw DisplayError.call("drmModeGetResources", errno: errno, context: path)
        }
        defer { drmModeFreeResources(res) }
        let crtcs = (0..<Int(res.pointee.count_crtcs)).map { res.pointee.crtcs[$0] }
        var result: [ConnectorInfo] = []
        for i in 0..<Int(res.pointee.count_connectors) {
            guard let conn = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(conn) }
            let c = conn.pointee
            let typeName = drmModeGetConnectorTypeName(c.connector_type).map { String(cString: $0) } ?? "Unknown"
            var modes: [DisplayMode] = []
            var raws: [drmModeModeInfo] = []
            for m in 0..<Int(c.count_modes) {
                let raw = c.modes[m]
                raws.append(raw)
                let total = Double(raw.htotal) * Double(raw.vtotal)
                var hz = total > 0 ? Double(raw.clock) * 1000 / total : Double(raw.vrefresh)
                if raw.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0 { hz *= 2 }
                modes.append(DisplayMode(width: Int(raw.hdisplay), height: Int(raw.vdisplay), refreshRate: hz,
                                         isPreferred: raw.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0, index: m))
            }
            rawModes[c.connector_id] = raws
            result.append(ConnectorInfo(id: c.connector_id, name: "\(typeName)-\(c.connector_type_id)",
                                        isConnected: c.connection == DRM_MODE_CONNECTED, modes: modes,
                                        crtcCandidates: crtcCandidates(for: c, crtcs: crtcs),
                                        mmWidth: Int(c.mmWidth), mmHeight: Int(c.mmHeight),
                                        panelOrientation: panelOrientation(of: c.connector_id)))
        }
        return result
    }

    /// The enum property "panel orientation" of a connector, read as plymouth does.
    private func panelOrientation(of connector: UInt32) -> PanelOrientation? {
        guard let props = drmModeObjectGetProperties(fd, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(props) }
        for i in 0..<Int(props.pointee.count_props) {
            guard let prop = drmModeGetProperty(fd, props.pointee.props[i]) else { continue }
            defer { drmModeFreeProperty(prop) }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name == "panel orientation", prop.pointee.flags & UInt32(DRM_MODE_PROP_ENUM) != 0 else { continue }
            let value = props.pointee.prop_values[i]
            for e in 0..<Int(prop.pointee.count_enums) where prop.pointee.enums[e].value == value {
                let enumName = withUnsafeBytes(of: prop.pointee.enums[e].name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                return PanelOrientation(kmsName: enumName)
            }
        }
        return nil
    }

    private func crtcCandidates(for c: drmModeConnector, crtcs: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        if c.encoder_id != 0, let enc = drmModeGetEncoder(fd, c.encoder_id) {
            if enc.pointee.crtc_id != 0 { out.append(enc.pointee.crtc_id) }
            drmModeFreeEncoder(enc)
        }
        for e in 0..<Int(c.count_encoders) {
            guard let enc = drmModeGetEncoder(fd, c.encoders[e]) else { continue }
            for (i, crtc) in crtcs.enumerated() where enc.pointee.possible_crtcs & (1 << UInt32(i)) != 0 && !out.contains(crtc) {
                out.append(crtc)
            }
            drmModeFreeEncoder(enc)
        }
        return out
    }

    public func saveCRTC(_ crtc: UInt32) {
        if savedCRTCs[crtc] == nil, let saved = drmModeGetCrtc(fd, crtc) { savedCRTCs[crtc] = saved }
    }

    public func restoreCRTC(_ crtc: UInt32, connector: UInt32) {
        guard let saved = savedCRTCs[crtc] else { return }
        var conn = connector
        if saved.pointee.mode_valid != 0 && saved.pointee.buffer_id != 0 {
            _ = drmModeSetCrtc(fd, crtc, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y, &conn, 1, &saved.pointee.mode)
        } else {
            // Nothing was shown before us: switch the CRTC off rather than leave our last frame.
            _ = drmModeSetCrtc(fd, crtc, 0, 0, 0, nil, 0, nil)
        }
    }

    public func createScanoutBuffer(width: Int, height: Int) throws(DisplayError) -> any ScanoutBuffer {
        try DumbBuffer(fd: fd, width: width, height: height)
    }

    public func destroyScanoutBuffer(_ buffer: any ScanoutBuffer) {
        (buffer as? DumbBuffer)?.release()
    }

    public func setCRTC(_ crtc: UInt32, buffer: any ScanoutBuffer, connector: UInt32, mode: DisplayMode) throws(DisplayError) {
        guard var raw = rawModes[connector]?[mode.index] else {
            throw DisplayError(.modeNotOffered, "mode \(mode) is not known for connector \(connector)")
        }
        var conn = connector
        if drmModeSetCrtc(fd, crtc, buffer.framebufferID, 0, 0, &conn, 1, &raw) != 0 {
            let e = errno
            if e == EACCES || e == EPERM {
                throw DisplayError(.masterHeld, "cannot take the display: another program (a compositor or X server) holds DRM master on \(path)")
            }
            throw DisplayError.call("drmModeSetCrtc", errno: e, context: path)
        }
    }

    public func pageFlip(_ crtc: UInt32, buffer: any ScanoutBuffer) throws(DisplayError) {
        let userData = Unmanaged.passUnretained(completedFlips).toOpaque()
        if drmModePageFlip(fd, crtc, buffer.framebufferID, UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData) != 0 {
            throw DisplayError.call("drmModePageFlip", errno: errno, context: path)
        }
    }

    public func dispatchEvents(onFlipComplete: (_ crtc: UInt32) -> Void) throws(DisplayError) {
        var ctx = drmEventContext()
        // Version 3: page_flip_handler2 names the CRTC, so flips of several outputs are told apart.
        ctx.version = 3
        ctx.page_flip_handler2 = { _, _, _, _, crtc, userData in
            guard let userData else { return }
            Unmanaged<CompletedFlips>.fromOpaque(userData).takeUnretainedValue().crtcs.append(crtc)
        }
        completedFlips.crtcs.removeAll(keepingCapacity: true)
        if drmHandleEvent(fd, &ctx) != 0 && errno != EAGAIN {
            throw DisplayError.call("drmHandleEvent", errno: errno, context: path)
        }
        for crtc in completedFlips.crtcs { onFlipComplete(crtc) }
    }

    public func dropMaster() throws(DisplayError) {
        if drmDropMaster(fd) != 0 { throw DisplayError.call("drmDropMaster", errno: errno, context: path) }
    }

    public func setMaster() throws(DisplayError) {
        if drmSetMaster(fd) != 0 {
            let e = errno
            if e == EACCES || e == EPERM || e == EBUSY {
                throw DisplayError(.masterHeld, "cannot take the display back: drmSetMaster on \(path) failed: \(String(cString: strerror(e))) (another program holds DRM master, or this kernel lets only root take it back)")
            }
            throw DisplayError.call("drmSetMaster", errno: e, context: path)
        }
    }

    /// Device nodes that may drive a display, in name order.
    public static func candidatePaths() -> [String] {
        guard let dir = opendir("/dev/dri") else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("card") { names.append("/dev/dri/" + name) }
        }
        return names.sorted { $0.count == $1.count ? $0 < $1 : $0.count < $1.count }
    }
}

/// Where the page-flip callback (a C function pointer, so no captures) puts the CRTCs it saw.
private final class CompletedFlips {
    var crtcs: [UInt32] = []
}

/// A dumb buffer mapped into our memory and registered as an XRGB8888 framebuffer.
package final class DumbBuffer: ScanoutBuffer {
    private let fd: Int32
    package let handle: UInt32
    package let framebufferID: UInt32
    package let width: Int
    package let height: Int
    package let pitch: Int
    package let pixels: UnsafeMutableRawPointer
    private let size: Int
    private var released = false

    package init(fd: Int32, width: Int, height: Int) throws(DisplayError) {
        self.fd = fd
        self.width = width
        self.height = height
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        if drmModeCreateDumbBuffer(fd, UInt32(width), UInt32(height), 32, 0, &handle, &pitch, &size) != 0 {
            throw DisplayError.call("drmModeCreateDumbBuffer", errno: errno)
        }
        var fb: UInt32 = 0
        if drmModeAddFB(fd, UInt32(width), UInt32(height), 24, 32, pitch, handle, &fb) != 0 {
            let e = errno
            _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.call("drmModeAddFB", errno: e)
        }
        var offset: UInt64 = 0
        if drmModeMapDumbBuffer(fd, handle, &offset) != 0 {
            let e = errno
            _ = drmModeRmFB(fd, fb); _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.call("drmModeMapDumbBuffer", errno: e)
        }
        // Populated: the first frame writes every page, and a fault a page cost the first
        // frame more than its painting (the driver maps them all in one call instead).
        let map = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, off_t(offset))
        if map == MAP_FAILED || map == nil {
            let e = errno
            _ = drmModeRmFB(fd, fb); _ = drmModeDestroyDumbBuffer(fd, handle)
            throw DisplayError.call("mmap", errno: e)
        }
        self.handle = handle
        self.framebufferID = fb
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.pixels = map!
    }

    package func release() {
        guard !released else { return }
        released = true
        munmap(pixels, size)
        _ = drmModeRmFB(fd, framebufferID)
        _ = drmModeDestroyDumbBuffer(fd, handle)
    }

    deinit { release() }
}
