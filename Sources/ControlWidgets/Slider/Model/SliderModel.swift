/// The state and rules of one circular slider (MSCircularSlider and its double-handle
/// variant, with TBCircularSlider's tracking), as a value. Nothing here draws or reads a clock.
///
/// Angles are degrees, as MSCircularSlider's properties. Screen angles are measured from
/// 3 o'clock, clockwise on screen (y points down); the arc starts at `rotationAngle` and
/// runs clockwise for `maximumAngle`. A handle's *travel* is its angle along the arc from the
/// start; on a full circle it keeps counting past 360° (one revolution per 360°), so the
/// value and `revolutions` both follow from it.
public struct SliderModel: Sendable, Equatable {
    /// Endless sliders still stop somewhere: a million turns keeps every number exact.
    public static let endlessRevolutionLimit = 1_000_000

    public var minimumValue = 0.0
    public var maximumValue = 100.0
    /// The arc's sweep: 360 is a full circle; less leaves a gap. Kept within (0, 360].
    public var maximumAngle = 360.0 { didSet { maximumAngle = Swift.min(360, Swift.max(1e-6, maximumAngle)); reclamp() } }
    /// nil: computed so that the gap faces downwards (see `effectiveRotationAngle`).
    public var rotationAngle: Double?
    /// Full circles only: how many times the handle may go round before it stops at 100 %;
    /// negative = endless. Bounded sliders also stop at 0 % counter-clockwise.
    public var maximumRevolutions = -1 { didSet { reclamp() } }
    /// Two handles (MSDoubleHandleCircularSlider) instead of one.
    public let isRange: Bool
    /// The least angle between the two handles of a range slider (the view converts the
    /// reference's arc length in points into this angle).
    public var minimumHandlesAngle = 0.0 { didSet { reclamp() } }
    /// Travel angles (within one lap) that a release may snap to, sorted; empty = none.
    public var snapAngles: [Double] = []
    /// What a double tap sets the handles to, one value per handle (value units); nil: a
    /// double tap is two taps. Opt-in: with it, a tap's move waits until it cannot be the
    /// first tap of a double tap any more (see SliderModel+Tracking).
    public var doubleTapReset: [Double]?
    /// The value grid, value units from minimumValue: every change (drag, tap, wheel, keys,
    /// commands) rests on minimumValue + k·step (clamped to the range); nil = none.
    public var step: Double? { didSet { if let step, !(step > 0 && step.isFinite) { self.step = nil }; resnap() } }
    /// Decimals of the value format, for publishing a value without a step (see `valueRounding`).
    public var valueDecimals: Int?
    /// Disabled sliders ignore input (UIControl.enabled).
    public var isEnabled = true

    /// Resting travel of each handle, degrees. Animations only change what is shown.
    public internal(set) var travel: [Double]
    public internal(set) var animations: [SliderAnimation] = []
    /// Tracking state (see SliderModel+Tracking).
    public internal(set) var activeHandle: Int?
    public internal(set) var slidingDirection: SliderDirection = .none
    var fingerTravel = 0.0
    var lastFingerAngle = 0.0
    var touchDownTime = 0.0
    var lastTapTime: Double?
    /// Where the last touch went down (arc angle), for the double tap's distance rule.
    var lastTapArcAngle = 0.0
    /// A tap whose move waits for the double-tap interval to pass (reset on only).
    var pendingTap: PendingTap?
    /// Fractions of a wheel detent not yet moved (a step moves whole steps only).
    var wheelRemainder = 0.0
    var movedSinceDown = false
    var downFingerTravel = 0.0
    /// The handle wheel and keys move (Enter or Space switches it on a range slider).
    public internal(set) var keyHandle = 0

    public init(range: Bool = false) {
        isRange = range
        travel = range ? [0, 60] : [0]
    }

    // MARK: geometry of the arc

    public var isFullCircle: Bool { maximumAngle >= 360 }
    /// Revolutions count only for a single handle on a full circle.
    public var countsRevolutions: Bool { isFullCircle && !isRange }

    /// MSCircularSlider's default: the arc starts half a gap past 6 o'clock, so the gap is
    /// centred at the bottom (a 270° arc starts at 135°, ends at 45°). A full circle's seam
    /// is then at 6 o'clock too.
    public var effectiveRotationAngle: Double { rotationAngle ?? 90 + (360 - maximumAngle) / 2 }

    /// Where a travel lies on screen (degrees from 3 o'clock, clockwise), in [0, 360).
    public func screenAngle(forTravel t: Double) -> Double { Self.normalized(effectiveRotationAngle + t) }

    /// The angle along the arc (from its start, clockwise) of a screen angle, in [0, 360).
    public func arcAngle(forScreenAngle a: Double) -> Double { Self.normalized(a - effectiveRotationAngle) }

    static func normalized(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        let n = r < 0 ? r + 360 : r
        return n >= 360 ? 0 : n
    }

    /// The signed shortest turn from `a` to `b`, in (-180, 180].
    static func shortestTurn(from a: Double, to b: Double) -> Double {
        var d = normalized(b - a)
        if d > 180 { d -= 360 }
        return d
    }

    // MARK: revolutions and values

    /// Whole revolutions done at travel `t`. Each lap is (360k, 360(k+1)], so the top of a
    /// lap shows 100 % and only passing it starts the next revolution (at 0 %); travel 0
    /// is revolution 0 at 0 %.
    public func revolutions(atTravel t: Double) -> Int {
        guard countsRevolutions else { return 0 }
        if t > 0 { return Int((t / 360).rounded(.up)) - 1 }
        return Int((t / 360).rounded(.down))
    }

    /// How far along one lap (0…1) travel `t` is. Below 1e-9 reads as 0, so the nudge that
    /// keeps 0 % on a later lap (`setValue`) shows exactly 0 %.
    public func fraction(atTravel t: Double) -> Double {
        let f = countsRevolutions ? (t - 360 * Double(revolutions(atTravel: t))) / 360 : t / maximumAngle
        return f < 1e-9 ? 0 : Swift.min(1, f)
    }

    public func value(atTravel t: Double) -> Double {
        minimumValue + (maximumValue - minimumValue) * fraction(atTravel: t)
    }

    /// The travel within one lap that shows `value` (clamped to the range).
    public func lapTravel(forValue v: Double) -> Double {
        let span = maximumValue - minimumValue
        let f = span == 0 ? 0 : Swift.min(1, Swift.max(0, (v - minimumValue) / span))
        return f * maximumAngle
    }

    public var value: Double { value(atTravel: travel[0]) }
    public var secondValue: Double? { isRange ? value(atTravel: travel[1]) : nil }

    // MARK: published values

    /// How values leave the panel: on the step grid, else at the format's precision.
    public var valueRounding: ValueRounding {
        ValueRounding(origin: minimumValue, step: step, decimals: valueDecimals,
                      bounds: Swift.min(minimumValue, maximumValue)...Swift.max(minimumValue, maximumValue))
    }
    /// The first handle's value as every event, reply, state file and MQTT message carries it.
    public var publishedValue: Double { valueRounding.rounded(value) }
    /// The second handle's published value (range sliders).
    public var publishedSecondValue: Double? { secondValue.map(valueRounding.rounded) }
    public var revolutionsCount: Int { revolutions(atTravel: travel[0]) }
    public func value(ofHandle i: Int) -> Double { value(atTravel: travel[i]) }

    // MARK: bounds

    /// The travel handle `i` may take, given the other handle.
    public func bounds(ofHandle i: Int) -> ClosedRange<Double> {
        if isRange {
            let d = Swift.min(minimumHandlesAngle, maximumAngle / 2)
            var lo = 0.0, hi = maximumAngle
            if i == 0 {
                hi = travel[1] - d
                if isFullCircle { lo = Swift.max(lo, travel[1] - 360 + d) }
            } else {
                lo = travel[0] + d
                if isFullCircle { hi = Swift.min(hi, travel[0] + 360 - d) }
            }
            return lo <= hi ? lo...hi : lo...lo
        }
        guard isFullCircle else { return 0...maximumAngle }
        if maximumRevolutions >= 0 { return 0...(360 * Double(maximumRevolutions + 1)) }
        let limit = 360 * Double(Self.endlessRevolutionLimit)
        return -limit...limit
    }

    func clamped(_ t: Double, handle i: Int) -> Double {
        let b = bounds(ofHandle: i)
        return Swift.min(b.upperBound, Swift.max(b.lowerBound, t))
    }

    /// After a configuration change, keeps every handle inside its bounds (the first handle
    /// first, so a range slider's second handle yields).
    mutating func reclamp() {
        for i in travel.indices { travel[i] = clamped(travel[i], handle: i) }
    }

    // MARK: setting values

    /// Starts a full circle on revolution `n` (MSCircularSlider's revolutionsCount), at 0 %.
    public mutating func setInitialRevolutions(_ n: Int) {
        guard countsRevolutions, n != 0 else { return }
        travel[0] = clamped(360 * Double(n) + 1e-9, handle: 0)
    }

    /// Moves handle `i` to `value` (MSCircularSlider's currentValue / secondCurrentValue
    /// setters): a full circle keeps its revolution count, so setting 100 % stays on this lap.
    @discardableResult
    public mutating func setValue(_ value: Double, handle i: Int = 0, animated: Bool = false, at time: Double = 0,
                                  source: SliderChangeSource = .program) -> [SliderEvent] {
        guard travel.indices.contains(i) else { return [] }
        let lap = lapTravel(forValue: value)
        var target = lap
        if countsRevolutions {
            let rev = Double(revolutionsCount)
            target = 360 * rev + lap
            // Value 0 % on lap k>0 is the top of lap k-1 in the interval rule; keep the count.
            if lap == 0 && rev != 0 { target = 360 * rev + 1e-9 }
        }
        return moveHandle(i, to: target, duration: animated ? Self.setAnimationDuration : 0, at: time, source: source)
    }

    /// Seconds an animated `set` takes; a snap on release takes `snapDuration`.
    public static let setAnimationDuration = 0.35
    public static let snapDuration = 0.2

    /// The common path of every change: clamp, animate from what is shown, report.
    mutating func moveHandle(_ i: Int, to target: Double, duration: Double, at time: Double,
                             source: SliderChangeSource) -> [SliderEvent] {
        let shown = displayedTravel(ofHandle: i, at: time)
        let before = travel[i]
        let beforeRevolutions = revolutionsCount
        travel[i] = onStepGrid(clamped(target, handle: i), handle: i)
        animations.removeAll { $0.handle == i }
        if duration > 0 && shown != travel[i] {
            animations.append(SliderAnimation(handle: i, from: shown, to: travel[i], startTime: time, duration: duration))
        }
        var events: [SliderEvent] = []
        if travel[i] != before { events.append(.valueChanged(handle: i, source: source)) }
        if revolutionsCount != beforeRevolutions { events.append(.revolutionsChanged(revolutionsCount)) }
        return events
    }

    // MARK: time

    /// The travel the screen shows for handle `i` at `time`.
    public func displayedTravel(ofHandle i: Int, at time: Double) -> Double {
        if let a = animations.first(where: { $0.handle == i }) { return a.travel(at: time) }
        return travel[i]
    }

    public func isAnimating(at time: Double) -> Bool { animations.contains { $0.isRunning(at: time) } }

    /// Drops finished animations; true when any ended (the view then repaints at rest).
    public mutating func advance(to time: Double) -> Bool {
        let before = animations.count
        animations.removeAll { !$0.isRunning(at: time) }
        return animations.count != before
    }
}
