import Graphics
import PanelProtocol

/// The flight recorder: the last minutes of input, commands (stdin, socket, MQTT, studio,
/// scripts) and reloads, kept in memory so a panel that misbehaved on a wall can be replayed
/// after the fact (`dump`, SIGUSR1) with `render --input`. Unlike `--record` it needs no
/// planning and never grows: it is bounded by age and by bytes.
///
/// The ring is a short list of segments. Each starts with a checkpoint, everything replay
/// needs to start there (the layout's text, the screen size, every widget's exact value, the
/// page, the drawer, focus, pointer and screen state), followed by the script lines recorded
/// since. Old history goes a whole segment at a time, so the oldest line kept always follows
/// a checkpoint. Checkpoints are taken when the panel is at rest (no finger down, nothing
/// moving), where the state says everything; one forced while something moves says so.
public final class FlightRecorder {
    public struct Limits: Sendable, Equatable {
        /// History kept: at least this many seconds (up to 1.4 times as much: whole segments).
        public var seconds: Double
        /// At most this many bytes of lines and checkpoints (the dump is about this size).
        public var bytes: Int
        public static let `default` = Limits(seconds: 300, bytes: 1 << 20)
        public init(seconds: Double, bytes: Int) { self.seconds = seconds; self.bytes = bytes }
    }

    /// The layout a checkpoint was taken with: read once per load or reload, shared by the
    /// checkpoints that follow (so it is not counted per segment).
    public final class Layout {
        public let text: String
        public let path: String
        /// Counts reloads and resizes: lines recorded under an earlier one cannot replay on
        /// the newest layout, and are written as comments.
        public let epoch: Int
        public let width: Int
        public let height: Int
        public let rotation: Int
        public init(text: String, path: String, epoch: Int, width: Int, height: Int, rotation: Int) {
            self.text = text; self.path = path; self.epoch = epoch
            self.width = width; self.height = height; self.rotation = rotation
        }
    }

    /// Where a segment starts: the state as a `--state` object with exact numbers, and the
    /// script lines (bodies) that bring a freshly loaded panel to it at the segment's time.
    public struct Checkpoint {
        public var time: Double
        public var layout: Layout
        public var state: String
        public var lines: [String]
        /// False when it was forced while a finger was down or something moved.
        public var atRest: Bool
        public init(time: Double, layout: Layout, state: String, lines: [String], atRest: Bool) {
            self.time = time; self.layout = layout; self.state = state; self.lines = lines; self.atRest = atRest
        }
        package var bytes: Int { state.utf8.count + lines.reduce(0) { $0 + $1.utf8.count + 12 } }
    }

    private struct Segment {
        var checkpoint: Checkpoint
        var times: [Double] = []
        /// Line bodies back to back, one contiguous buffer (no per-line allocation).
        var text: [UInt8] = []
        var ends: [Int] = []
        var bytes: Int
        init(_ checkpoint: Checkpoint) { self.checkpoint = checkpoint; bytes = checkpoint.bytes }
        func body(_ i: Int) -> Substring {
            let start = i == 0 ? 0 : ends[i - 1]
            return Substring(decoding: text[start..<ends[i]], as: UTF8.self)
        }
    }

    public let limits: Limits
    /// In time order; a handful at most (a new one every fifth of `limits`), so dropping the
    /// first is a copy of a few elements, never of the lines.
    private var segments: [Segment] = []
    public private(set) var bytes = 0
    /// Bytes a line costs besides its body: its time in the dump and its place in `ends`.
    package static let lineOverhead = 16

    public init(limits: Limits = .default) { self.limits = limits }

    /// The layout checkpoints are taken with (set at start and on each reload).
    public var layout: Layout?
    /// Fingers, buttons and the pointer as the recorded lines left them: a checkpoint forced
    /// mid-gesture presses them again where they are.
    public var held = HeldInput()
    /// Lines left out because the newest segment was full (see `record`).
    public private(set) var droppedLines = 0
    /// The time of the newest line (-infinity before any).
    public private(set) var lastLineTime = -Double.infinity

    public struct HeldInput: Sendable {
        public var touches: [Int: Point] = [:]
        public var buttons: Set<InputEvent.PointerButton> = []
        public var pointer: Point?
        public init() {}
        public var isEmpty: Bool { touches.isEmpty && buttons.isEmpty }

        public mutating func note(_ event: InputEvent) {
            switch event {
            case let .touchDown(id, x, y), let .touchMotion(id, x, y): touches[id] = Point(x: x, y: y)
            case let .touchUp(id), let .touchCancel(id): touches[id] = nil
            case let .pointerMotion(x, y): pointer = Point(x: x, y: y)
            case let .button(b, pressed): if pressed { buttons.insert(b) } else { buttons.remove(b) }
            case .wheel, .key, .command, .aimedTouch: break
            }
        }
    }

    /// Lines held, over every segment.
    public var lineCount: Int { segments.reduce(0) { $0 + $1.times.count } }
    /// The time the kept history starts (the oldest checkpoint), nil before the first.
    public var windowStart: Double? { segments.first?.checkpoint.time }
    public var hasCheckpoint: Bool { !segments.isEmpty }
    public var segmentCount: Int { segments.count }

    /// A checkpoint is wanted (taken at the next moment of rest) once the newest segment is
    /// a fifth of the bounds old or big; a segment without lines is simply refreshed.
    public func wantsCheckpoint(at time: Double) -> Bool {
        guard let last = segments.last else { return true }
        return time - last.checkpoint.time >= limits.seconds / 5 || last.bytes >= limits.bytes / 5
    }

    /// Past two fifths no moment of rest came (a stream of animated sets, a finger held for
    /// minutes): the checkpoint is taken anyway, or the ring could not drop old history.
    public func needsCheckpoint(at time: Double) -> Bool {
        guard let last = segments.last else { return true }
        return time - last.checkpoint.time >= limits.seconds * 2 / 5 || last.bytes >= limits.bytes * 2 / 5
    }

    /// Starts a new segment (or refreshes the newest one while it holds no line: nothing
    /// happened since, so the new checkpoint says it all), then drops whole old segments the
    /// bounds no longer need.
    public func begin(_ checkpoint: Checkpoint) {
        if let last = segments.last, last.times.isEmpty {
            bytes -= last.bytes
            segments[segments.count - 1] = Segment(checkpoint)
        } else {
            segments.append(Segment(checkpoint))
        }
        bytes += segments[segments.count - 1].bytes
        trim(at: checkpoint.time)
    }

    /// Records one script line's body (`"type":…}`) at `time`. A line too long for the ring
    /// (a fifth of its bytes) is kept as a comment saying so.
    public func record(body: String, at time: Double) {
        guard !segments.isEmpty else { return }
        var body = body
        if body.utf8.count > limits.bytes / 8 {
            body = "#\"type\":\"note\",\"text\":\"a line of \(body.utf8.count) bytes, too long for the flight recorder\"}"
        }
        var text = body.utf8
        let i = segments.count - 1
        // A line break inside a line would split it in the dump: it can only be whitespace
        // between JSON tokens (inside strings it is escaped), so a space replaces it.
        if text.contains(10) || text.contains(13) {
            body = String(body.map { $0 == "\n" || $0 == "\r" ? " " : $0 })
            text = body.utf8
        }
        let cost = text.count + Self.lineOverhead
        // The controller checkpoints long before this (two fifths); if it never got to (no
        // loop turn advanced it), lines are dropped rather than the bound broken.
        guard segments[i].bytes + cost <= limits.bytes else { droppedLines += 1; return }
        segments[i].text.append(contentsOf: text)
        segments[i].ends.append(segments[i].text.count)
        segments[i].times.append(time)
        lastLineTime = Swift.max(lastLineTime, time)
        segments[i].bytes += cost
        bytes += cost
        trim(at: time)
    }

    /// Records a line as a comment (a reload, a screenshot: replaying them would read or
    /// write files): shown in the dump, skipped by replay.
    public func note(body: String, at time: Double) {
        record(body: "#" + body, at: time)
    }

    /// Drops the oldest segments while the history after them still covers `limits.seconds`,
    /// or while the ring is over its byte bound (never the newest segment).
    private func trim(at time: Double) {
        var drop = 0
        while segments.count - drop > 1 {
            let overBytes = bytes > limits.bytes
            let coveredWithout = time - segments[drop + 1].checkpoint.time >= limits.seconds
            guard overBytes || coveredWithout else { break }
            bytes -= segments[drop].bytes
            drop += 1
        }
        if drop > 0 { segments.removeFirst(drop) }
    }

    public struct Dump {
        public var text: String
        public var lines: Int
        public var from: Double
        public var to: Double
    }

    /// The bug report: comment lines saying what it is, one `flightRecording` header (layout,
    /// size, the state at the window's start, the state now), the checkpoint's lines at t = 0,
    /// then every line since, with times counted from the window's start. Lines recorded under
    /// an earlier layout or screen size (before a reload) follow the header as comments.
    public func dump(at time: Double, stateNow: String, reason: String, version: String) -> Dump? {
        trim(at: time)
        guard let newest = segments.last?.checkpoint.layout else { return nil }
        let first = segments.firstIndex { $0.checkpoint.layout.epoch == newest.epoch } ?? segments.count - 1
        let start = segments[first].checkpoint
        let base = start.time
        var out: [String] = []
        let rel = InputScriptLine.exact(time - base)
        out.append("# knob-panel \(version) flight recording of \(newest.path) on a \(newest.width)x\(newest.height) screen, written at t=\(InputScriptLine.exact(time)) s of its frame clock (\(reason.replacingLineBreaks()))")
        out.append("# times below count from t=\(InputScriptLine.exact(base)) s, where the window starts; the dump was made at t=\(rel)")
        out.append("# replay: knob-panel render --input THIS-FILE --out final.png   (docs/protocol.md, \"Flight recorder\")")
        if droppedLines > 0 { out.append("# \(droppedLines) lines were left out: no checkpoint could be taken while the ring was full") }
        var header = JSONLineWriter()
        header.add("type", "flightRecording")
        header.add("version", 1)
        header.add("panelFile", newest.path)
        header.addRaw("size", "[\(newest.width),\(newest.height)]")
        header.add("rotation", newest.rotation)
        header.addRaw("start", InputScriptLine.exact(base))
        header.addRaw("end", InputScriptLine.exact(time))
        header.add("reason", reason)
        header.add("atRest", start.atRest)
        header.add("layout", newest.text)
        header.add("state", start.state)
        header.add("stateAtDump", stateNow)
        out.append(header.line)
        var lines = 0
        if first > 0 { out.append("# before a reload (the layout or the screen size changed at t=\(InputScriptLine.exact(start.time))), not replayed:") }
        for s in segments[..<first] {
            for i in s.times.indices { out.append("# " + InputScriptLine.line(body: uncommented(s.body(i)), at: s.times[i])) }
        }
        for body in start.lines { out.append(InputScriptLine.line(body: body, at: 0)); lines += 1 }
        for s in segments[first...] {
            if s.checkpoint.time != base { out.append("# checkpoint at t=\(InputScriptLine.exact(s.checkpoint.time - base))\(s.checkpoint.atRest ? "" : " (forced while something moved)")") }
            for i in s.times.indices {
                let body = s.body(i)
                if body.hasPrefix("#") {
                    out.append("# " + InputScriptLine.line(body: body.dropFirst(), at: s.times[i] - base))
                } else {
                    out.append(InputScriptLine.line(body: body, at: s.times[i] - base))
                    lines += 1
                }
            }
        }
        return Dump(text: out.joined(separator: "\n") + "\n", lines: lines, from: base, to: time)
    }

    private func uncommented(_ body: Substring) -> Substring { body.hasPrefix("#") ? body.dropFirst() : body }
}

extension String {
    /// One line of a recording's comment: line breaks become spaces.
    func replacingLineBreaks() -> String { String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }) }
}
