#if canImport(Glibc)
import Glibc
#endif

/// The directions round a gapped slider's centre where its pixel pass changes what a pixel
/// shows: the filled span's ends (antialiased over half a pixel), the glow's soft-end steps
/// and the lap's seam. Along a row, a pixel's angle moves steadily, so the pixels between
/// two that lie near a cut all show the same window with the same coverage: only the pixels
/// near a cut need their own angle and radius (`nearRanges`).
struct SliderArcCuts {
    /// A cut's direction on screen, how near (pixels) to it a pixel's window is undecided,
    /// and along a row: where its line crosses per pixel of height, and how wide the margin is.
    private struct Cut { var sin, cos, margin, cot, halfWidth: Double }
    private var cuts: [Cut] = []
    var count: Int { cuts.count }

    /// `antialiased` and `hard`: the cuts (travel degrees); `rotation`: the arc's rotation
    /// (degrees); `radius`: the largest distance of a pixel drawn.
    init(antialiased: [Double], hard: [Double], rotation: Double, radius: Double) {
        // The angle of a pixel is within 0.0001° of its true angle (`atan2Degrees`), far
        // less than the slack, which grows with the radius to stay well above that error.
        let slack = 0.05 + radius * 5e-5
        for (travels, margin) in [(antialiased, 0.5 + slack), (hard, slack)] {
            for t in travels {
                let a = (t + rotation) * Double.pi / 180
                let s = Glibc.sin(a), c = Glibc.cos(a)
                cuts.append(Cut(sin: s, cos: c, margin: margin, cot: s == 0 ? 0 : c / s, halfWidth: s == 0 ? 0 : margin / Swift.abs(s)))
            }
        }
    }

    private init(_ cuts: [Cut]) { self.cuts = cuts }

    /// The cuts whose ray (from the centre `cx`, `cy` out to `length`) passes within their
    /// margin and two pixels of the box `x0..<x1`, `y0..<y1`: only they can cut its rows.
    func meeting(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, cx: Double, cy: Double, length: Double) -> SliderArcCuts {
        SliderArcCuts(cuts.filter { c in
            let slack = c.margin + 2
            var lo = 0.0, hi = length
            for (p, q0, q1, d) in [(cx, Double(x0) - slack, Double(x1) + slack, c.cos), (cy, Double(y0) - slack, Double(y1) + slack, c.sin)] {
                if d == 0 {
                    if p < q0 || p > q1 { return false }
                } else {
                    let a = (q0 - p) / d, b = (q1 - p) / d
                    lo = Swift.max(lo, Swift.min(a, b)); hi = Swift.min(hi, Swift.max(a, b))
                    if lo > hi { return false }
                }
            }
            return true
        })
    }

    /// The pixels of the row `dy` below the centre (square x of the centre `cx`) that lie
    /// within a cut's margin of its ray, as inclusive x ranges sorted and merged into
    /// `ranges` (room for `count` + 1), clipped to about `lo..<hi`; returns how many. Each
    /// range takes in the pixels on both sides of where the ray crosses the row, so two
    /// neighbours in no range are on the same side of every cut.
    func nearRanges(dy: Double, cx: Double, lo: Int, hi: Int, into ranges: UnsafeMutablePointer<(Int, Int)>) -> Int {
        var n = 0
        let flo = Double(lo) - 2, fhi = Double(hi) + 2
        for c in cuts {
            // Pixel centres x + 0.5 whose distance to the cut's line, |dx·sin − dy·cos|, is
            // under the margin.
            var x0: Double, x1: Double
            if c.sin == 0 {
                guard Swift.abs(dy * c.cos) < c.margin else { continue }
                x0 = flo; x1 = fhi
            } else {
                let cross = dy * c.cot
                x0 = cross - c.halfWidth; x1 = cross + c.halfWidth
                // Behind the centre (more than the margin): the line, not the ray.
                guard Swift.max(x0 * c.cos, x1 * c.cos) + dy * c.sin > -c.margin else { continue }
                x0 += cx - 0.5; x1 += cx - 0.5
                guard x1 >= flo, x0 <= fhi else { continue }
            }
            insert((Int(Swift.max(flo, x0).rounded(.down)), Int(Swift.min(fhi, x1).rounded(.up))), into: ranges, &n)
        }
        // On the centre's own row the angle jumps by half a turn at the centre.
        if Swift.abs(dy) < 0.25 { insert((Int(cx.rounded(.down)) - 2, Int(cx.rounded(.down)) + 2), into: ranges, &n) }
        guard n > 1 else { return n }
        var merged = 0
        for i in 1..<n {
            if ranges[i].0 <= ranges[merged].1 + 1 {
                ranges[merged].1 = Swift.max(ranges[merged].1, ranges[i].1)
            } else {
                merged += 1
                ranges[merged] = ranges[i]
            }
        }
        return merged + 1
    }

    /// Inserts a range by its start (a handful a row: insertion beats a sort).
    @inline(__always) private func insert(_ r: (Int, Int), into ranges: UnsafeMutablePointer<(Int, Int)>, _ n: inout Int) {
        var i = n
        while i > 0 && ranges[i - 1].0 > r.0 { ranges[i] = ranges[i - 1]; i -= 1 }
        ranges[i] = r
        n += 1
    }
}
