import Testing
@testable import ControlWidgets

/// Double tap on a slider is opt-in (`doubleTapReset`), and with it the first tap never
/// moves the value. Geometry: 0…100 on a 270° arc, so travel t is at screen 135 + t and
/// value = t / 2.7; a tap at screen 0 (3 o'clock) is travel 225 = 83.33.
@Suite struct SliderDoubleTapTests {
    static func model(reset: [Double]? = [50], range: Bool = false) -> SliderModel {
        var m = SliderModel(range: range)
        m.maximumAngle = 270
        m.doubleTapReset = reset
        return m
    }

    static let changed = SliderEvent.valueChanged(handle: 0, source: .user)

    /// Without a reset a tap moves the handle at once (TBCircularSlider), and two taps are
    /// two taps: nothing resets.
    @Test func withoutResetTapsMoveAtOnce() {
        var m = Self.model(reset: nil)
        #expect(m.touchDown(atScreenAngle: 0, at: 0) == [.trackingBegan(handle: 0), Self.changed])
        _ = m.touchUp(at: 0.05)
        #expect(m.pendingTapDeadline == nil)
        #expect(m.touchDown(atScreenAngle: 0, at: 0.2) == [.trackingBegan(handle: 0)])   // already there
        #expect(abs(m.value - 225 / 2.7) < 1e-9)
    }

    /// With a reset, a single tap's jump waits for the double-tap interval (0.3 s after the
    /// release): nothing at 0.05, still nothing at 0.3, the jump to 83.33 at 0.36.
    @Test func aSingleTapMovesAfterTheInterval() {
        var m = Self.model()
        #expect(m.touchDown(atScreenAngle: 0, at: 0) == [.trackingBegan(handle: 0)])
        #expect(m.touchUp(at: 0.05) == [.trackingEnded(handle: 0)])
        #expect(m.value == 0 && m.pendingTapDeadline == 0.35)
        #expect(m.resolvePendingTap(at: 0.3).isEmpty && m.value == 0)
        #expect(m.resolvePendingTap(at: 0.36) == [Self.changed])
        #expect(abs(m.value - 225 / 2.7) < 1e-9 && m.pendingTapDeadline == nil)
    }

    /// The first tap of a double tap never moves the value: 0 → (tap, tap) → 50, with one
    /// valueChanged, and the held-back jump to 83.33 is dropped.
    @Test func aDoubleTapResetsWithoutMovingFirst() {
        var m = Self.model()
        _ = m.touchDown(atScreenAngle: 0, at: 0)
        _ = m.touchUp(at: 0.05)
        #expect(m.touchDown(atScreenAngle: 0, at: 0.2) == [Self.changed])
        #expect(m.value == 50 && m.isAnimating(at: 0.3))
        #expect(m.resolvePendingTap(at: 1).isEmpty && m.value == 50)
    }

    /// Two quick taps far apart on the ring are two taps: the first (3 o'clock, 83.33)
    /// lands when the second goes down at 12 o'clock (90° away, more than 15°), and the
    /// second is held back in its turn: 50 after the interval. Nothing resets.
    @Test func tapsFarApartAreTwoTaps() {
        var m = Self.model(reset: [10])
        _ = m.touchDown(atScreenAngle: 0, at: 0)
        _ = m.touchUp(at: 0.05)
        #expect(m.touchDown(atScreenAngle: 270, at: 0.2) == [Self.changed, .trackingBegan(handle: 0)])
        #expect(abs(m.value - 225 / 2.7) < 1e-9)
        _ = m.touchUp(at: 0.25)
        #expect(m.resolvePendingTap(at: 0.6) == [Self.changed] && abs(m.value - 50) < 1e-9)
    }

    /// A drag still moves the handle, once the finger has moved `tapSlop` (8°): down at
    /// travel 135 (12 o'clock), 5° on nothing moves; at 10° on the handle jumps to the
    /// finger, travel 145 (the touch, as the reference's, sets the value).
    @Test func aDragMovesOnceItIsADrag() {
        var m = Self.model()
        _ = m.touchDown(atScreenAngle: 270, at: 0)
        #expect(!m.touchMove(toScreenAngle: 275, at: 0.05).contains(Self.changed) && m.value == 0)
        #expect(m.touchMove(toScreenAngle: 280, at: 0.1).contains(Self.changed))
        #expect(abs(m.travel[0] - 145) < 1e-9)
        _ = m.touchUp(at: 0.2)
        #expect(m.pendingTapDeadline == nil)
    }

    /// Another input during the interval lets the held-back tap land first: the tap's 83.33,
    /// then one wheel detent (5° = 1.85) on top of it.
    @Test func otherInputFlushesAHeldBackTap() {
        var m = Self.model()
        _ = m.touchDown(atScreenAngle: 0, at: 0)
        _ = m.touchUp(at: 0.05)
        #expect(m.wheel(steps: 1, at: 0.1) == [Self.changed, Self.changed])
        #expect(abs(m.travel[0] - 230) < 1e-9 && m.pendingTapDeadline == nil)
    }

    /// A range slider's reset sets both handles: [20, 80] from [0, 22.2] (travel 0 and 60):
    /// the second handle moves first so the first has room.
    @Test func aRangeSliderResetsBothHandles() {
        var m = Self.model(reset: [20, 80], range: true)
        _ = m.touchDown(atScreenAngle: 0, at: 0)
        _ = m.touchUp(at: 0.05)
        let events = m.touchDown(atScreenAngle: 0, at: 0.2)
        #expect(events.count == 2)
        #expect(abs(m.value - 20) < 1e-9 && abs((m.secondValue ?? 0) - 80) < 1e-9)
    }
}
