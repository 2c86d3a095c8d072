import Testing
@testable import ControlWidgets

/// "Values leave on the grid": the one rounding events, replies, the state file and MQTT use.
@Suite struct ValueRoundingTests {
    /// Step 0.5 from 10: 26.666667 is 33.33 steps → 33 → 10 + 16.5 = 26.5. Without a step,
    /// "%.1f" (1 decimal): 26.666667 → 26.7, the number Home Assistant should get.
    @Test func stepElseFormatPrecision() {
        #expect(ValueRounding(origin: 10, step: 0.5).rounded(26.666667) == 26.5)
        #expect(ValueRounding(decimals: 1).rounded(26.666667) == 26.7)
        #expect(ValueRounding(decimals: 0).rounded(83.333) == 83)
        #expect(ValueRounding.none.rounded(3.333333) == 3.333333)
    }

    /// A grid point is written with the decimals the step needs: 0 + 3 · 0.1 is
    /// 0.30000000000000004 in binary, published as 0.3; origin 0.25 with step 1 → 2 decimals.
    @Test func gridPointsHaveTheStepsDecimals() {
        #expect(0.1 * 3 != 0.3)
        #expect(ValueRounding(origin: 0, step: 0.1).rounded(0.29) == 0.3)
        #expect(ValueRounding(origin: 0.25, step: 1).rounded(3.4) == 3.25)
        #expect(ValueRounding(origin: 0, step: 0.5).publishedDecimals == 1)
    }

    /// Grid points past the range's end are clamped to it: 0…100 with step 40 has 0, 40, 80;
    /// 100 rounds to 120 (2.5 steps → 3), which is clamped back to 100.
    @Test func theEndOfTheRangeStays() {
        #expect(ValueRounding(origin: 0, step: 40, bounds: 0...100).rounded(100) == 100)
        #expect(ValueRounding(origin: 0, step: 40, bounds: 0...100).rounded(70) == 80)
    }

    /// Half away from zero, as the readout writes it; a value that rounds to zero is 0, not −0.
    @Test func roundingMatchesTheReadout() {
        let r = ValueRounding(decimals: 1)
        #expect(r.rounded(0.25) == 0.3 && r.rounded(-0.25) == -0.3)
        #expect(r.rounded(-0.04).sign == .plus)
        #expect(ValueFormat("%.1f")!.decimals == 1 && ValueFormat("%d %%")!.decimals == 0 && ValueFormat("vol")!.decimals == nil)
    }
}
