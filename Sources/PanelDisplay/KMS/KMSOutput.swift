import Graphics
import PanelCore
import PanelSystem

/// Presents frames on a KMS connector: two XRGB8888 dumb buffers, a modeset for the first
/// frame, then only page flips with completion events. The back buffer gets only the
/// rectangles it needs, each painted by the frame's source into a small tile in ordinary
/// memory (`ScratchTile`), band by band, and copied from there: scanout memory is often
/// write-combined and slow to read, so we never read or draw into it, and no screen-sized
/// frame is kept anywhere.
public final class KMSOutput {
    public let device: any KMSDevice
    public let connector: ConnectorInfo
    public let mode: DisplayMode
    public let crtc: UInt32
    /// How the upright frame is turned onto this screen (a panel mounted on its side).
    public private(set) var rotation: ScreenRotation
    private var buffers: [any ScanoutBuffer] = []
    /// Index of the buffer on screen (or about to be, while a flip is pending).
    private var frontIndex = 0
    /// Damage painted into each buffer's last frame: what the other buffer is missing.
    private var previousDamage: [PixelRect] = []
    /// Where each rectangle is painted before it is copied (256 KB, reused).
    private let tile = ScratchTile()
    public private(set) var flipPending = false
    private var started = false
    public var isStarted: Bool { started }
    /// The arrow composited into the buffers where the driver has no cursor plane: drawn
    /// into each buffer after its copy, erased by the next copy into that buffer.
    public var softwareCursor: SoftwareCursor?
    /// Where each buffer shows the arrow (physical pixels), for that buffer's next copy to erase.
    private var cursorBoxes: [PixelRect?] = [nil, nil]
    /// The physical rectangles the last start, present or resume wrote into the scanout
    /// buffer (overlaps counted as written twice): what a frame cost in copies.
    public private(set) var lastWrites: [PixelRect] = []
    /// The composited arrow moved, appeared or went since it was last drawn: a frame is due.
    public var cursorNeedsFrame: Bool { softwareCursor?.needsFrame ?? false }

    public var width: Int { mode.width }
    public var height: Int { mode.height }

    /// Chooses the connector (the named one, else the first connected one), its mode and a CRTC.
    public convenience init(device: any KMSDevice, connectorName: String?, modeRequest: ModeRequest) throws(DisplayError) {
        let all = try device.connectors()
        let summary = all.map { "\($0.name) (\($0.isConnected ? "connected" : "disconnected"))" }.joined(separator: ", ")
        let chosen: ConnectorInfo
        if let connectorName {
            guard let c = all.first(where: { $0.name == connectorName }) else {
                throw DisplayError(.unknownConnector, "no connector named '\(connectorName)' on \(device.path) (available: \(summary.isEmpty ? "none" : summary))")
            }
            guard c.isConnected else {
                throw DisplayError(.noConnectedConnector, "connector \(connectorName) on \(device.path) has no display connected")
            }
            chosen = c
        } else {
            guard let c = all.first(where: { $0.isConnected && !$0.modes.isEmpty }) else {
                throw DisplayError(.noConnectedConnector, "no connected display on \(device.path) (connectors: \(summary.isEmpty ? "none" : summary))")
            }
            chosen = c
        }
        try self.init(device: device, connector: chosen, modeRequest: modeRequest, busyCRTCs: [])
    }

    /// Drives `connector` with the mode `modeRequest` picks, on the first CRTC that can drive
    /// it and is not in `busyCRTCs` (those of the other outputs of the same device).
    public init(device: any KMSDevice, connector chosen: ConnectorInfo, modeRequest: ModeRequest, busyCRTCs: Set<UInt32>) throws(DisplayError) {
        self.device = device
        guard let m = modeRequest.select(from: chosen.modes) else {
            let offered = chosen.modes.map(\.description).joined(separator: ", ")
            let asked: String
            switch modeRequest {
            case .preferred: asked = "preferred mode"
            case let .size(w, h, hz): asked = "mode \(w)x\(h)" + (hz.map { "@" + ($0 == $0.rounded() ? String(Int($0)) : String($0)) } ?? "")
            }
            throw DisplayError(.modeNotOffered, "\(asked) is not offered by \(chosen.name) (offered: \(offered.isEmpty ? "none" : offered))")
        }
        guard let crtc = chosen.crtcCandidates.first(where: { !busyCRTCs.contains($0) }) else {
            throw DisplayError(.system, "no free CRTC can drive \(chosen.name) on \(device.path)")
        }
        connector = chosen
        mode = m
        self.crtc = crtc
        rotation = ScreenRotation(degrees: 0, physicalWidth: m.width, physicalHeight: m.height)
    }

    /// Turns the upright frame `degrees` clockwise onto the screen (0, 90, 180, 270).
    public func setRotation(degrees: Int) {
        rotation = ScreenRotation(degrees: degrees, physicalWidth: mode.width, physicalHeight: mode.height)
    }

    /// The frame size the compositor must paint (the screen's, or swapped when turned 90°/270°).
    public var frameWidth: Int { rotation.logicalWidth }
    public var frameHeight: Int { rotation.logicalHeight }

    /// Allocates both buffers, paints the whole of `source` once and copies it into both (so
    /// they agree pixel for pixel), and sets the mode with the first. On failure nothing
    /// stays allocated and the CRTC is untouched.
    public func start(with source: any FrameSource) throws(DisplayError) {
        precondition(!started, "start() called twice")
        do {
            for _ in 0..<2 { buffers.append(try device.createScanoutBuffer(width: mode.width, height: mode.height)) }
            let full = PixelRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
            cursorBoxes = [nil, nil]
            update(0, from: source, rects: [full], alsoInto: buffers[1])
            device.saveCRTC(crtc)
            try device.setCRTC(crtc, buffer: buffers[0], connector: connector.id, mode: mode)
        } catch {
            for b in buffers { device.destroyScanoutBuffer(b) }
            buffers.removeAll()
            throw error
        }
        started = true
        frontIndex = 0
        previousDamage = []   // the back buffer holds the same picture (without the arrow)
    }

    /// Paints this frame's damage, plus what the back buffer missed last time (repainted, as
    /// there is no frame to copy it from), and queues a flip.
    public func present(_ source: any FrameSource, damage: [PixelRect]) throws(DisplayError) {
        precondition(started && !flipPending, "present() needs a started output with no flip pending")
        let back = buffers[1 - frontIndex]
        update(1 - frontIndex, from: source, rects: previousDamage + damage)
        try device.pageFlip(crtc, buffer: back)
        flipPending = true
        frontIndex = 1 - frontIndex
        previousDamage = damage
    }

    /// The VT was switched away: gives up DRM master so the console (or the next VT's owner)
    /// can set its own mode. No frame may be presented until `resume`.
    public func suspend() throws(DisplayError) {
        precondition(started, "suspend() needs a started output")
        try device.dropMaster()
    }

    /// Back on our VT: takes master again and sets the mode with the whole of `source` in the
    /// front buffer (the CRTC shows whatever the console left there). The back buffer missed
    /// everything since, so the next `present` paints all of it.
    public func resume(with source: any FrameSource) throws(DisplayError) {
        precondition(started, "resume() needs a started output")
        try device.setMaster()
        let full = PixelRect(x: 0, y: 0, width: frameWidth, height: frameHeight)
        update(frontIndex, from: source, rects: [full])
        try device.setCRTC(crtc, buffer: buffers[frontIndex], connector: connector.id, mode: mode)
        flipPending = false   // a flip still queued at the switch completed or was dropped with the mode
        previousDamage = [full]
    }

    /// Reads the device's completion events (when this is its only output); returns how many
    /// flips of this output completed.
    @discardableResult
    public func handleEvents() throws(DisplayError) -> Int {
        var n = 0
        try device.dispatchEvents { if $0 == crtc { n += 1 } }
        if n > 0 { flipCompleted() }
        return n
    }

    /// The flip queued by `present` is on screen (the caller dispatched the device's events).
    public func flipCompleted() { flipPending = false }

    /// Puts back what the CRTC showed before us and frees the buffers. Safe to call twice.
    /// `restoringCRTC` false: the buffers only (another VT shows, the CRTC is not ours).
    public func shutdown(restoringCRTC: Bool = true) {
        guard started else { return }
        started = false
        if restoringCRTC { device.restoreCRTC(crtc, connector: connector.id) }
        for b in buffers { device.destroyScanoutBuffer(b) }
        buffers.removeAll()
    }

    deinit { shutdown() }

    /// Brings buffer `index` up to `source`: paints `rects` (upright frame) and the arrow's
    /// old box in this buffer, overlaps merged so no pixel is painted twice (a turning knob's
    /// last and new boxes are nearly one box), then the arrow's box where it is now.
    /// `alsoInto`: a buffer that gets the same rectangles (not the arrow).
    private func update(_ index: Int, from source: any FrameSource, rects: [PixelRect], alsoInto twin: (any ScanoutBuffer)? = nil) {
        let screen = PixelRect(x: 0, y: 0, width: mode.width, height: mode.height)
        var region = DamageRegion(width: frameWidth, height: frameHeight)
        for r in rects { region.add(r) }
        if let old = cursorBoxes[index] { region.add(rotation.toLogical(old)) }
        let targets = [buffers[index]] + (twin.map { [$0] } ?? [])
        for r in region.rects { paint(r, from: source, into: targets) }
        lastWrites = region.rects.map { rotation.toPhysical($0).intersection(screen) }.filter { !$0.isEmpty }
        cursorBoxes[index] = nil
        guard let cursor = softwareCursor else { return }
        cursor.needsFrame = false
        guard let box = cursor.visibleBox(on: rotation) else { return }
        // The panel under the arrow, painted for its box, with the arrow blended in.
        let upright = rotation.toLogical(box)
        guard let piece = try? tile.surface(width: upright.width, height: upright.height) else { return }
        source.paintFrame(upright, into: piece)
        cursor.blend(into: piece, origin: (upright.x, upright.y), rotation: rotation)
        rotation.copy(piece, origin: (upright.x, upright.y), rect: upright, into: buffers[index].pixels, pitch: buffers[index].pitch)
        cursorBoxes[index] = box
        lastWrites.append(box)
    }

    /// Paints `rect` of the upright frame into the tile, in bands of rows that fit it, and
    /// copies each band into the scanout buffers (turned if need be).
    private func paint(_ rect: PixelRect, from source: any FrameSource, into targets: [any ScanoutBuffer]) {
        let rows = tile.rows(forWidth: rect.width)
        var y = rect.y
        while y < rect.maxY {
            let band = PixelRect(x: rect.x, y: y, width: rect.width, height: Swift.min(rows, rect.maxY - y))
            y = band.maxY
            // The tile fits any band it hands out; nothing else can fail here.
            guard let piece = try? tile.surface(width: band.width, height: band.height) else { continue }
            source.paintFrame(band, into: piece)
            for buffer in targets { rotation.copy(piece, origin: (band.x, band.y), rect: band, into: buffer.pixels, pitch: buffer.pitch) }
        }
    }
}
