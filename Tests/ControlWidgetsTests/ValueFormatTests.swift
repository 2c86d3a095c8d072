import Formatting
import Testing

@Suite struct ValueFormatParsingTests {
    private func f(_ format: String, _ v: Double) throws -> String { try ValueFormat(parsing: format).string(v) }

    @Test func fixedPointWithUnit() throws {
        #expect(try f("%.1f °C", 21.5) == "21.5 °C")
        // 32.683472 → one decimal: 32.7 (the unreadable continuous value).
        #expect(try f("%.1f °C", 32.683472) == "32.7 °C")
        #expect(try f("%.2f", 0.125) == "0.13")           // half away from zero
        #expect(try f("%f", 1.5) == "1.500000")           // printf's default precision 6
        #expect(try f("%.0f", 2.5) == "3")
    }

    @Test func integerRoundsToNearest() throws {
        #expect(try f("%d %%", 53.47) == "53 %")
        #expect(try f("%i", -2.5) == "-3")
        #expect(try f("%d", 99.6) == "100")
    }

    @Test func flagsAndWidth() throws {
        #expect(try f("%+.0f dB", 6) == "+6 dB")
        #expect(try f("%+.0f dB", -6) == "-6 dB")
        #expect(try f("% d", 5) == " 5")
        #expect(try f("%05.1f", 3.14159) == "003.1")
        #expect(try f("%4d|", 7) == "   7|")
        #expect(try f("%-4d|", 7) == "7   |")
        #expect(try f("[%3d]", -7) == "[ -7]")
    }

    @Test func roundedZeroHasNoMinusSign() throws {
        #expect(try f("%.1f", -0.04) == "0.0")
        #expect(try f("%d", -0.4) == "0")
        #expect(try f("%+d", -0.4) == "+0")
    }

    @Test func literalTextAndPercent() throws {
        #expect(try f("Level %d%%", 40) == "Level 40%")
        #expect(try f("温度 %.1f℃", 20) == "温度 20.0℃")
    }

    @Test(arguments: [
        ("%s", "unsupported conversion '%s'"),
        ("%n", "unsupported conversion '%n'"),
        ("%x", "unsupported conversion '%x'"),
        ("%d %d", "more than one conversion"),
        ("%", "'%' at the end"),
        ("%.1", "not finished"),
        ("%.1d", "takes no precision"),
        ("%999d", "width is larger than 20"),
        ("%.7f", "precision is larger than 6"),
    ])
    func rejectsUnsafeOrBrokenFormats(format: String, message: String) {
        #expect(throws: ValueFormatError.self) { try ValueFormat(parsing: format) }
        do { _ = try ValueFormat(parsing: format) } catch { #expect(error.description.contains(message), "\(error.description)") }
    }

    @Test func textOnlyFormatShowsItsText() throws {
        #expect(try f("vol", 3) == "vol")
        #expect(try f("100%%", 3) == "100%")
    }

    @Test func hugeValuesStayFinite() throws {
        #expect(try f("%.2f", 1e300).hasPrefix("1"))
        #expect(try f("%d", .infinity) == "–")
    }

    @Test func decimalsFromStepAndSpan() {
        #expect(ValueFormat.decimals(forStep: 0.5) == 1)
        #expect(ValueFormat.decimals(forStep: 0.25) == 2)
        #expect(ValueFormat.decimals(forStep: 5) == 0)
        #expect(ValueFormat.decimals(forStep: 0.1) == 1)
        #expect(ValueFormat.decimals(forSpan: 100) == 0)
        #expect(ValueFormat.decimals(forSpan: 12) == 1)
        #expect(ValueFormat(decimals: 1, unit: "°C").string(20) == "20.0 °C")
    }
}
