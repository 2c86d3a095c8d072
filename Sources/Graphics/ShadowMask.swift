/// Soft shadows: an alpha mask of a shape, blurred once and cached (never per frame).
public enum ShadowMask {
    /// Blurs an A8 surface in place with three box-blur passes per axis, which approximates a
    /// Gaussian. Core Animation's shadowRadius is usually taken as that Gaussian's σ (design
    /// tools export it as a CSS blur of 2 × shadowRadius). Three passes of half-width r give
    /// σ = √(r(r+1)); r = round(0.75·radius) lands at σ ≈ 0.9·radius for typical radii
    /// (radius 6 → r 5 → σ 5.5), a shade tighter than CA, which reads well on small knobs.
    public static func blur(_ surface: ImageSurface, radius: Double) {
        precondition(surface.format == .a8)
        let r = Int((radius * 0.75).rounded())
        guard r > 0 else { return }
        RenderCounters.countBlur()
        // Only the ink's box widened by the three passes' reach (3r) each way, clipped to the
        // image: outside it every pass leaves zeros, as over the whole image, so the pixels are
        // the same (a small shape on a large canvas, such as a dial's finger stop, is blurred
        // at its own size).
        guard let box = surface.inkBox() else { return }
        surface.withPixelBytes { base, stride in
            let reach = 3 * r
            let x0 = Swift.max(0, box.x0 - reach), y0 = Swift.max(0, box.y0 - reach)
            let x1 = Swift.min(surface.width, box.x1 + 1 + reach), y1 = Swift.min(surface.height, box.y1 + 1 + reach)
            blur(base.assumingMemoryBound(to: UInt8.self) + y0 * stride + x0, stride: stride, width: x1 - x0, height: y1 - y0, r: r)
        }
    }

    /// The three passes each way over `w`×`h` pixels at `px`, rows `stride` bytes apart.
    private static func blur(_ px: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int, r: Int) {
        let div = UInt64(2 * r + 1)
        precondition(div < 4096)
        let m = ((1 << 32) + div - 1) / div   // floor(sum / div) by a multiply: see verticalPass
        let line = UnsafeMutablePointer<UInt8>.allocate(capacity: w), out = UnsafeMutablePointer<UInt8>.allocate(capacity: w)
        defer { line.deallocate(); out.deallocate() }
        func pass(_ src: UnsafeMutablePointer<UInt8>, _ dst: UnsafeMutablePointer<UInt8>, _ n: Int) {
            // Running-sum box blur of `src[0..<n]` into `dst`, edges treated as zero.
            var sum: UInt32 = 0
            for i in 0..<Swift.min(r, n) { sum &+= UInt32(src[i]) }
            for i in 0..<n {
                let add = i + r, sub = i - r - 1
                if add < n { sum &+= UInt32(src[add]) }
                if sub >= 0 { sum &-= UInt32(src[sub]) }
                dst[i] = UInt8(truncatingIfNeeded: (UInt64(sum) &* m) >> 32)
            }
        }
        // Per row, only the runs that hold ink, each widened by the three passes' reach
        // (3r): beyond it the passes leave zeros, as over the whole row. Runs less than
        // twice the reach apart are one run (their blurs meet). A ring's middle rows are
        // two short runs instead of its whole width; an empty row is no run at all.
        let reach = 3 * r
        for y in 0..<h {
            let row = px + y * stride
            var x = 0
            while x < w {
                if row[x] == 0 { x += 1; continue }
                // The run from x: up to its last ink before a gap of 2·reach zeros.
                var end = x + 1, scan = x + 1
                while scan < w {
                    if row[scan] != 0 { end = scan + 1 } else if scan + 1 - end >= 2 * reach { break }
                    scan += 1
                }
                let a = Swift.max(0, x - reach), n = Swift.min(w, end + reach) - a
                pass(row + a, line, n); pass(line, out, n); pass(out, row + a, n)
                // Past what the passes wrote (end + reach ≤ scan): the next run's ink is
                // still the original.
                x = scan + 1
            }
        }
        // Vertically, walking a column touches one byte per row (a cache miss each on a
        // large mask): instead every column's running sum advances together, row by row,
        // in place, the r + 1 rows the sums still take back kept in a ring. Same sums,
        // same floors, same pixels as three passes between whole planes.
        let ring = UnsafeMutablePointer<UInt8>.allocate(capacity: w * (r + 1))
        let sums = UnsafeMutablePointer<UInt32>.allocate(capacity: w)
        defer { ring.deallocate(); sums.deallocate() }
        for _ in 0..<3 { verticalPass(px, stride: stride, width: w, height: h, r: r, ring: ring, sums: sums) }
    }

    /// One running-sum box pass down every column at once, in place (edges treated as zero),
    /// rows `stride` bytes apart. Row y is written once the sums have taken row y + r; the
    /// original of row y is kept in `ring` (r + 1 rows of `w`) until row y + r + 1 takes it
    /// back. The floor of sum / (2r + 1) is taken by a multiply: m = ⌈2³²/d⌉ is exact while
    /// sum · (m·d − 2³²) < 2³², and sum ≤ 255·d with m·d − 2³² < d, so for d < 4096.
    private static func verticalPass(_ px: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int, r: Int,
                                     ring: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<UInt32>) {
        let div = UInt64(2 * r + 1)
        precondition(div < 4096)
        let m = ((1 << 32) + div - 1) / div
        for x in 0..<w { sums[x] = 0 }
        for y in 0..<Swift.min(r, h) {
            let row = px + y * stride
            for x in 0..<w { sums[x] &+= UInt32(row[x]) }
        }
        for y in 0..<h {
            if y + r < h {
                let add = px + (y + r) * stride
                for x in 0..<w { sums[x] &+= UInt32(add[x]) }
            }
            // Row y - r - 1's original and row y's share a slot: the one taken back first.
            let slot = ring + (y % (r + 1)) * w
            if y - r - 1 >= 0 {
                for x in 0..<w { sums[x] &-= UInt32(slot[x]) }
            }
            let row = px + y * stride
            for x in 0..<w { slot[x] = row[x]; row[x] = UInt8(truncatingIfNeeded: (UInt64(sums[x]) &* m) >> 32) }
        }
    }

    /// The margin a blurred shape needs around it so the blur is not clipped.
    public static func margin(forRadius radius: Double) -> Double { (radius * 2.5).rounded(.up) + 2 }
}
