/// An ISO 8601 time as the command line takes it (`2026-12-01T07:30:00Z`, `…+01:00`,
/// fractional seconds allowed), in seconds since the Unix epoch. Pure arithmetic: the
/// proleptic Gregorian calendar (Howard Hinnant's days-from-civil), no time-zone database.
public enum ISO8601Time {
    public static func unixTime(_ text: String) -> Double? {
        let c = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= c.count else { return nil }
            var v = 0
            for b in c[from..<from + count] { guard b >= 48 && b <= 57 else { return nil }; v = v * 10 + Int(b - 48) }
            return v
        }
        guard c.count >= 20, let y = number(0, 4), c[4] == UInt8(ascii: "-"), let mo = number(5, 2), c[7] == UInt8(ascii: "-"),
              let d = number(8, 2), c[10] == UInt8(ascii: "T") || c[10] == UInt8(ascii: " "),
              let h = number(11, 2), c[13] == UInt8(ascii: ":"), let mi = number(14, 2), c[16] == UInt8(ascii: ":"), let s = number(17, 2)
        else { return nil }
        var i = 19
        var fraction = 0.0
        if c[i] == UInt8(ascii: ".") {
            i += 1
            var scale = 0.1
            while i < c.count, c[i] >= 48 && c[i] <= 57 { fraction += Double(c[i] - 48) * scale; scale /= 10; i += 1 }
        }
        guard i < c.count else { return nil }
        var offset = 0
        if c[i] == UInt8(ascii: "Z") && i == c.count - 1 {
            offset = 0
        } else if c[i] == UInt8(ascii: "+") || c[i] == UInt8(ascii: "-"), i + 6 == c.count, let oh = number(i + 1, 2),
                  c[i + 3] == UInt8(ascii: ":"), let om = number(i + 4, 2), oh <= 23, om <= 59 {
            offset = (oh * 3600 + om * 60) * (c[i] == UInt8(ascii: "-") ? -1 : 1)
        } else { return nil }
        let daysIn = [31, (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard y >= 1970, (1...12).contains(mo), (1...daysIn[mo - 1]).contains(d), h <= 23, mi <= 59, s <= 59 else { return nil }
        let yy = mo <= 2 ? y - 1 : y
        let era = yy / 400, yoe = yy - era * 400
        let doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = era * 146_097 + doe - 719_468
        return Double(days * 86_400 + h * 3600 + mi * 60 + s - offset) + fraction
    }
}
