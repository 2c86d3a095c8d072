import Graphics
import PanelLayout
import Testing
@testable import ControlWidgets

/// The keypad's typing rules, the spinbox's grid and its repeat, the shared AutoRepeat.
@Suite struct EntryWidgetTests {
    static func typed(_ keys: [KeypadModel.Key], _ model: KeypadModel = KeypadModel(decimals: 2)) -> (KeypadModel, [KeypadModel.Outcome]) {
        var m = model
        let outcomes = keys.map { m.press($0) }
        return (m, outcomes)
    }

    @Test func typingTwelvePointFiveThenEnter() {
        let (m, out) = Self.typed([.d1, .d2, .point, .d5])
        #expect(m.entry == "12.5" && m.text == "12.5" && m.number == 12.5)
        #expect(out == [.edited, .edited, .edited, .edited])
        var done = m
        #expect(done.press(.enter) == .entered(12.5))
        #expect(done.isEmpty && done.number == nil)
        #expect(done.press(.enter) == .none)   // nothing typed: nothing entered
    }

    @Test func leadingZerosPointAndDecimals() {
        #expect(Self.typed([.d0, .d0, .d7]).0.entry == "7")
        #expect(Self.typed([.point, .d5]).0.entry == "0.5")
        // Two decimals: a third is refused; a second point too.
        let (m, out) = Self.typed([.d1, .point, .d2, .d3, .d4, .point])
        #expect(m.entry == "1.23" && out.suffix(2) == [.none, .none])
        // No point key with 0 decimals.
        #expect(Self.typed([.d3, .point, .d1], KeypadModel(decimals: 0)).0.entry == "31")
        // "12." enters as 12.
        var t = Self.typed([.d1, .d2, .point]).0
        #expect(t.press(.enter) == .entered(12))
    }

    /// Nine integer digits at most: every entry is below 10⁹, the bound on command numbers.
    @Test func atMostNineIntegerDigits() {
        let (m, out) = Self.typed(Array(repeating: .d9, count: 10))
        #expect(m.entry == "999999999" && out.last == KeypadModel.Outcome.none)
        #expect(m.number == 999_999_999)
    }

    @Test func signBackspaceAndCancel() {
        var (m, _) = Self.typed([.sign, .d4, .point, .d2])
        #expect(m.entry == "-4.2" && m.text == "\u{2212}4.2" && m.number == -4.2)
        #expect(m.press(.backspace) == .edited && m.entry == "-4.")
        _ = m.press(.backspace); _ = m.press(.backspace)
        #expect(m.entry == "-")
        #expect(m.press(.backspace) == .edited && m.isEmpty)
        #expect(m.press(.backspace) == .none)
        #expect(Self.typed([.sign], KeypadModel(signed: false)).1 == [.none])
        var c = Self.typed([.d5]).0
        #expect(c.press(.cancel) == .cancelled && c.isEmpty)
        // "−0" enters as 0, never −0.
        var z = Self.typed([.sign, .d0]).0
        if case .entered(let v) = z.press(.enter) { #expect(v == 0 && v.sign == .plus) } else { Issue.record("not entered") }
    }

    /// The `entry` command types its text key by key, and says which character it refuses.
    @Test func entryCommandTypesKeys() throws {
        let m = try KeypadView.model(typing: "-12.5", into: KeypadModel(decimals: 2))
        #expect(m.entry == "-12.5")
        #expect(throws: WidgetCommandError.self) { try KeypadView.model(typing: "1.234", into: KeypadModel(decimals: 2)) }
        #expect(throws: WidgetCommandError.self) { try KeypadView.model(typing: "1e5", into: KeypadModel()) }
    }

    /// 4 × 4 grid under a display of 80 px in a 260 × 400 frame at (340, 40): gap
    /// max(4, 260·0.025) = 6.5; keys start at 40 + 80 + 1.5·6.5 = 129.75; a cell is
    /// (260 − 3·6.5)/4 = 60.125 wide and (440 − 129.75 − 19.5)/4 = 72.6875 high; enter is two
    /// cells and a gap tall (151.875) at column 3, row 2.
    @Test func layoutCells() {
        let l = KeypadLayout(frame: Rect(x: 340, y: 40, width: 260, height: 400), signed: true, decimals: 2)
        #expect(l.display == Rect(x: 340, y: 40, width: 260, height: 80))
        #expect(l.keys.count == 15)
        let one = l.rect(of: .d1)!
        #expect(abs(one.x - 340) < 1e-9 && abs(one.y - (129.75 + 2 * 79.1875)) < 1e-9 && abs(one.width - 60.125) < 1e-9)
        let enter = l.rect(of: .enter)!
        #expect(abs(enter.x - (340 + 3 * 66.625)) < 1e-9 && abs(enter.height - 151.875) < 1e-9)
        #expect(l.key(at: Point(x: 569.9, y: 400)) == .enter)
        #expect(l.key(at: Point(x: 400.5, y: 300)) == nil)   // in the gap between 1 and 2
        #expect(KeypadLayout(frame: l.frame, signed: false, decimals: 0).keys.count == 13)
    }

    @Test func spinboxGridAndEnds() {
        var m = SpinboxModel(range: (0, 5), step: 0.1, value: 1.04)
        #expect(m.value == 1)
        #expect(m.step(by: 3) && abs(m.value - 1.3) < 1e-12)
        #expect(m.rounding.rounded(m.value) == 1.3)
        #expect(m.set(99) && m.value == 5 && !m.canIncrease)
        let movedPastTheEnd = m.step(by: 1)
        #expect(!movedPastTheEnd)
        // An end off the grid: 0…1 by 0.3 has 0, 0.3, 0.6, 0.9 and the end 1. A value of 1
        // rounds to the nearest grid point (0.9, as ValueRounding publishes it); a step up
        // from 0.9 (1.2) stops at the end, and a step down from the end lands on 0.9.
        var o = SpinboxModel(range: (1, 0), step: 0.3, value: 1)
        #expect(o.lo == 0 && abs(o.value - 0.9) < 1e-12)
        #expect(o.step(by: 1) && o.value == 1)
        #expect(o.step(by: -1) && abs(o.value - 0.9) < 1e-12)
    }

    /// AutoRepeat: due at 0.5, 0.6, 0.7 … after the press; each reported once.
    @Test func autoRepeatCounts() {
        var r = AutoRepeat()
        #expect(r.due(heldSince: 1, at: 1.49) == 0)
        #expect(r.due(heldSince: 1, at: 1.5) == 1)
        #expect(r.due(heldSince: 1, at: 1.55) == 0)
        #expect(r.due(heldSince: 1, at: 1.95) == 4)   // 1.6, 1.7, 1.8, 1.9
        #expect(r.fired == 5)
        r.restart()
        #expect(r.fired == 0)
    }

    /// A spinbox's + held from t = 0 to 1.05: one step on each repeat at 0.5 … 1.0 (six), none on release.
    @Test func spinboxHeldRepeatsLikeAButton() {
        let v = SpinboxView(id: "s", frame: Rect(x: 0, y: 0, width: 300, height: 60),
                            model: SpinboxModel(range: (0, 100), step: 1, value: 10), format: ValueFormat(decimals: 0),
                            title: "", chrome: ControlChrome(tint: Color(red: 0.2, green: 0.5, blue: 1)))
        _ = v.handle(.touchDown(id: 1, at: Point(x: 280, y: 30)), at: 0)
        var events: [WidgetEvent] = []
        var t = 0.0
        while t < 1.05 { t += 1.0 / 60; events += v.advance(to: Swift.min(t, 1.05)) }
        events += v.handle(.touchUp(id: 1), at: 1.05)
        #expect(events.count == 6)
        #expect(v.model.value == 16)
        // A tap steps once, on release.
        #expect(v.handle(.touchDown(id: 2, at: Point(x: 20, y: 30)), at: 2).isEmpty)
        #expect(v.handle(.touchUp(id: 2), at: 2.1) == [WidgetEvent("valueChanged", [EventField("value", .number(15)), EventField("source", .string("user"))])])
    }
}
