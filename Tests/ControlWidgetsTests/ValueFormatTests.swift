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
        #expect(try f("%i", -2.5) == "\u{2212}3")
        #expect(try f("%d", 99.6) == "100")
    }

    @Test func flagsAndWidth() throws {
        #expect(try f("%+.0f dB", 6) == "+6 dB")
        #expect(try f("%+.0f dB", -6) == "\u{2212}6 dB")
        #expect(try f("% d", 5) == " 5")
        #expect(try f("%05.1f", 3.14159) == "003.1")
        #expect(try f("%4d|", 7) == "   7|")
        #expect(try f("%-4d|", 7) == "7   |")
        #expect(try f("[%3d]", -7) == "[ \u{2212}7]")
    }

    /// On screen a negative number starts with U+2212 MINUS SIGN, as typeset ("−10", the
    /// width of "+"), never a hyphen-minus; zero-padding goes after it.
    @Test func negativeNumbersHaveARealMinus() throws {
        #expect(try f("%d", -10) == "−10")
        #expect(try f("%.1f °C", -2.25) == "−2.3 °C")
        #expect(try f("%05.1f", -3.14) == "−03.1")
        #expect(try !f("%+.0f dB", -12).contains("-"))
    }

    /// `locale` changes the decimal separator only: "21,5 °C" in German (CLDR), "21.5 °C" in
    /// English, and Swiss German keeps the point; digits, sign and padding are unchanged.
    @Test func localeChoosesTheDecimalSeparator() throws {
        let de = try #require(NumberLocale("de")), ch = try #require(NumberLocale("de-CH")), ptBR = try #require(NumberLocale("pt_BR"))
        #expect(try ValueFormat(parsing: "%.1f °C").localized(de).string(21.5) == "21,5 °C")
        #expect(try ValueFormat(parsing: "%+06.2f").localized(de).string(-1.5) == "−01,50")
        #expect(try ValueFormat(parsing: "%.1f °C").localized(ch).string(21.5) == "21.5 °C")
        #expect(try ValueFormat(parsing: "%.1f").localized(ptBR).string(0.25) == "0,3")
        #expect(try ValueFormat(parsing: "%d").localized(de).string(1234) == "1234")
        #expect(try ValueFormat(parsing: "%.1f").string(21.5) == "21.5")
        #expect(NumberLocale("en-US")?.decimalSeparator == ".")
        #expect(NumberLocale("en-ZA")?.decimalSeparator == ",")
        #expect(NumberLocale("xx") == nil && NumberLocale("de-") == nil && NumberLocale("german") == nil && NumberLocale("") == nil)
        #expect(NumberLocale.problem(with: "klingon")?.hasPrefix("unknown locale 'klingon'") == true)
        #expect(NumberLocale.problem(with: "fr-FR") == nil)
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
