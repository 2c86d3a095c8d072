/// The number being typed on a keypad, as a value: digits, at most one decimal point, a sign.
/// Pure rules (no drawing, no time); the view maps touches to `press(_:)`.
///
/// - at most `maxIntegerDigits` (9) before the point, so every entry is below 10⁹, the
///   bound on every number a command may carry; at most `decimals` (≤ 6) after it;
/// - no leading zeros ("0" then "7" is "7"); the point on an empty entry is "0.";
/// - ± flips the sign (only when `signed`), even before any digit;
/// - backspace removes the last character typed (the sign last, after every digit);
/// - enter with something typed reports the number and clears the entry; with nothing
///   typed it does nothing; cancel clears the entry and reports that it was cancelled.
public struct KeypadModel: Sendable, Equatable {
    public enum Key: String, Sendable, CaseIterable {
        case d0 = "0", d1 = "1", d2 = "2", d3 = "3", d4 = "4", d5 = "5", d6 = "6", d7 = "7", d8 = "8", d9 = "9"
        case point, backspace, sign, enter, cancel

        public var digit: Character? { rawValue.count == 1 ? rawValue.first : nil }
    }

    public enum Outcome: Sendable, Equatable {
        /// The key did nothing (a tenth integer digit, a second point).
        case none
        /// The entry changed.
        case edited
        /// Enter: the number typed; the entry is empty again.
        case entered(Double)
        /// Cancel: the entry is empty again.
        case cancelled
    }

    public static let maxIntegerDigits = 9
    /// Digits after the point (0: the point key does nothing), 0…6.
    public let decimals: Int
    /// Whether ± works.
    public let signed: Bool
    /// The digits and point typed, without the sign ("12.5", "0.", "").
    public private(set) var digits = ""
    public private(set) var negative = false

    public init(decimals: Int = 6, signed: Bool = true) {
        self.decimals = Swift.min(6, Swift.max(0, decimals))
        self.signed = signed
    }

    /// Nothing typed (not even a sign).
    public var isEmpty: Bool { digits.isEmpty && !negative }

    /// The number typed; nil until a digit is.
    public var number: Double? {
        guard digits.contains(where: \.isNumber) else { return nil }
        let text = digits.hasSuffix(".") ? String(digits.dropLast()) : digits
        guard let magnitude = Double(text) else { return nil }
        return negative && magnitude != 0 ? -magnitude : magnitude
    }

    /// The entry as typed, with a real minus sign (U+2212): "−12.5", "0.", "−".
    public var text: String { (negative ? "\u{2212}" : "") + digits }

    /// The entry as the `entry` field of events carries it: ASCII, as typed ("-12.5", "0.").
    public var entry: String { (negative ? "-" : "") + digits }

    public mutating func press(_ key: Key) -> Outcome {
        if let d = key.digit {
            if let dot = digits.firstIndex(of: ".") {
                guard digits[digits.index(after: dot)...].count < decimals else { return .none }
            } else {
                if digits == "0" { digits = String(d); return .edited }
                guard digits.count < Self.maxIntegerDigits else { return .none }
            }
            digits.append(d)
            return .edited
        }
        switch key {
        case .point:
            guard decimals > 0, !digits.contains(".") else { return .none }
            digits = digits.isEmpty ? "0." : digits + "."
            return .edited
        case .backspace:
            if !digits.isEmpty { digits.removeLast(); return .edited }
            if negative { negative = false; return .edited }
            return .none
        case .sign:
            guard signed else { return .none }
            negative.toggle()
            return .edited
        case .enter:
            guard let n = number else { return .none }
            clear()
            return .entered(n)
        case .cancel:
            clear()
            return .cancelled
        default:
            return .none
        }
    }

    /// Empties the entry.
    public mutating func clear() { digits = ""; negative = false }
}
