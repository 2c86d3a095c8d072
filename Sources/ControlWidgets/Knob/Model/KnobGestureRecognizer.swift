/// Turns raw input into knob gestures (the reference's UIKit gesture recognizers plus
/// handlePan:, handleRotation:, handleVerticalPan: and handleTap:), as a value.
///
/// The runtime hit-tests (`KnobGeometry.contains`), keeps each touch with the knob it went
/// down on, converts points to knob coordinates and calls `handle(_:model:)`. Rules:
/// - every gesture anchors where the finger(s) first touched: start angle, start position,
///   translation origin; a gesture is recognised once a touch moved `slop` pixels (or two
///   fingers turned `twoFingerSlop`), and from then on the knob follows the current touch;
/// - one-finger rotation: position = start position + (touch angle - start angle), so the
///   point under the finger stays under it; crossing 9 o'clock (±π) stays continuous
///   (the reference's quadrant rule), and a knob with `normalized` false counts turns;
///   with `fineDrag` (continuous knobs) the turn made beyond the rim counts less (FineDrag);
/// - vertical pan: position = start position - gestureSensitivity × dy / sideLength
///   (dragging up increases the position);
/// - two-finger rotation: position = start position ∓ the clockwise-on-screen rotation of
///   the line between the first two fingers (- when counterclockwise, + when clockwise);
/// - tap: on release within `tapSlop` of the touch-down point, at the touch-down point;
/// - double tap (other gestures, only when the model has a `doubleTapReset`): two taps
///   within `doubleTapInterval` → `reset`. A single tap never turns these gestures' knob,
///   so the first tap of a double tap moves nothing.
/// - rotary dial: one-finger rotation or tap only; the touched number is fixed at
///   touch-down, a drag turns the dial clockwise up to the stop, and touches that start
///   while the dial animation runs are ignored (KnobModel+Dial has the rules).
public struct KnobGestureRecognizer: Sendable, Equatable {
    public var geometry: KnobGeometry
    /// Distance a touch must travel before a pan is recognised, pixels.
    public var slop: Double = 4
    /// Farthest a touch may wander and still be a tap, pixels.
    public var tapSlop: Double = 10
    /// Longest press that still counts as a tap (for double taps), seconds.
    public var maximumTapDuration: Double = 0.5
    /// Rotation two fingers must make before the gesture is recognised, radians (2°).
    public var twoFingerSlop: Double = KnobMath.radians(2)
    /// Longest time from one tap's release to the next tap's touch-down, seconds.
    public var doubleTapInterval: Double = 0.3
    /// Farthest apart two taps of a double tap may be, pixels.
    public var doubleTapDistance: Double = 20
    /// Whether two taps reset the knob (never with the tap gesture, whose taps turn it).
    public var recognizesDoubleTap = true

    private struct Touch: Sendable, Equatable {
        var id: Int
        var down: KnobPoint
        var downTime: Double
        var current: KnobPoint
        var farthest: Double = 0
    }

    private struct TapRecord: Sendable, Equatable {
        var time: Double
        var point: KnobPoint
    }

    private enum Phase: Sendable, Equatable {
        case idle, possible, tracking, failed
    }

    private var touches: [Touch] = []
    private var phase: Phase = .idle
    private var activeGesture: KnobGesture = .oneFingerRotation
    private var sawSeveralTouches = false
    private var touchStart = 0.0
    private var currentTouch = 0.0
    private var positionStart = 0.0
    /// Fine drag: what the finger's turns beyond the rim took off (FineDrag), radians; 0 on the knob.
    private var fineOffset = 0.0
    private var lineAngle = 0.0
    private var rotation = 0.0
    private var lastTap: TapRecord?
    private var wheelRemainder = 0.0

    public init(geometry: KnobGeometry) {
        self.geometry = geometry
    }

    /// True while a recognised gesture turns the knob.
    public var isTracking: Bool { phase == .tracking }
    /// Fingers currently down on this knob.
    public var touchCount: Int { touches.count }

    /// Whether `point` (knob coordinates) starts a touch on this knob.
    public func contains(_ point: KnobPoint) -> Bool { geometry.contains(point) }

    /// Feeds one input; the model changes and the events say what happened.
    public mutating func handle(_ input: KnobInput, model: inout KnobModel) -> [KnobEvent] {
        guard model.isEnabled else { return abandon(model: &model, time: input.time) }
        switch input {
        case let .touchDown(id, point, time):
            return touchDown(id: id, at: point, time: time, model: &model)
        case let .touchMove(id, point, _):
            return touchMove(id: id, to: point, model: &model)
        case let .touchUp(id, time):
            return touchEnded(id: id, time: time, cancelled: false, model: &model)
        case let .touchCancel(id, time):
            return touchEnded(id: id, time: time, cancelled: true, model: &model)
        case let .wheel(steps, time):
            return wheel(steps: steps, time: time, model: &model)
        case let .key(key, time):
            return self.key(key, time: time, model: &model)
        case let .doubleTap(time):
            return isTracking || model.mode == .rotaryDial ? [] : model.reset(at: time, source: .user)
        }
    }

    // MARK: Touches

    private mutating func touchDown(id: Int, at point: KnobPoint, time: Double, model: inout KnobModel) -> [KnobEvent] {
        guard !model.isDialing(at: time), !touches.contains(where: { $0.id == id }) else { return [] }
        if touches.isEmpty {
            activeGesture = model.gesture
            phase = .possible
            sawSeveralTouches = false
        } else {
            sawSeveralTouches = true
        }
        touches.append(Touch(id: id, down: point, downTime: time, current: point))
        model.isPressed = true
        switch activeGesture {
        case .oneFingerRotation, .verticalPan, .tap:
            if touches.count == 1 {
                touchStart = KnobGeometry.polarAngle(of: point, clockwise: model.clockwise)
                currentTouch = touchStart
                positionStart = model.position
                fineOffset = 0
                if model.mode == .rotaryDial { model.beginDialTouch(atPolarAngle: touchStart) }
            }
        case .twoFingerRotation:
            if touches.count == 2 {
                lineAngle = Self.screenAngle(from: touches[0].current, to: touches[1].current)
                rotation = 0
                positionStart = model.position
            }
        }
        return []
    }

    private mutating func touchMove(id: Int, to point: KnobPoint, model: inout KnobModel) -> [KnobEvent] {
        guard let index = touches.firstIndex(where: { $0.id == id }) else { return [] }
        touches[index].current = point
        touches[index].farthest = Swift.max(touches[index].farthest, touches[index].down.distance(to: point))
        let travelled = touches[index].down.distance(to: point)
        var events: [KnobEvent] = []

        switch activeGesture {
        case .oneFingerRotation:
            guard index == 0, phase == .possible || phase == .tracking else { return [] }
            let touch = KnobGeometry.polarAngle(of: point, clockwise: model.clockwise)
            // Continuity across ±π: the reference's quadrant rule treats a jump between the
            // 2nd and 3rd quadrants as a small turn. We take every step the short way
            // round, which agrees with that rule wherever it applies and also holds when a
            // fast finger (or a coarse touch screen) skips a quadrant or lands exactly on
            // an axis, where the reference's strict bounds turn the knob the long way.
            let step = touch - currentTouch
            if step > .pi {
                touchStart += KnobMath.twoPi
            } else if step <= -.pi {
                touchStart -= KnobMath.twoPi
            }
            if model.fineDrag && model.mode == .continuous {
                // This move's turn taken the short way, at the gain where the finger is now.
                let turned = step > .pi ? step - KnobMath.twoPi : step <= -.pi ? step + KnobMath.twoPi : step
                let distance = (point.x * point.x + point.y * point.y).squareRoot()
                fineOffset += (FineDrag.gain(distance: distance, radius: geometry.radius) - 1) * turned
            }
            currentTouch = touch
            if phase == .possible && travelled >= slop { events += begin() }
            if phase == .tracking {
                events += model.followGesture(to: positionStart + touch - touchStart + fineOffset)
            }
        case .verticalPan:
            guard index == 0, phase == .possible || phase == .tracking else { return [] }
            if phase == .possible && travelled >= slop { events += begin() }
            if phase == .tracking {
                let dy = point.y - touches[0].down.y
                events += model.followGesture(to: positionStart - model.gestureSensitivity * dy / geometry.sideLength)
            }
        case .tap:
            if index == 0 && phase == .possible && travelled > tapSlop { phase = .failed }
        case .twoFingerRotation:
            guard index < 2, touches.count >= 2, phase == .possible || phase == .tracking else { return [] }
            let angle = Self.screenAngle(from: touches[0].current, to: touches[1].current)
            rotation += KnobMath.normalized(angle - lineAngle)
            lineAngle = angle
            if phase == .possible && abs(rotation) >= twoFingerSlop { events += begin() }
            if phase == .tracking {
                let sign: Double = model.clockwise ? 1 : -1
                events += model.followGesture(to: positionStart + sign * rotation)
            }
        }
        return events
    }

    private mutating func touchEnded(id: Int, time: Double, cancelled: Bool, model: inout KnobModel) -> [KnobEvent] {
        guard let index = touches.firstIndex(where: { $0.id == id }) else { return [] }
        let touch = touches.remove(at: index)
        var events: [KnobEvent] = []
        let endsGesture = activeGesture == .twoFingerRotation ? index < 2 : index == 0

        if endsGesture {
            switch phase {
            case .tracking:
                events += model.endGesture(at: time, cancelled: cancelled)
                events.append(.trackingEnded)
            case .possible:
                if !cancelled && !sawSeveralTouches && touch.farthest <= tapSlop {
                    events += tapped(touch, time: time, model: &model)
                }
            case .idle, .failed:
                break
            }
            phase = .failed
        }
        if touches.isEmpty {
            phase = .idle
            model.isPressed = false
        }
        return events
    }

    private mutating func tapped(_ touch: Touch, time: Double, model: inout KnobModel) -> [KnobEvent] {
        if model.mode == .rotaryDial {
            // A dial has no double tap; a tap dials only with the tap gesture (handleTap:).
            return activeGesture == .tap ? model.tapDial(at: touch.down, radius: geometry.radius, at: time) : []
        }
        if activeGesture == .tap {
            let angle = KnobGeometry.polarAngle(of: touch.down, clockwise: model.clockwise)
            return model.tap(atPolarAngle: angle, at: time)
        }
        guard recognizesDoubleTap, model.doubleTapReset != nil, time - touch.downTime <= maximumTapDuration else {
            lastTap = nil
            return []
        }
        if let lastTap, touch.downTime - lastTap.time <= doubleTapInterval,
           lastTap.point.distance(to: touch.down) <= doubleTapDistance {
            self.lastTap = nil
            return model.reset(at: time, source: .user)
        }
        lastTap = TapRecord(time: time, point: touch.down)
        return []
    }

    private mutating func begin() -> [KnobEvent] {
        phase = .tracking
        lastTap = nil
        return [.trackingBegan]
    }

    /// The knob was disabled: a gesture in progress is cancelled (UIKit cancels a disabled
    /// recognizer), and touches are forgotten.
    private mutating func abandon(model: inout KnobModel, time: Double) -> [KnobEvent] {
        var events: [KnobEvent] = []
        if phase == .tracking {
            events += model.endGesture(at: time, cancelled: true)
            events.append(.trackingEnded)
        }
        touches.removeAll()
        phase = .idle
        model.isPressed = false
        return events
    }

    /// Angle of the line from `a` to `b` on a y-down screen, positive = clockwise (UIKit's
    /// rotation convention).
    private static func screenAngle(from a: KnobPoint, to b: KnobPoint) -> Double {
        KnobMath.atan2(b.y - a.y, b.x - a.x)
    }

    // MARK: Wheel and keys

    private mutating func wheel(steps: Double, time: Double, model: inout KnobModel) -> [KnobEvent] {
        guard !isTracking, steps.isFinite, steps != 0 else { return [] }
        if model.mode == .continuous {
            return model.step(by: 1, continuousAngle: steps * model.wheelStepAngleInUse, at: time)
        }
        wheelRemainder += steps
        let whole = wheelRemainder.rounded(.towardZero)
        wheelRemainder -= whole
        guard whole != 0, abs(whole) < Double(Int32.max) else { return [] }
        return model.step(by: Int(whole), continuousAngle: model.wheelStepAngleInUse, at: time)
    }

    private mutating func key(_ key: KnobKey, time: Double, model: inout KnobModel) -> [KnobEvent] {
        guard !isTracking else { return [] }
        switch key {
        case .right, .up:
            return model.step(by: 1, continuousAngle: model.keyStepAngleInUse, at: time)
        case .left, .down:
            return model.step(by: -1, continuousAngle: model.keyStepAngleInUse, at: time)
        case .pageUp:
            return model.step(by: model.mode.isDiscrete ? model.pageSteps : 1, continuousAngle: model.pageStepAngleInUse, at: time)
        case .pageDown:
            return model.step(by: model.mode.isDiscrete ? -model.pageSteps : -1, continuousAngle: model.pageStepAngleInUse, at: time)
        case .home:
            return model.moveToLimit(end: false, at: time)
        case .end:
            return model.moveToLimit(end: true, at: time)
        }
    }
}
