import PanelCore
import PanelLoop
import PanelProtocol
/// Plays an input script (docs/protocol.md) into a running panel on the loop's real clock:
/// each line at its `t`, counted from the player's first turn. `run --script` uses it to
/// drive a live panel (touch drags, wheel turns, commands) exactly as `render --input`
/// drives an offscreen one, so a test can turn a knob with real gestures while the rest of
/// the appliance (socket, state, MQTT) watches; the events say `"source":"user"`.
public final class ScriptPlayer: PollSource {
    private let controller: PanelController
    private let inputs: [TimedInput]
    /// Next line to play; consumed by index (never removing from the front).
    private var next = 0
    private var origin: Double?

    public init(controller: PanelController, inputs: [TimedInput]) {
        self.controller = controller
        self.inputs = inputs
    }

    public var pollRequests: [PollRequest] { [] }
    /// The first turn starts the clock.
    public var hasPendingWork: Bool { origin == nil }
    public var isFinished: Bool { next >= inputs.count }
    public var deadline: Double? {
        guard let origin, next < inputs.count else { return nil }
        return origin + inputs[next].time
    }

    public func service(_ revents: [Int16], at time: Double) {
        if origin == nil { origin = time }
        guard let origin else { return }
        // Bounded: at most 64 lines a turn, so a script of simultaneous lines cannot starve
        // the frame (the rest play on the next turns, a few milliseconds late).
        var played = 0
        while next < inputs.count, origin + inputs[next].time <= time + 1e-9, played < 64 {
            controller.deliver(inputs[next].event, at: time)
            next += 1
            played += 1
        }
    }
}
