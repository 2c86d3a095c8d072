import Graphics
import Testing

/// ShadowMask.blur: three running-sum box passes per axis of half-width
/// r = round(0.75·radius), edges treated as zero.
@Suite struct ShadowMaskTests {
    static func disc(side: Int = 120, radius: Double = 30) throws -> ImageSurface {
        let mask = try ImageSurface(width: side, height: side, format: .a8)
        let ctx = DrawingContext(surface: mask)
        ctx.addCircle(center: Point(x: Double(side) / 2, y: Double(side) / 2), radius: radius)
        ctx.setColor(.black)
        ctx.fill()
        return mask
    }

    static func alphas(_ s: ImageSurface) -> [[Int]] {
        s.withPixelBytes { base, stride in
            let p = base.assumingMemoryBound(to: UInt8.self)
            return (0..<s.height).map { y in (0..<s.width).map { x in Int(p[y * stride + x]) } }
        }
    }

    /// A disc of radius 30 (mass π·30²·255 = 721 000) blurred with radius 6 (box r = 5,
    /// support 3·5 = 15 px): the mass stays within 3 % (each pass floors its average, losing
    /// < 1 per pixel in the soft band only), the centre stays 255 (so does any pixel whose
    /// 31×31 support square lies inside the disc, e.g. 22.5 px in: farthest corner
    /// √(22.5² + 15²) = 27 < 30 from the centre), the band
    /// reaches at most 15 px beyond the edge, and on the original edge alpha is about half.
    @Test func blurredDiscKeepsMassCentreAndHalfEdge() throws {
        let mask = try Self.disc()
        let before = Self.alphas(mask)
        ShadowMask.blur(mask, radius: 6)
        let after = Self.alphas(mask)
        let m0 = before.joined().reduce(0, +), m1 = after.joined().reduce(0, +)
        #expect(abs(Double(m0) - 721_000) / 721_000 < 0.01, "mass before \(m0)")
        #expect(abs(Double(m1 - m0)) / Double(m0) < 0.03, "mass \(m0) → \(m1)")
        #expect(after[60][60] == 255)
        #expect(after[60][52] == 255, "22.5 px inside: beyond the blur's reach")
        #expect(after[60][45] < 255, "15.5 px inside: the support square's corners leave the disc")
        // Pixel 89 (centre 89.5, 29.5 px out) and 90 (30.5 px out) straddle the edge: ≈ 128.
        // Curvature lowers a disc's edge value a little below a straight edge's half.
        let edge = Double(after[60][89] + after[60][90]) / 2
        #expect(abs(edge - 128) < 20, "edge \(edge)")
        // The blurred profile falls monotonically from the centre outwards.
        for x in 60..<119 { #expect(after[60][x] >= after[60][x + 1]) }
        // Nothing beyond the support (edge 90 + 15 = 105; 1 px slack for the antialiased rim).
        #expect(after[60][107] == 0 && after[60][12] == 0)
        #expect(after[60][100] > 0, "10 px out: inside the support")
        // Symmetric in x and y (the passes are the same per axis).
        #expect(abs(after[60][95] - after[95][60]) <= 2 && abs(after[60][25] - after[25][60]) <= 2)
    }

    /// A straight edge (left half opaque) blurred with radius 6: three boxes of width 11
    /// make a piecewise-quadratic ramp, symmetric about the edge, 3·5 = 15 px each side,
    /// with variance 3·(11² − 1)/12 = 30 (σ = 5.48). The 25 %–75 % width of such a ramp is
    /// 2·0.674·σ ≈ 7.4 px; the exact discrete ramp (3 floored passes of 11) is
    /// …199, 185 | … | 68, 54… at pixels 45, 46 and 53, 54, i.e. crossings at 45.57 and
    /// 53.29: 7.7 px.
    /// (The doc comment's "σ ≈ radius / 2" would be σ 3 and a 4 px width; the kernel as
    /// implemented is σ = √(r(r+1)) with r = round(0.75·radius), about 0.9·radius.)
    @Test func straightEdgeRamp() throws {
        // 60 rows and row 30: 30 px from the top and bottom, beyond the 15 px support, so
        // the zero outside the surface does not reach the sampled row.
        let mask = try ImageSurface(width: 100, height: 60, format: .a8)
        let ctx = DrawingContext(surface: mask)
        ctx.addRect(Rect(x: 0, y: 0, width: 50, height: 60))
        ctx.setColor(.black)
        ctx.fill()
        ShadowMask.blur(mask, radius: 6)
        let row = Self.alphas(mask)[30]
        #expect(row[30] == 255 && row[34] == 255, "15 px left of the edge: untouched")
        #expect(row[66] == 0 && row[70] == 0, "15 px right of the edge: clear")
        #expect(abs(row[49] + row[50] - 255) <= 4, "symmetric about the edge: \(row[49]) + \(row[50])")
        // Crossings interpolated linearly between neighbouring pixels.
        func crossing(_ level: Int) -> Double {
            let i = row.lastIndex { $0 >= level }!
            return Double(i) + Double(row[i] - level) / Double(row[i] - row[i + 1])
        }
        let width = crossing(64) - crossing(191)
        #expect(abs(width - 7.7) <= 0.3, "25–75 % width \(width)")
        #expect(abs(width - 7.4) <= 0.5, "Gaussian σ 5.48 estimate")
    }

    /// Radius below 2/3 makes the box half-width 0: nothing changes.
    @Test func tinyRadiusIsANoOp() throws {
        let mask = try Self.disc(side: 40, radius: 10)
        let before = Self.alphas(mask)
        ShadowMask.blur(mask, radius: 0.6)              // round(0.45) = 0
        #expect(Self.alphas(mask) == before)
        ShadowMask.blur(mask, radius: 1)                // round(0.75) = 1: now it blurs
        #expect(Self.alphas(mask) != before)
    }

    /// margin = ceil(2.5·radius) + 2: 3 → 10, 6 → 17, 0 → 2; always beyond the box
    /// blur's support 3·round(0.75·radius) (9 → 6 for 3, 15 for 6).
    @Test func marginCoversTheBlur() {
        #expect(ShadowMask.margin(forRadius: 3) == 10)
        #expect(ShadowMask.margin(forRadius: 6) == 17)
        #expect(ShadowMask.margin(forRadius: 0) == 2)
        for r in stride(from: 0.0, through: 40, by: 0.5) {
            #expect(ShadowMask.margin(forRadius: r) >= 3 * (0.75 * r).rounded(), "radius \(r)")
        }
    }

    /// The vertical passes run every column's running sum together, row by row (cache-
    /// friendly); they must give exactly what walking each column does. Reference: the
    /// straightforward per-line running sum, applied to rows then to columns, on a noisy
    /// 37 × 53 mask (odd sizes, taller than wide) with radius 8 (r = 6).
    @Test func rowWiseVerticalPassesMatchTheColumnWalk() throws {
        let w = 37, h = 53, r = 6
        let mask = try ImageSurface(width: w, height: h, format: .a8)
        var seed: UInt32 = 12345
        var grid = [[Int]](repeating: [Int](repeating: 0, count: w), count: h)
        for y in 0..<h { for x in 0..<w { seed = seed &* 1_103_515_245 &+ 12345; grid[y][x] = Int(seed >> 24) } }
        mask.withPixelBytes { base, stride in
            let p = base.assumingMemoryBound(to: UInt8.self)
            for y in 0..<h { for x in 0..<w { p[y * stride + x] = UInt8(grid[y][x]) } }
        }
        func boxes(_ line: [Int]) -> [Int] {
            var v = line
            for _ in 0..<3 {
                v = (0..<v.count).map { i in (Swift.max(0, i - r)...Swift.min(v.count - 1, i + r)).reduce(0) { $0 + v[$1] } / (2 * r + 1) }
            }
            return v
        }
        var expected = grid.map(boxes)
        for x in 0..<w {
            let column = boxes((0..<h).map { expected[$0][x] })
            for y in 0..<h { expected[y][x] = column[y] }
        }
        ShadowMask.blur(mask, radius: 8)
        #expect(Self.alphas(mask) == expected)
    }
    /// The in-place vertical passes keep the rows their sums take back in a ring of r + 1
    /// rows: masks shorter than r, about r and much taller give the reference's pixels.
    @Test func inPlaceColumnsMatchTheReferenceAtEveryHeight() throws {
        for (w, h) in [(9, 3), (11, 7), (13, 8), (6, 9), (17, 120)] {
            let mask = try ImageSurface(width: w, height: h, format: .a8)
            var seed: UInt32 = UInt32(w * 1000 + h)
            var grid = [[Int]](repeating: [Int](repeating: 0, count: w), count: h)
            for y in 0..<h { for x in 0..<w { seed = seed &* 1_103_515_245 &+ 12345; grid[y][x] = Int(seed >> 24) } }
            mask.withPixelBytes { base, stride in
                let p = base.assumingMemoryBound(to: UInt8.self)
                for y in 0..<h { for x in 0..<w { p[y * stride + x] = UInt8(grid[y][x]) } }
            }
            ShadowMask.blur(mask, radius: 10)   // r = 8
            #expect(Self.alphas(mask) == Self.referenceBlur(grid, radius: 10), "\(w)×\(h)")
        }
    }

    /// The blur as first written: per row and per column, three running-sum passes dividing
    /// by 2r + 1, edges zero. The fast version (pointers, a multiply for the division, zero
    /// rows skipped, columns advanced together) must give exactly these pixels.
    static func referenceBlur(_ a: [[Int]], radius: Double) -> [[Int]] {
        let r = Int((radius * 0.75).rounded())
        func box(_ v: [Int]) -> [Int] {
            (0..<v.count).map { i in (Swift.max(0, i - r)...Swift.min(v.count - 1, i + r)).reduce(0) { $0 + v[$1] } / (2 * r + 1) }
        }
        var rows = a.map { box(box(box($0))) }
        let h = rows.count, w = rows.first?.count ?? 0
        for x in 0..<w {
            let column = box(box(box((0..<h).map { rows[$0][x] })))
            for y in 0..<h { rows[y][x] = column[y] }
        }
        return rows
    }

    /// An odd-sized mask (stride wider than the width) with a disc, a hard bar and empty rows,
    /// blurred at radii 1.4, 6 and 10.8 (the bench console's knob shadow at scale 1.35).
    @Test func blurMatchesTheReferenceExactly() throws {
        for radius in [1.4, 6, 10.8] {
            let mask = try ImageSurface(width: 97, height: 83, format: .a8)
            let ctx = DrawingContext(surface: mask)
            ctx.setColor(.black)
            ctx.addCircle(center: Point(x: 40.3, y: 38.7), radius: 21)
            ctx.fill()
            ctx.addRect(Rect(x: 70, y: 20, width: 9, height: 40))
            ctx.setColor(Color(white: 0, alpha: 0.6))
            ctx.fill()
            let expected = Self.referenceBlur(Self.alphas(mask), radius: radius)
            ShadowMask.blur(mask, radius: radius)
            #expect(Self.alphas(mask) == expected, "radius \(radius)")
        }
    }

    /// Rows are blurred run by run (ink widened by the passes' reach 3r, runs closer than 6r
    /// merged): still exactly the reference's pixels. A ring (two short runs in its middle
    /// rows), and rows of single dots whose gaps are 6r − 1, 6r and 6r + 1 zeros (radius 4:
    /// r = 3, 6r = 18), with ink in the first and last columns.
    @Test func runByRunRowsMatchTheReference() throws {
        let mask = try ImageSurface(width: 131, height: 97, format: .a8)
        let ctx = DrawingContext(surface: mask)
        ctx.setColor(.black)
        ctx.newPath(); ctx.addCircle(center: Point(x: 60.5, y: 40), radius: 30)
        ctx.setLineWidth(6); ctx.stroke()
        mask.withPixelBytes { base, stride in
            let p = base.assumingMemoryBound(to: UInt8.self)
            for (y, gap) in [(80, 17), (84, 18), (88, 19)] {
                var x = 0
                while x < 131 { p[y * stride + x] = 200; x += gap + 1 }
                p[y * stride + 130] = 90
            }
        }
        for radius in [4.0, 1.4, 10.8] {
            let copy = try ImageSurface(width: 131, height: 97, format: .a8)
            let cc = DrawingContext(surface: copy)
            cc.setBlendMode(.source); cc.setSource(mask, at: .zero, smooth: false); cc.paint()
            let expected = Self.referenceBlur(Self.alphas(copy), radius: radius)
            ShadowMask.blur(copy, radius: radius)
            #expect(Self.alphas(copy) == expected, "radius \(radius)")
        }
    }
}
