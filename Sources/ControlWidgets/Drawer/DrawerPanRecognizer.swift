import Graphics

/// Turns one touch on the front view into the drawer's gestures: a horizontal pan once the
/// finger has moved 5 design pixels mostly sideways (the reference's direction threshold),
/// or a tap when it lifts before that. A touch that first moves mostly vertically is
/// neither. The translation is measured from touch-down (anchor at touch-down), so the
/// front stays under the finger.
public struct DrawerPanRecognizer: Sendable {
    public enum Outcome: Sendable, Equatable {
        case none
        case began(translation: Double)
        case moved(translation: Double)
        case ended(velocity: Double)
        case tap
    }

    public static let threshold = 5.0
    /// Velocity is measured over the last 0.1 s of movement, as a finger's flick is felt.
    static let velocityWindow = 0.1

    public let start: Point
    private enum State: Sendable { case possible, panning, failed }
    private var state = State.possible
    private var samples: [(t: Double, x: Double)]

    public init(down p: Point, at time: Double) {
        start = p
        samples = [(time, p.x)]
    }

    public var isPanning: Bool { state == .panning }

    public mutating func move(to p: Point, at time: Double) -> Outcome {
        samples.append((time, p.x))
        if samples.count > 64 { samples.removeFirst(samples.count - 64) }
        let dx = p.x - start.x, dy = p.y - start.y
        switch state {
        case .failed:
            return .none
        case .panning:
            return .moved(translation: dx)
        case .possible:
            if abs(dx) > Self.threshold && abs(dx) >= abs(dy) {
                state = .panning
                return .began(translation: dx)
            }
            if abs(dy) > Self.threshold { state = .failed }
            return .none
        }
    }

    public mutating func lift(at time: Double) -> Outcome {
        switch state {
        case .failed: return .none
        case .possible: return .tap
        case .panning: return .ended(velocity: velocity(at: time))
        }
    }

    /// Design pixels per second from the newest sample at least 0.1 s older than the last
    /// (else the touch-down) to the last; 0 when the finger rested longer than 0.1 s before
    /// lifting.
    func velocity(at time: Double) -> Double {
        guard let last = samples.last, time - last.t <= Self.velocityWindow + 1e-9 else { return 0 }
        let reference = samples.last(where: { $0.t <= last.t - Self.velocityWindow + 1e-9 }) ?? samples[0]
        guard last.t > reference.t else { return 0 }
        return (last.x - reference.x) / (last.t - reference.t)
    }
}
