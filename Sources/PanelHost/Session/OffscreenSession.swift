import Graphics
import PanelCore
import PanelProtocol
import PanelSystem

/// Renders a panel the way the screen would show it, on a virtual 60 Hz vsync clock: input
/// is delivered at its script times, animations advance to each vsync, and a frame is
/// painted at each vsync where something changed (the same controller as the display).
public final class OffscreenSession {
    public let controller: PanelController
    public let clock: VirtualClock
    private let inputs: [TimedInput]
    /// The next input to deliver. Consumed by index: removing delivered inputs from the front
    /// of the array each frame made replay quadratic (100 k lines: 64 % of the time in memmove).
    private var next = 0
    /// Called with (frame index, time) for every vsync with a new frame, e.g. to write PNGs
    /// (the controller paints the picture on demand: `physicalFrame`).
    public var onFrame: ((Int, Double) throws -> Void)?

    public init(controller: PanelController, inputs: [TimedInput], refreshRate: Double = 60) {
        self.controller = controller
        clock = VirtualClock(refreshRate: refreshRate)
        self.inputs = inputs
        lastInputTime = inputs.last?.time
    }

    /// When the script's last line happens (scripts are in time order); nil without input.
    public let lastInputTime: Double?

    /// Plays everything up to `time` with the controller showing the frame on screen at `time`.
    public func run(until time: Double) throws {
        let last = clock.frameIndex(atOrBefore: time)
        while true {
            try presentVsync()
            if clock.frameIndex >= last { break }
            clock.tick()
        }
        // Input between the last vsync and `time` still happens (its events are reported),
        // but shows only from the next frame on.
        deliverInputs(upTo: time)
        controller.advance(to: time)
    }

    /// The default for `render` without `--time`: plays the whole script, then lets the clock
    /// run on, vsync by vsync, until no widget animates any more (a knob's return or a `set`
    /// with `animated` has ended and its last frame is painted), but at most `settleLimit`
    /// seconds past the last input. Returns the time reached and whether everything settled.
    public func runToRest(settleLimit: Double = 60) throws -> (time: Double, settled: Bool) {
        let scriptEnd = lastInputTime ?? 0
        try run(until: scriptEnd)
        let lastAllowed = clock.frameIndex(atOrBefore: scriptEnd + settleLimit)
        while true {
            let nextVsync = Double(clock.frameIndex + 1) / clock.refreshRate
            if !controller.wantsFrame(at: nextVsync) { return (Swift.max(clock.now, scriptEnd), true) }
            if clock.frameIndex + 1 > lastAllowed { return (Swift.max(clock.now, scriptEnd), false) }
            clock.tick()
            try presentVsync()
        }
    }

    /// One vsync of the virtual clock: input due by now, animations, and a frame if needed.
    private func presentVsync() throws {
        let now = clock.now
        deliverInputs(upTo: now)
        controller.advance(to: now)
        if controller.wantsFrame(at: now) {
            controller.renderFrame(at: now)
            try onFrame?(clock.frameIndex, now)
        }
    }

    private func deliverInputs(upTo time: Double) {
        while next < inputs.count, inputs[next].time <= time + 1e-9 {
            controller.deliver(inputs[next].event, at: inputs[next].time)
            next += 1
        }
    }
}
