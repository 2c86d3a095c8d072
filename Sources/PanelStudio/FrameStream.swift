import Graphics
#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelLoop

/// Pushes the picture to the studio's browsers as it changes, over their event streams:
/// a reader first gets the whole frame, then only the rectangles that changed since the last
/// frame sent (found by comparing with a copy of it: ChangedRegions), each a PNG (Cairo),
/// base64 in a Server-Sent Event. Nothing is sent while nothing changes; while something moves, at most
/// one frame per `minInterval`, so encoding never takes the loop's frame pacing (a PNG of a
/// knob's square is a few ms; a whole 1280×800 frame ~30 ms, sent only to new readers).
/// A reader that falls behind skips patches and gets a whole frame once it has caught up.
package final class FrameStream: PollSource {
    private let frame: () throws(GraphicsError) -> ImageSurface
    private var readers: [HTTPConnection] = []
    /// The last frame sent, as the readers' canvases now show it.
    private var sent: ImageSurface?
    private(set) var sequence = 0
    private var dirty = false
    private var nextAllowed = -Double.infinity
    private var fullFrameCache: (sequence: Int, event: [UInt8])?
    package let minInterval: Double
    /// A reader with more than this queued skips patches until it catches up.
    package static let behindBytes = 2 * 1024 * 1024
    /// Bytes all readers together may have queued: past it, the reader furthest behind is
    /// cut (a browser's EventSource reconnects), so streams that never read cannot add up
    /// (31 of them held 112 MB).
    package static let totalQueuedBytes = 16 * 1024 * 1024
    /// Bytes of frame events queued for readers (for measuring the stream's bandwidth).
    private(set) var bytesSent = 0
    private(set) var patchesSent = 0
    package var report: (String) -> Void = { _ in }

    package init(minInterval: Double = 1.0 / 30, frame: @escaping () throws(GraphicsError) -> ImageSurface) {
        self.minInterval = minInterval
        self.frame = frame
    }

    package var readerCount: Int { readers.filter { !$0.isFinished }.count }

    /// A new event stream: it gets the frame its patches will apply to, then the patches.
    package func add(_ reader: HTTPConnection) {
        readers.removeAll { $0.isFinished }
        do {
            if sent == nil { try snapshot() }
            reader.send(try fullFrameEvent())
            readers.append(reader)
            enforceTotal()
        } catch {
            report("studio: cannot encode the frame: \(error)")
        }
    }

    /// Sends an event (a panel event line) to every reader.
    package func broadcast(_ event: [UInt8]) {
        readers.removeAll { $0.isFinished }
        for r in readers { r.send(event) }
        enforceTotal()
    }

    /// Cuts the readers furthest behind until all of them together are within `totalQueuedBytes`.
    private func enforceTotal() {
        var total = readers.reduce(0) { $0 + ($1.isFinished ? 0 : $1.queuedBytes) }
        while total > Self.totalQueuedBytes, let worst = readers.filter({ !$0.isFinished }).max(by: { $0.queuedBytes < $1.queuedBytes }) {
            total -= worst.queuedBytes
            report("studio: event stream \(worst.id) cut: \(worst.queuedBytes / 1024) KiB waiting while all streams together hold more than \(Self.totalQueuedBytes / 1024 / 1024) MiB")
            worst.finish()
        }
        readers.removeAll { $0.isFinished }
    }

    /// The panel showed a new frame.
    package func frameChanged(at time: Double) {
        guard !readers.isEmpty else { sent = nil; return }
        dirty = true
        if time >= nextAllowed { push(at: time) }
    }

    // MARK: PollSource (only its deadline: the next allowed push)

    package var pollRequests: [PollRequest] { [] }
    package var hasPendingWork: Bool { false }
    package var isFinished: Bool { false }
    package var deadline: Double? {
        dirty || readers.contains(where: { $0.needsFullFrame && !$0.isFinished }) ? nextAllowed : nil
    }

    package func service(_ revents: [Int16], at time: Double) {
        if time >= nextAllowed { push(at: time) }
    }

    // MARK: frames

    private func push(at time: Double) {
        readers.removeAll { $0.isFinished }
        nextAllowed = time + minInterval
        guard !readers.isEmpty else { dirty = false; sent = nil; return }
        do {
            var patch: [UInt8]?
            if dirty {
                dirty = false
                let current = try frame()
                if let sent, sent.width == current.width, sent.height == current.height {
                    let boxes = ChangedRegions.boxes(sent, current)
                    if !boxes.isEmpty {
                        sequence += 1
                        var events: [UInt8] = []
                        for box in boxes {
                            Self.copy(box, from: current, to: sent)
                            events += try event(of: sent, box: box, full: false)
                        }
                        patch = events
                    }
                } else {
                    try snapshot()
                    for r in readers { r.needsFullFrame = true }
                }
            }
            // Within the total: a reader that would take it past skips this frame (and gets a
            // whole one later), so the queues never add up past `totalQueuedBytes` even briefly.
            var total = readers.reduce(0) { $0 + $1.queuedBytes }
            for r in readers {
                if r.needsFullFrame {
                    let full = try fullFrameEvent()
                    if r.queuedBytes < Self.behindBytes / 2 && total + full.count <= Self.totalQueuedBytes {
                        r.needsFullFrame = false; send(full, to: r); total += full.count
                    }
                } else if let patch {
                    if r.queuedBytes > Self.behindBytes || total + patch.count > Self.totalQueuedBytes { r.needsFullFrame = true }
                    else { send(patch, to: r); total += patch.count }
                }
            }
        } catch {
            report("studio: cannot encode the frame: \(error)")
        }
    }

    private func send(_ event: [UInt8], to reader: HTTPConnection) {
        bytesSent += event.count
        patchesSent += 1
        reader.send(event)
    }

    private func snapshot() throws(GraphicsError) {
        let current = try frame()
        let copy = try ImageSurface(width: current.width, height: current.height)
        Self.copy((0, 0, current.width, current.height), from: current, to: copy)
        sent = copy
        sequence += 1
    }

    private func fullFrameEvent() throws(GraphicsError) -> [UInt8] {
        if let c = fullFrameCache, c.sequence == sequence { return c.event }
        guard let sent else { return [] }
        let e = try event(of: sent, box: (0, 0, sent.width, sent.height), full: true)
        fullFrameCache = (sequence, e)
        return e
    }

    private func event(of image: ImageSurface, box: (x: Int, y: Int, w: Int, h: Int), full: Bool) throws(GraphicsError) -> [UInt8] {
        let png = try image.pngData(x: box.x, y: box.y, width: box.w, height: box.h)
        var head = "event: frame\ndata: {\"n\":\(sequence),\"full\":\(full),\"width\":\(image.width),\"height\":\(image.height),"
        head += "\"x\":\(box.x),\"y\":\(box.y),\"w\":\(box.w),\"h\":\(box.h),\"png\":\""
        var bytes = Array(head.utf8)
        Base64.append(png, to: &bytes)
        bytes.append(contentsOf: "\"}\n\n".utf8)
        return bytes
    }

    /// The smallest rectangle holding every pixel that differs, nil if none does.
    package static func changedBox(_ a: ImageSurface, _ b: ImageSurface) -> (x: Int, y: Int, w: Int, h: Int)? {
        a.withPixelBytes { pa, sa in
            b.withPixelBytes { pb, sb in
                var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
                let w = a.width
                for y in 0..<a.height {
                    let ra = (pa + y * sa).assumingMemoryBound(to: UInt32.self)
                    let rb = (pb + y * sb).assumingMemoryBound(to: UInt32.self)
                    if memcmp(ra, rb, w * 4) == 0 { continue }
                    var l = 0
                    while ra[l] == rb[l] { l += 1 }
                    var r = w - 1
                    while ra[r] == rb[r] { r -= 1 }
                    minX = Swift.min(minX, l); maxX = Swift.max(maxX, r)
                    minY = Swift.min(minY, y); maxY = y
                }
                return maxY < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
            }
        }
    }

    package static func copy(_ box: (x: Int, y: Int, w: Int, h: Int), from src: ImageSurface, to dst: ImageSurface) {
        src.withPixelBytes { ps, ss in
            dst.withPixelBytes { pd, sd in
                let rowBytes = box.w * 4, left = box.x * 4
                for y in box.y..<(box.y + box.h) {
                    let to: UnsafeMutableRawPointer = pd + (y * sd + left)
                    let from: UnsafeRawPointer = UnsafeRawPointer(ps + (y * ss + left))
                    to.copyMemory(from: from, byteCount: rowBytes)
                }
            }
        }
    }
}
