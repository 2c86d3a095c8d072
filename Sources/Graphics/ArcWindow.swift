#if canImport(Glibc)
import Glibc
#endif

/// The part of a round-capped arc stroke that a clip box can show. Cairo turns the whole
/// path into a polygon before it clips (a long arc is mostly spline decomposition), so a
/// stroke seen through a small box is cheaper as the shorter arc whose centre line covers
/// every angle within `reach` of the box: what it leaves out, and its own new caps, lie
/// farther than that from the box, so the pixels inside are the same.
public enum ArcWindow {
    /// The sub-range of `lo...hi` (radians, Cairo's angles round `center`, `radius`) whose
    /// centre-line points lie within `reach` of `box`; nil when none does. `reach` should be
    /// the line's half width plus the antialiasing's pixel or two.
    public static func visible(center c: Point, radius r: Double, from lo: Double, to hi: Double, reach: Double, in box: Rect) -> ClosedRange<Double>? {
        guard lo <= hi, r > 0 else { return nil }
        let x0 = box.minX - reach, x1 = box.maxX + reach, y0 = box.minY - reach, y1 = box.maxY + reach
        func inside(_ a: Double) -> Bool {
            let x = c.x + r * cos(a), y = c.y + r * sin(a)
            let e = 1e-9 * Swift.max(1, r)
            return x >= x0 - e && x <= x1 + e && y >= y0 - e && y <= y1 + e
        }
        // The set's ends are the range's ends or where the circle crosses the box's edges.
        var candidates = [lo, hi]
        for x in [x0, x1] where abs(x - c.x) <= r {
            let a = acos((x - c.x) / r)
            candidates += [a, -a]
        }
        for y in [y0, y1] where abs(y - c.y) <= r {
            let a = asin((y - c.y) / r)
            candidates += [a, Double.pi - a]
        }
        var first = Double.infinity, last = -Double.infinity
        for base in candidates {
            for k in -3...3 {
                let a = base + 2 * Double.pi * Double(k)
                guard a >= lo, a <= hi, inside(a) else { continue }
                first = Swift.min(first, a)
                last = Swift.max(last, a)
            }
        }
        return first <= last ? first...last : nil
    }
}
