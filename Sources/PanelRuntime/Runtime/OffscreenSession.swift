import Graphics

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
    /// Called with (frame index, time, frame) for every painted vsync, e.g. to write PNGs.
    public var onFrame: ((Int, Double, ImageSurface) throws -> Void)?

    public init(controller: PanelController, inputs: [TimedInput], refreshRate: Double = 60) {
        self.controller = controller
        clock = VirtualClock(refreshRate: refreshRate)
        self.inputs = inputs
    }

    /// Plays everything up to `time` and leaves the frame on screen at `time` in `controller.frame`.
    public func run(until time: Double) throws {
        let last = clock.frameIndex(atOrBefore: time)
        while true {
            let now = clock.now
            deliverInputs(upTo: now)
            controller.advance(to: now)
            if controller.wantsFrame(at: now) {
                controller.renderFrame(at: now)
                try onFrame?(clock.frameIndex, now, controller.frame)
            }
            if clock.frameIndex >= last { break }
            clock.tick()
        }
        // Input between the last vsync and `time` still happens (its events are reported),
        // but shows only from the next frame on.
        deliverInputs(upTo: time)
        controller.advance(to: time)
    }

    private func deliverInputs(upTo time: Double) {
        while next < inputs.count, inputs[next].time <= time + 1e-9 {
            controller.deliver(inputs[next].event, at: inputs[next].time)
            next += 1
        }
    }
}
