import ControlWidgets
import Graphics
import PanelLayout
import PanelCore
import PanelDisplay
import PanelSystem
import PanelProtocol
#if canImport(Glibc)
import Glibc
#endif

/// `knob-panel bench`: frame times of a panel in the phases a user sees, each frame timed from
/// the models' advance to the damage copied into a scanout-like buffer (a real `KMSOutput` on
/// a `MemoryKMSDevice`), on a virtual 60 Hz clock. Each phase first runs `warmUp` untimed
/// frames, then times `frames` frames.
public struct FrameBench {
    public let panel: Panel
    public let width: Int
    public let height: Int
    public let frames: Int
    public let warmUp: Int
    /// The phases to run (nil: all); the others report nil. `first` always runs: it is the
    /// start-up the others need. One phase alone is what an instruction count per frame of
    /// that phase takes (callgrind over two frame counts, README "arm64").
    public let only: Set<String>?

    public init(panel: Panel, width: Int, height: Int, frames: Int, warmUp: Int = 10, only: Set<String>? = nil) {
        self.panel = panel; self.width = width; self.height = height; self.frames = frames; self.warmUp = warmUp
        self.only = only
    }

    func wants(_ phase: String) -> Bool { only?.contains(phase) ?? true }

    package static let frameStep = 1.0 / 60

    public func run() throws -> BenchReport {
        var report = BenchReport(width: width, height: height, frames: frames)

        // first: the controller (scene, widgets), every cache, the output's buffers and the
        // first full copy, as `run` starts.
        let t0 = MonotonicClock.seconds()
        let controller = try PanelController(panel: panel, screenWidth: width, screenHeight: height)
        let output = try KMSOutput(device: MemoryKMSDevice(width: width, height: height), connectorName: nil, modeRequest: .preferred)
        output.setRotation(degrees: panel.rotation)
        try Self.showFirstFrame(controller, on: output)
        report.first = FrameTimes(seconds: [MonotonicClock.seconds() - t0])
        while controller.prepareAhead() {}   // the idle turns after the first flip

        var clock = Clock(controller: controller, output: output)
        let scanoutBytes = 2 * MemoryScanoutBuffer.bytes(width: width, height: height)

        // full: every pixel repainted with warm caches (a page switch); nothing moves, so
        // any resampling here is a widget at rest painted through a transform.
        let before = RenderCounters.snapshot
        report.full = wants("full") ? try clock.phase(warmUp: warmUp, frames: frames) { _, _ in controller.invalidateAll() } : nil
        report.resamplesAtRestPerFrame = Double((RenderCounters.snapshot - before).resamples) / Double(warmUp + frames)

        // A widget of the kind a phase needs: on the page on show, else on the first page with
        // one, which is then shown (no animation) and left to settle.
        func shownWidget(where match: (any WidgetView) -> Bool) throws -> (any WidgetView)? {
            if let w = controller.scene.widgets.first(where: match) { return w }
            for (index, widgets) in controller.scene.pageWidgets.enumerated() where panel.pages[index].role == .page {
                guard let w = widgets.first(where: match) else { continue }
                controller.execute(commandLine: #"{"command":"page","page":"\#(panel.pages[index].id)","animated":false}"#, at: clock.time)
                try clock.settle()
                return w
            }
            return nil
        }

        var animationBlurs = 0, animationFrames = 0
        func animated(_ body: () throws -> FrameTimes?) rethrows -> FrameTimes? {
            let start = RenderCounters.snapshot
            let times = try body()
            if times != nil {
                animationBlurs += (RenderCounters.snapshot - start).blurs
                animationFrames += warmUp + frames
            }
            return times
        }

        // knob: one continuous knob turning 3° a frame, set frame by frame (as under a finger).
        report.knob = try animated {
            guard wants("knob") else { return nil }
            // The bench drives a knob's own model on purpose (its sweep): the knob's descriptor
            // hands out the concrete view.
            guard let knob = try shownWidget(where: { KnobDescriptor.view($0).map { $0.model.mode != .rotaryDial } ?? false }).flatMap(KnobDescriptor.view)
            else { return nil }
            let sweep = KnobSweep(knob.model)
            return try clock.phase(warmUp: warmUp, frames: frames) { i, time in
                controller.execute(commandLine: #"{"command":"set","widget":"\#(knob.id)","position":\#(JSONLineWriter.number(sweep.degrees(atFrame: i)))}"#, at: time)
            }
        }
        try clock.settle()

        // dial: the rotary dial dialling 0 again and again (winding to the stop, returning).
        report.dial = try animated {
            guard wants("dial") else { return nil }
            guard let dial = try shownWidget(where: { $0.commandKeys["dial"] != nil }) else { return nil }
            return try clock.phase(warmUp: warmUp, frames: frames) { _, time in
                if !dial.isAnimating(at: time) {
                    controller.execute(commandLine: #"{"command":"dial","widget":"\#(dial.id)","number":0}"#, at: time)
                }
            }
        }
        try clock.settle()

        // slider: one slider's value moving back and forth over its range, a new value a frame.
        report.slider = try animated {
            guard wants("slider") else { return nil }
            guard let slider = try shownWidget(where: { SliderDescriptor.view($0) != nil }) else { return nil }
            let spec = panel.pages.flatMap(\.widgets).first { $0.id == slider.id }
            let lo = spec?.number("minimumValue") ?? 0, hi = spec?.number("maximumValue") ?? 100
            return try clock.phase(warmUp: warmUp, frames: frames) { i, time in
                let phase = Double(i % 120) / 60   // 0…2: up in one second, down in the next
                let value = lo + (hi - lo) * (phase <= 1 ? phase : 2 - phase)
                controller.execute(commandLine: #"{"command":"set","widget":"\#(slider.id)","value":\#(JSONLineWriter.number(value))}"#, at: time)
            }
        }
        try clock.settle()

        // fader: one fader's thumb moving over its whole range and back, a new value a frame
        // (as under a finger: a mixing desk's fader pulled up in a second, down in the next).
        report.fader = try animated {
            guard wants("fader") else { return nil }
            guard let fader = try shownWidget(where: { FaderDescriptor.view($0) != nil }).flatMap(FaderDescriptor.view) else { return nil }
            let lo = fader.model.lo, hi = fader.model.hi
            return try clock.phase(warmUp: warmUp, frames: frames) { i, time in
                let phase = Double(i % 120) / 60
                let value = lo + (hi - lo) * (phase <= 1 ? phase : 2 - phase)
                controller.execute(commandLine: #"{"command":"set","widget":"\#(fader.id)","value":\#(JSONLineWriter.number(value))}"#, at: time)
            }
        }
        try clock.settle()

        // meter: one meter fed 30 values a second (every other frame of the 60 Hz clock), a
        // level swinging like programme audio, so the bar moves and a peak marker holds and falls.
        report.meter = try animated {
            guard wants("meter") else { return nil }
            guard let meter = try shownWidget(where: { MeterDescriptor.view($0) != nil }).flatMap(MeterDescriptor.view) else { return nil }
            let lo = meter.model.reading.lo, hi = meter.model.reading.hi
            return try clock.phase(warmUp: warmUp, frames: frames) { i, time in
                guard i % 2 == 0 else { return }
                let value = lo + (hi - lo) * MeterSignal.level(atUpdate: i / 2)
                controller.execute(commandLine: #"{"command":"set","widget":"\#(meter.id)","value":\#(JSONLineWriter.number(value))}"#, at: time)
            }
        }
        try clock.settle()

        // chart: a chart taking 10 points a second through `append` (as a bound sensor feeds
        // it), the clock 0.1 s a frame: every timed frame draws a new point, none is idle.
        report.chart = try {
            guard wants("chart") else { return nil }
            guard let chart = try shownWidget(where: { ChartDescriptor.view($0) != nil }) else { return nil }
            return try clock.phase(warmUp: warmUp, frames: frames, step: 0.1) { i, time in
                let phase = Double(i % 200) / 100   // a triangle wave, 20 s up and down
                let value = 18 + 6 * (phase <= 1 ? phase : 2 - phase)
                controller.execute(commandLine: #"{"command":"append","widget":"\#(chart.id)","value":\#(JSONLineWriter.number(value))}"#, at: time)
            }
        }()
        try clock.settle()

        // drawer: the front page sliding open and closed (toggled whenever it comes to rest).
        report.drawer = try animated {
            guard wants("drawer") else { return nil }
            guard let drawer = controller.scene.drawer else { return nil }
            return try clock.phase(warmUp: warmUp, frames: frames) { _, time in
                if !drawer.reveal.isBusy {
                    controller.execute(commandLine: #"{"command":"drawer","position":"toggle"}"#, at: time)
                }
            }
        }

        try clock.settle()

        // cursor: the mouse arrow composited where the driver has no cursor plane, moving
        // 8,5 px a frame over the panel with nothing else changing: the frame copies only the
        // arrow's old box in the back buffer and its new one.
        let arrow = try SoftwareCursor()
        output.softwareCursor = arrow
        report.cursor = !wants("cursor") ? nil : try clock.phase(warmUp: warmUp, frames: frames) { i, _ in
            arrow.move(x: width / 4 + (8 * i) % (width / 2), y: height / 4 + (5 * i) % (height / 2))
        }
        output.softwareCursor = nil

        try clock.settle()

        // clock: a clock widget's minute changing every frame (the wall clock set a minute on
        // before each): what a wall panel does once a minute, its format, layout and copy.
        report.clock = try (wants("clock") ? shownWidget(where: { ClockDescriptor.view($0) != nil }) : nil).map { _ in
            let start = controller.wallClock.unixTime(atFrameTime: clock.time)
            return try clock.phase(warmUp: warmUp, frames: frames) { i, time in
                controller.wallClock.set(unixTime: start + 60 * Double(i + 1), atFrameTime: time)
            }
        }

        report.blursPerFrame = animationFrames > 0 ? Double(animationBlurs) / Double(animationFrames) : 0
        // The peak of this panel, before the phases below start panels of their own.
        if let peak = PeakMemory.residentMiB() {
            report.peakRSSMiB = peak - Double(scanoutBytes) / 1_048_576
            report.scanoutStandInMiB = Double(scanoutBytes) / 1_048_576
        }
        try generatedPhases(into: &report)
        return report
    }

    /// The budgets' scenes the bench makes itself (BenchPanels, at this bench's size) and how
    /// cost grows with pixels and widgets (this panel at 1920×1080 and 3840×2160).
    private func generatedPhases(into report: inout BenchReport) throws {
        // label: a label bound to a topic, 100 payloads a second on the virtual clock (a frame
        // takes the one or two that came since the last), each a new text.
        if wants("label") {
            var clock = try Self.started(BenchPanels.load(BenchPanels.boundLabel, name: "bound label"), width: width, height: height)
            let client = SilentClient(), start = clock.time, controller = clock.controller
            var sent = 0
            report.label = try clock.phase(warmUp: warmUp, frames: frames) { _, time in
                while start + Double(sent) / 100 <= time {
                    let payload = Array(JSONLineWriter.number(1 + Double(sent % 900) / 100).utf8)
                    controller.receiveBound(topic: BenchPanels.labelTopic, payload: payload, at: time, from: client)
                    sent += 1
                }
            }
        }
        // idleShift: the idle page (a large clock) moving to its next place, as every 180 s
        // against burn-in; the clock's text changes with it.
        if wants("idleShift") {
            var clock = try Self.started(BenchPanels.load(BenchPanels.idle, name: "idle"), width: width, height: height)
            clock.time += 6   // past idleAfter
            try clock.settle()
            report.idleShift = try clock.phase(warmUp: warmUp, frames: frames, step: ScreenSettings.shiftPeriod) { _, _ in }
        }
        // full1080, full2160: this panel's full frame at 1920×1080 and 3840×2160 (4 × the pixels).
        for (w, h) in [(1920, 1080), (3840, 2160)] where wants("full\(h)") {
            var clock = try Self.started(panel, width: w, height: h)
            let controller = clock.controller
            let times = try clock.phase(warmUp: warmUp, frames: frames) { _, _ in controller.invalidateAll() }
            if w == 1920 { report.full1080 = times } else { report.full2160 = times }
        }
        // knobs6, knobs24, knobs96: one knob turning on a page of 6, 24 and 96 knobs.
        for count in [6, 24, 96] where wants("knobs\(count)") {
            var clock = try Self.started(BenchPanels.load(BenchPanels.knobs(count), name: "\(count) knobs"), width: width, height: height)
            guard let knob = clock.controller.scene.widgets.first.flatMap(KnobDescriptor.view) else { continue }
            let sweep = KnobSweep(knob.model), controller = clock.controller
            let times = try clock.phase(warmUp: warmUp, frames: frames) { i, time in
                controller.execute(commandLine: #"{"command":"set","widget":"\#(knob.id)","position":\#(JSONLineWriter.number(sweep.degrees(atFrame: i)))}"#, at: time)
            }
            switch count { case 6: report.knobs6 = times; case 24: report.knobs24 = times; default: report.knobs96 = times }
        }
    }

    /// A controller and output for `panel`, its first frame shown.
    private static func started(_ panel: Panel, width: Int, height: Int) throws -> Clock {
        let controller = try PanelController(panel: panel, screenWidth: width, screenHeight: height)
        let output = try KMSOutput(device: MemoryKMSDevice(width: width, height: height), connectorName: nil, modeRequest: .preferred)
        output.setRotation(degrees: panel.rotation)
        try showFirstFrame(controller, on: output)
        while controller.prepareAhead() {}
        return Clock(controller: controller, output: output)
    }

    /// The first frame as `run` shows it (`DisplayScreen.start`): the mode set with the whole
    /// picture in both buffers, then a flip to the other one, which holds the same picture
    /// (nothing painted twice).
    private static func showFirstFrame(_ controller: PanelController, on output: KMSOutput) throws {
        controller.advance(to: 0)
        _ = controller.renderFrame(at: 0)
        try output.start(with: controller)
        try output.present(controller, damage: [])
        try output.handleEvents()
    }

    /// The virtual clock and the frame loop shared by the phases.
    package struct Clock {
        package let controller: PanelController
        package let output: KMSOutput
        package var time = 0.0

        /// Runs `warmUp + frames` frames; before each, `change(i, time)` (untimed) does what a
        /// finger or command would. Returns the times of the last `frames`.
        package mutating func phase(warmUp: Int, frames: Int, step: Double = FrameBench.frameStep,
                                    change: (_ frame: Int, _ time: Double) throws -> Void) throws -> FrameTimes {
            var seconds: [Double] = []
            seconds.reserveCapacity(frames)
            for i in 0..<(warmUp + frames) {
                time += step
                try change(i, time)
                let t0 = MonotonicClock.seconds()
                controller.advance(to: time)
                let damage = controller.renderFrame(at: time)
                try output.present(controller, damage: damage)
                try output.handleEvents()
                if i >= warmUp { seconds.append(MonotonicClock.seconds() - t0) }
            }
            return FrameTimes(seconds: seconds)
        }

        /// Lets every animation end (at most 10 s of virtual time) so phases do not overlap.
        package mutating func settle() throws {
            for _ in 0..<600 {
                time += FrameBench.frameStep
                controller.advance(to: time)
                guard controller.wantsFrame(at: time) else { return }
                let damage = controller.renderFrame(at: time)
                try output.present(controller, damage: damage)
                try output.handleEvents()
            }
        }
    }
}

/// The bound label's sender: nobody asked, so replies go nowhere.
private final class SilentClient: CommandClient {
    var filter: EventFilter = .widgets([])
    func send(_ line: String) {}
    func reply(_ reply: Reply) {}
}

/// The bench meter's input: a level 0…1 per update (30 a second) that swings like programme
/// audio, a slow phrase with faster beats on it, so peaks rise, hold and fall.
package enum MeterSignal {
    package static func level(atUpdate n: Int) -> Double {
        let t = Double(n) / 30
        let phrase = 0.55 + 0.25 * sin(2 * Double.pi * 0.4 * t)
        let beat = 0.2 * abs(sin(2 * Double.pi * 2.1 * t))
        return Swift.min(1, Swift.max(0, phrase + beat - 0.1))
    }
}

/// Positions for a knob turning 3° a frame: round and round when it is circular, back and
/// forth between its limits when it is not.
package struct KnobSweep {
    package let start: Double, lo: Double, hi: Double, circular: Bool

    package init(start: Double, lo: Double, hi: Double, circular: Bool) {
        self.start = start; self.lo = lo; self.hi = hi; self.circular = circular
    }

    package init(_ model: KnobModel) {
        let degrees = 180 / Double.pi
        self.init(start: model.position * degrees, lo: model.min * degrees, hi: model.max * degrees, circular: model.circular)
    }

    package func degrees(atFrame i: Int) -> Double {
        let travel = 3 * Double(i + 1)
        if circular || hi - lo < 3 {
            let p = (start + travel).truncatingRemainder(dividingBy: 360)
            return p > 180 ? p - 360 : p
        }
        // A triangle wave over [lo, hi], starting at the knob's own position going up.
        let span = hi - lo
        var u = (start - lo + travel).truncatingRemainder(dividingBy: 2 * span)
        if u < 0 { u += 2 * span }
        return u <= span ? lo + u : hi - (u - span)
    }
}
