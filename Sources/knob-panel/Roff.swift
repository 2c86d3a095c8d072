/// Text for man(7) pages: escapes and the few requests our pages use.
enum Roff {
    /// Plain text as roff: backslashes and hyphens escaped (so options copy as ASCII minus), a
    /// leading `.` or `'` kept from becoming a request.
    static func escape(_ text: String) -> String {
        var s = ""
        for u in text.unicodeScalars {
            switch u {
            case "\\": s += "\\e"
            case "-": s += "\\-"
            // groff reads ASCII: other characters as \[uXXXX] (groff_char(7)).
            case _ where u.value > 127: s += "\\[u" + hex4(u.value) + "]"
            default: s.unicodeScalars.append(u)
            }
        }
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        return s
    }

    private static func hex4(_ v: UInt32) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - h.count)) + h
    }

    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// Hand-wrapped help text as roff: lines of prose joined and filled, indented lines kept
    /// as they are (tables, examples), blank lines as paragraph breaks.
    static func paragraphs(_ text: String) -> [String] {
        var out: [String] = [], prose: [String] = [], literal: [String] = []
        func flushProse() { if !prose.isEmpty { out.append(escape(prose.joined(separator: " "))); prose = [] } }
        func flushLiteral() { if !literal.isEmpty { out += [".nf"] + literal.map(escape) + [".fi"]; literal = [] } }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { flushProse(); flushLiteral(); out.append(".PP"); continue }
            if line.hasPrefix(" ") { flushProse(); literal.append(line) } else { flushLiteral(); prose.append(line) }
        }
        flushProse(); flushLiteral()
        while out.last == ".PP" { out.removeLast() }
        return out
    }
}
