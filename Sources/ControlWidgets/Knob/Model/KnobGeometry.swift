/// A point in the knob's own coordinates: origin at the knob's centre, x to the right,
/// y down, design pixels.
public struct KnobPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public func distance(to other: KnobPoint) -> Double {
        let dx = other.x - x, dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// The knob's size, as the gestures need it.
public struct KnobGeometry: Sendable, Equatable {
    /// Side of the (square) control, design pixels; the vertical pan turns the knob by
    /// `gestureSensitivity` radians over this distance.
    public var sideLength: Double
    /// Radius of the knob's circle, design pixels (the reference's knobRadius; default half
    /// the side).
    public var radius: Double

    public init(sideLength: Double, radius: Double? = nil) {
        self.sideLength = sideLength
        self.radius = radius ?? sideLength / 2
    }

    /// Whether `point` (knob coordinates) lies on the knob's circle, edge included.
    public func contains(_ point: KnobPoint) -> Bool {
        point.x * point.x + point.y * point.y <= radius * radius
    }

    /// The reference's polarAngleOfPoint: the angle of `point` around the centre measured
    /// counterclockwise from 3 o'clock (so 12 o'clock is π/2), mirrored left-right when the
    /// knob is clockwise. Result in [-π, π].
    public static func polarAngle(of point: KnobPoint, clockwise: Bool) -> Double {
        let upward = 0 - point.y
        return KnobMath.atan2(upward, clockwise ? -point.x : point.x)
    }
}
