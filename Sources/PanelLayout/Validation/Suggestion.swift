/// "did you mean …?" for misspelt keys and enum values.
public enum Suggestion {
    /// The closest candidate by case-insensitive edit distance, if it is close enough to be
    /// a likely typo: at most 1 edit for short words, about a third of the length otherwise.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        guard !w.isEmpty, w.count <= 64 else { return nil }
        var best: (String, Int)? = nil
        for candidate in candidates {
            let c = Array(candidate.lowercased().unicodeScalars)
            let d = distance(w, c)
            let limit = max(1, min(3, max(w.count, c.count) / 3))
            if d <= limit, best == nil || d < best!.1 {
                best = (candidate, d)
            }
        }
        return best?.0
    }

    /// " (did you mean 'x'?)" or "".
    public static func hint(for word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}

/// A string from the layout file as messages show it: in single quotes, control characters
/// escaped (a diagnostic is always one line) and cut after 60 characters.
func shown(_ s: String) -> String {
    var out = "'"
    var count = 0
    for scalar in s.unicodeScalars {
        if count == 60 {
            out += "…"
            break
        }
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}" || scalar == "\u{85}" {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            out += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        } else {
            out.unicodeScalars.append(scalar)
        }
        count += 1
    }
    return out + "'"
}
