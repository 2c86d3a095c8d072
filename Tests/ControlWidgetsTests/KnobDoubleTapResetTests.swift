import Testing
@testable import ControlWidgets

/// A knob's double tap is opt-in and resets in the knob's own units; a range knob starts
/// from a value. The volume knob: continuous, not circular, −135…135°, range −80…0 dB,
/// so value = −80 + 80 · (position + 135) / 270 and −60 dB is position −135 + 0.25 · 270 = −67.5°.
@Suite struct KnobDoubleTapResetTests {
    static func volume() -> KnobModel {
        var m = makeKnobModel(mode: .continuous, circular: false)
        m.min = KnobMath.radians(-135)
        m.max = KnobMath.radians(135)
        m.range = KnobValueRange(lo: -80, hi: 0)
        return m
    }

    static func doubleTap(_ rig: inout KnobGestureTests.Rig) -> [KnobEvent] {
        var events = rig.send(.touchDown(id: 1, at: KnobPoint(x: 100, y: 40), time: 0))
        events += rig.send(.touchUp(id: 1, time: 0.05))
        events += rig.send(.touchDown(id: 2, at: KnobPoint(x: 100, y: 40), time: 0.2))
        events += rig.send(.touchUp(id: 2, time: 0.25))
        return events
    }

    /// −60 dB as a value: position −67.5°. Without a reset (the default now) two taps do
    /// nothing; before, they jumped to position 0 = −40 dB, +20 dB.
    @Test func withoutAResetTwoTapsDoNothing() {
        var m = Self.volume()
        m.setValue(-60)
        #expect(abs(m.positionDegrees + 67.5) < 1e-9)
        #expect(m.doubleTapReset == nil)
        var rig = KnobGestureTests.Rig(m)
        #expect(Self.doubleTap(&rig).isEmpty)
        #expect(rig.send(.doubleTap(time: 1)).isEmpty)
        #expect(abs(rig.model.value! + 60) < 1e-9)
    }

    /// resetOnDoubleTap −30 dB: fraction 50/80 = 0.625 → position −135 + 168.75 = 33.75°,
    /// the angle a layout had to work out before; the first tap moves nothing.
    @Test func aResetGoesToAValueInRangeUnits() {
        var m = Self.volume()
        m.setValue(-60)
        m.doubleTapReset = .value(-30)
        var rig = KnobGestureTests.Rig(m)
        #expect(rig.send(.touchDown(id: 1, at: KnobPoint(x: 100, y: 40), time: 0)).isEmpty)
        #expect(rig.send(.touchUp(id: 1, time: 0.05)).isEmpty)
        _ = rig.send(.touchDown(id: 2, at: KnobPoint(x: 100, y: 40), time: 0.2))
        let events = rig.send(.touchUp(id: 2, time: 0.25))
        expectKnobEvents(events, [KnobGestureTests.user(KnobMath.radians(33.75))])
        #expect(abs(rig.model.value! + 30) < 1e-9)
    }

    /// A knob without a range resets to a position (radians in the model, degrees in the file).
    @Test func withoutARangeAResetIsAPosition() {
        var m = makeKnobModel(mode: .continuous)
        m.setPosition(1)
        m.doubleTapReset = .position(-0.5)
        var rig = KnobGestureTests.Rig(m)
        expectKnobEvents(Self.doubleTap(&rig), [KnobGestureTests.user(-0.5)])
    }

    /// Published values: without a step, the format's decimals (one): position 0 on a
    /// −135…135 knob over 0…100 is 50; at 1° it is 50.370… → 50.4. With step 0.5: 50.5.
    @Test func publishedValueIsRounded() {
        var m = Self.volume()
        m.range = KnobValueRange(lo: 0, hi: 100)
        m.setPosition(degrees: 1)
        m.valueDecimals = 1
        #expect(abs(m.value! - 136.0 / 270 * 100) < 1e-9 && m.publishedValue == 50.4)
        m.valueSteps.step = 0.5
        m.setPosition(degrees: 1)
        #expect(m.publishedValue == 50.5)
    }
}
