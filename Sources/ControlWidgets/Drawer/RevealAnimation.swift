import Glibc

/// One trip of the front view from `from` to `to` (design pixels), as a pure function of
/// time: the reference animates with UIKit's spring (`toggleAnimationDuration`, the damping
/// ratio, an initial velocity of 1/duration) or with an ease-out curve over `duration`.
public struct RevealAnimation: Sendable, Equatable {
    public enum Curve: Sendable, Equatable {
        /// A damped spring; `omega` its natural frequency (rad/s), `velocity` the initial
        /// speed as a fraction of the trip per second.
        case spring(damping: Double, omega: Double, velocity: Double)
        /// Core Animation's ease-out: the cubic Bézier (0,0) (0,0) (0.58,1) (1,1).
        case easeOut
    }

    public var from: Double
    public var to: Double
    public var start: Double
    public var duration: Double
    public var curve: Curve

    public init(from: Double, to: Double, start: Double, duration: Double, curve: Curve) {
        self.from = from; self.to = to; self.start = start; self.duration = duration; self.curve = curve
    }

    /// The reference's animation for a trip whose own duration is `tripDuration` (a flick's
    /// distance over its speed, else `toggleAnimationDuration`).
    ///
    /// UIKit does not publish how it turns a duration into a spring; here the natural
    /// frequency is chosen so the spring's envelope has fallen to 0.1 % of the trip when the
    /// animation ends: ω₀ = 9.23 / (ζ · duration) (for ζ = 1, (1 + ω₀t)·e^(−ω₀t) = 0.001 at
    /// ω₀t = 9.23). The initial velocity (1/tripDuration, the finger's speed carried on) is
    /// capped at ω₀: beyond that even a critically damped spring would overshoot, and
    /// damping 1 is documented as "no overshoot".
    public static func make(from: Double, to: Double, start: Double, tripDuration: Double,
                            settings: DrawerSettings) -> RevealAnimation {
        switch settings.toggleAnimationType {
        case .easeOut:
            return RevealAnimation(from: from, to: to, start: start, duration: tripDuration, curve: .easeOut)
        case .spring:
            let d = settings.toggleAnimationDuration
            let zeta = settings.springDampingRatio
            let omega = 9.23 / (zeta * d)
            let v0 = Swift.min(tripDuration > 0 ? 1 / tripDuration : omega, omega)
            return RevealAnimation(from: from, to: to, start: start, duration: d,
                                   curve: .spring(damping: zeta, omega: omega, velocity: v0))
        }
    }

    public var end: Double { start + duration }

    /// The front's x at `time` (exactly `to` from the end on).
    public func location(at time: Double) -> Double {
        let t = time - start
        if t <= 0 { return from }
        if t >= duration { return to }
        return from + (to - from) * fraction(at: t)
    }

    /// The fraction of the trip done `t` seconds in (may pass 1 on an underdamped spring).
    public func fraction(at t: Double) -> Double {
        switch curve {
        case .easeOut:
            return Self.easeOut(t / duration)
        case let .spring(zeta, omega, v0):
            // Displacement from the target u(t), u(0) = −1, u'(0) = v0.
            let u: Double
            if zeta >= 1 {
                u = (-1 + (v0 - omega) * t) * exp(-omega * t)
            } else {
                let wd = omega * (1 - zeta * zeta).squareRoot()
                let b = (v0 - zeta * omega) / wd
                u = exp(-zeta * omega * t) * (-cos(wd * t) + b * sin(wd * t))
            }
            return 1 + u
        }
    }

    /// y of the ease-out Bézier at x: solve x(s) = x by bisection (monotone), return y(s).
    static func easeOut(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        // x(s) = 3(1−s)s²·0.58 + s³ ; y(s) = 3(1−s)²s·0 … with P1 = (0,0), P2 = (0.58,1).
        func bx(_ s: Double) -> Double { 3 * (1 - s) * s * s * 0.58 + s * s * s }
        func by(_ s: Double) -> Double { 3 * (1 - s) * s * s + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if bx(mid) < x { lo = mid } else { hi = mid }
        }
        return by((lo + hi) / 2)
    }
}
