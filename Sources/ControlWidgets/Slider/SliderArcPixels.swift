import Graphics
#if canImport(Glibc)
import Glibc
#endif

/// A gapped slider's glow, unfilled track and filled arc, written pixel by pixel into the
/// value layer: each pixel's angle picks its windows (the glow with its stepped soft ends,
/// the unfilled parts, the filled part), the cuts antialiased by the pixel's distance to
/// them. One pass over the cached band and masks replaces a clip path per window, which
/// cairo scan-converted anew for every window of every frame. Only pixels near a cut
/// (`SliderArcCuts`) take an angle and a radius; a run between them shares its coverages.
struct SliderArcPixels {
    /// The square's centre and the arc's rotation (degrees), as the painter has them.
    var center: Point
    var rotationAngle: Double
    /// Travels in the lap whose seam is the middle of the gap.
    var seam: Double
    /// The filled span (t0 ≤ t1) and whether it has a before / after unfilled part.
    var t0: Double, t1: Double
    var unfilledBefore: Bool, unfilledAfter: Bool
    var filled: Bool
    /// The glow: its mask and the angle of one soft-end step (degrees), nil without glow.
    var glow: PlacedImage?
    var featherDegrees: Double
    static let featherSteps = 8
    var band: PlacedImage
    var line: PlacedImage
    /// The unfilled colour, premultiplied 0xAARRGGBB.
    var unfilled: UInt32

    /// Writes every pixel of `rects` (square pixels, clipped to the layer) of `layer`.
    func write(into layer: PlacedImage, rects: [Rect]?) {
        let lw = layer.image.width, lh = layer.image.height
        let whole = Rect(x: Double(layer.x), y: Double(layer.y), width: Double(lw), height: Double(lh))
        let boxes = (rects ?? [whole]).compactMap { r -> (Int, Int, Int, Int)? in
            let x0 = Swift.max(layer.x, Int(r.minX.rounded(.down))), y0 = Swift.max(layer.y, Int(r.minY.rounded(.down)))
            let x1 = Swift.min(layer.x + lw, Int(r.maxX.rounded(.up))), y1 = Swift.min(layer.y + lh, Int(r.maxY.rounded(.up)))
            return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
        }
        guard !boxes.isEmpty else { return }
        layer.image.withPixelBytes { out, outStride in
            band.image.withPixelBytes { bandBase, bandStride in
                line.image.withPixelBytes { lineBase, lineStride in
                    let bandRows = Rows(base: bandBase, stride: bandStride, placed: band)
                    let lineRows = Rows(base: lineBase, stride: lineStride, placed: line)
                    if let g = glow {
                        g.image.withPixelBytes { glowBase, glowStride in
                            let glowRows = Rows(base: glowBase, stride: glowStride, placed: g)
                            for box in boxes { fill(box, out: out, outStride: outStride, layer: layer, band: bandRows, line: lineRows, glow: glowRows) }
                        }
                    } else {
                        for box in boxes { fill(box, out: out, outStride: outStride, layer: layer, band: bandRows, line: lineRows, glow: nil) }
                    }
                }
            }
        }
    }

    /// A placed image's pixels by square coordinates (0 outside it).
    private struct Rows {
        let base: UnsafeMutableRawPointer, stride: Int, x: Int, y: Int, width: Int, height: Int, bytesPerPixel: Int
        init(base: UnsafeMutableRawPointer, stride: Int, placed: PlacedImage) {
            self.base = base; self.stride = stride; x = placed.x; y = placed.y; width = placed.image.width; height = placed.image.height
            bytesPerPixel = placed.image.format == .argb32 ? 4 : 1
        }
        /// Row `sy`'s pixels shifted to square x, and the square x range it covers (empty outside).
        @inline(__always) func row(_ sy: Int) -> (UnsafeMutableRawPointer, Int, Int) {
            let iy = sy - y
            guard iy >= 0, iy < height else { return (base, 0, 0) }
            return (base + iy * stride - x * bytesPerPixel, x, x + width)
        }
    }

    /// The windows' radii (square pixels from the centre): nothing is drawn outside them.
    var innerRadius = 0.0, outerRadius = Double.infinity

    /// The cuts the windows change at: the filled span's ends, the glow's steps, the seam.
    private var cuts: SliderArcCuts {
        guard filled else { return SliderArcCuts(antialiased: [], hard: [], rotation: rotationAngle, radius: outerRadius) }
        var hard = [seam]
        if glow != nil {
            for k in 1...Self.featherSteps { hard += [t1 + Double(k) * featherDegrees, t0 - Double(k) * featherDegrees] }
        }
        let reach = outerRadius.isFinite ? outerRadius : center.x + center.y
        return SliderArcCuts(antialiased: [t0, t1], hard: hard, rotation: rotationAngle, radius: reach)
    }

    private func fill(_ box: (Int, Int, Int, Int), out: UnsafeMutableRawPointer, outStride: Int, layer: PlacedImage,
                      band: Rows, line: Rows, glow: Rows?) {
        let (x0, y0, x1, y1) = box
        let inner2 = innerRadius * innerRadius, outer2 = outerRadius * outerRadius
        let length = outerRadius.isFinite ? outerRadius : center.x + center.y
        let cuts = self.cuts.meeting(x0, y0, x1, y1, cx: center.x, cy: center.y, length: length)
        let near = UnsafeMutablePointer<(Int, Int)>.allocate(capacity: cuts.count + 1)
        defer { near.deallocate() }
        for y in y0..<y1 {
            let dy = Double(y) + 0.5 - center.y
            guard dy * dy <= outer2 else { continue }
            // The row's pixels within the annulus: left of the hole and right of it (the layer
            // was cleared, so the rest stays clear).
            let reach = (outer2 - dy * dy).squareRoot(), hole = dy * dy < inner2 ? (inner2 - dy * dy).squareRoot() : 0
            let lo = Swift.max(x0, Int((center.x - reach - 0.5).rounded(.down))), hi = Swift.min(x1, Int((center.x + reach + 0.5).rounded(.up)))
            guard lo < hi else { continue }
            let holeLo = Int((center.x - hole - 0.5).rounded(.up)), holeHi = Int((center.x + hole - 0.5).rounded(.down)) + 1
            var left = (lo, hi), right = (0, 0)
            if hole > 0 && holeLo < holeHi { left = (lo, Swift.min(hi, holeLo)); right = (Swift.max(lo, holeHi), hi) }
            guard left.0 < left.1 || right.0 < right.1 else { continue }   // all in the hole
            let dst = (out + (y - layer.y) * outStride).assumingMemoryBound(to: UInt32.self) - layer.x
            let row = Row(dst: dst, dy: dy, band: band.row(y), line: line.row(y), glow: glow?.row(y) ?? (band.base, 0, 0))
            let n = cuts.nearRanges(dy: dy, cx: center.x, lo: lo, hi: hi, into: near)
            if left.0 < left.1 { span(left.0, left.1, row, near, n) }
            if right.0 < right.1 { span(right.0, right.1, row, near, n) }
        }
    }

    /// One row's output and sources, shifted to square x.
    private struct Row {
        let dst: UnsafeMutablePointer<UInt32>, dy: Double
        let bp: UnsafeMutablePointer<UInt32>, blo: Int, bhi: Int
        let lp: UnsafeMutablePointer<UInt8>, llo: Int, lhi: Int
        let gp: UnsafeMutablePointer<UInt8>, glo: Int, ghi: Int
        init(dst: UnsafeMutablePointer<UInt32>, dy: Double, band: (UnsafeMutableRawPointer, Int, Int),
             line: (UnsafeMutableRawPointer, Int, Int), glow: (UnsafeMutableRawPointer, Int, Int)) {
            self.dst = dst; self.dy = dy
            bp = band.0.assumingMemoryBound(to: UInt32.self); blo = band.1; bhi = band.2
            lp = line.0.assumingMemoryBound(to: UInt8.self); llo = line.1; lhi = line.2
            gp = glow.0.assumingMemoryBound(to: UInt8.self); glo = glow.1; ghi = glow.2
        }
    }

    /// Pixels `a..<b` of a row: those near a cut (`near`) each with its own coverage, the
    /// runs between them with the coverage of their first pixel, which all of a run shares.
    @inline(__always) private func span(_ a: Int, _ b: Int, _ row: Row, _ near: UnsafeMutablePointer<(Int, Int)>, _ count: Int) {
        var x = a
        var k = 0
        while x < b {
            while k < count && near[k].1 < x { k += 1 }
            let runEnd = k < count ? Swift.min(b, near[k].0) : b
            if x < runEnd {
                let weights = self.weights(dx: Double(x) + 0.5 - center.x, dy: row.dy)
                run(x, runEnd, row, weights)
                x = runEnd
            } else {
                let nearEnd = Swift.min(b, near[k].1 + 1)
                while x < nearEnd {
                    let (bv, lv, gv) = sources(x, row)
                    if lv != 0 || (gv != 0 && bv != 0) {
                        row.dst[x] = compose(band: bv, line: lv, glow: gv, weights(dx: Double(x) + 0.5 - center.x, dy: row.dy))
                    }
                    x += 1
                }
            }
        }
    }

    private func run(_ a: Int, _ b: Int, _ row: Row, _ w: Weights) {
        // Where the band, the line and the glow all have pixels, read them unchecked.
        var mid0 = Swift.max(a, row.blo, row.llo), mid1 = Swift.min(b, row.bhi, row.lhi)
        if row.glo < row.ghi { mid0 = Swift.max(mid0, row.glo); mid1 = Swift.min(mid1, row.ghi) } else { mid1 = mid0 }
        guard mid0 < mid1 else { return checkedRun(a, b, row, w) }
        checkedRun(a, mid0, row, w)
        for x in mid0..<mid1 {
            let bv = row.bp[x], lv = UInt32(row.lp[x]), gv = UInt32(row.gp[x])
            if lv != 0 || (gv != 0 && bv != 0) { row.dst[x] = compose(band: bv, line: lv, glow: gv, w) }
        }
        checkedRun(mid1, b, row, w)
    }

    @inline(__always) private func checkedRun(_ a: Int, _ b: Int, _ row: Row, _ w: Weights) {
        var x = a
        while x < b {
            let (bv, lv, gv) = sources(x, row)
            if lv != 0 || (gv != 0 && bv != 0) { row.dst[x] = compose(band: bv, line: lv, glow: gv, w) }
            x += 1
        }
    }

    @inline(__always) private func sources(_ x: Int, _ row: Row) -> (UInt32, UInt32, UInt32) {
        (x >= row.blo && x < row.bhi ? row.bp[x] : 0, x >= row.llo && x < row.lhi ? UInt32(row.lp[x]) : 0,
         x >= row.glo && x < row.ghi ? UInt32(row.gp[x]) : 0)
    }

    /// A pixel's coverages (0…255): the glow's window, the unfilled parts', the filled part's.
    struct Weights { var glow: UInt32, unfilled: UInt32, filled: UInt32 }

    /// The coverages of the pixel `dx`, `dy` from the centre, by its angle and radius.
    @inline(__always) private func weights(dx: Double, dy: Double) -> Weights {
        let rho = (dx * dx + dy * dy).squareRoot()
        var t = Self.atan2Degrees(dy, dx) - rotationAngle
        while t < seam - 360 { t += 360 }
        while t >= seam { t -= 360 }
        // Pixels per degree at this radius: a cut's distance in pixels is degrees × this.
        let k = rho * (Double.pi / 180)
        let afterT0 = Swift.min(1, Swift.max(0, 0.5 + (t - t0) * k)), afterT1 = Swift.min(1, Swift.max(0, 0.5 + (t - t1) * k))
        let inside = filled ? Swift.min(afterT0, 1 - afterT1) : 0
        var a = inside
        if a < 1 && filled {
            let beyond = t > t1 ? t - t1 : t < t0 ? t0 - t : 0
            let step = Int(beyond / featherDegrees)
            let soft = step < Self.featherSteps ? Double(Self.featherSteps - step) / Double(Self.featherSteps + 1) : 0
            a += soft * (1 - a)
        }
        var u = 0.0
        if !filled { u = 1 } else {
            if unfilledBefore { u += 1 - afterT0 }
            if unfilledAfter { u += afterT1 }
        }
        return Weights(glow: a > 0 ? UInt32(a * 255 + 0.5) : 0, unfilled: u > 0 ? UInt32(Swift.min(1, u) * 255 + 0.5) : 0,
                       filled: inside > 0 ? UInt32(inside * 255 + 0.5) : 0)
    }

    /// One pixel: the glow (band × window × mask), the unfilled track over it, the filled arc
    /// over both.
    @inline(__always) private func compose(band: UInt32, line: UInt32, glow: UInt32, _ w: Weights) -> UInt32 {
        // Under the whole line, an opaque filled or unfilled colour hides the rest.
        if line == 255 {
            if w.filled == 255 && band >> 24 == 255 { return band }
            if w.unfilled == 255 && w.filled == 0 && unfilled >> 24 == 255 { return unfilled }
        }
        var out: UInt32 = 0
        if glow != 0 && band != 0 && w.glow != 0 { out = Self.scale(band, by: Self.mul(w.glow, glow)) }
        if line != 0 {
            if w.unfilled != 0 { out = Self.over(Self.scale(unfilled, by: Self.mul(w.unfilled, line)), out) }
            if w.filled != 0 { out = Self.over(Self.scale(band, by: Self.mul(w.filled, line)), out) }
        }
        return out
    }

    /// a × b / 255, rounded as pixman does.
    @inline(__always) static func mul(_ a: UInt32, _ b: UInt32) -> UInt32 {
        let t = a &* b &+ 0x80
        return (t &+ (t >> 8)) >> 8
    }

    /// Each channel of premultiplied `c` times `m`/255.
    @inline(__always) static func scale(_ c: UInt32, by m: UInt32) -> UInt32 {
        if m == 255 { return c }
        if m == 0 { return 0 }
        // Two channels a multiply, rounded as pixman's UN8x4_MUL_UN8.
        var lo = (c & 0xff00ff) &* m &+ 0x800080
        lo = ((lo &+ ((lo >> 8) & 0xff00ff)) >> 8) & 0xff00ff
        var hi = ((c >> 8) & 0xff00ff) &* m &+ 0x800080
        hi = (hi &+ ((hi >> 8) & 0xff00ff)) & 0xff00ff00
        return lo | hi
    }

    /// Premultiplied `src` over `dst`.
    @inline(__always) static func over(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let keep = 255 - (src >> 24)
        if keep == 0 || dst == 0 { return src }
        return src &+ scale(dst, by: keep)
    }

    /// Screen angle in degrees (−180…180], within 0.001° of `atan2`.
    @inline(__always) static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        let ax = Swift.abs(x), ay = Swift.abs(y)
        let hi = Swift.max(ax, ay)
        if hi == 0 { return 0 }
        let a = Swift.min(ax, ay) / hi, s = a * a
        var r = a * (0.99997726 + s * (-0.33262347 + s * (0.19354346 + s * (-0.11643287 + s * (0.05265332 + s * -0.01172120)))))
        if ay > ax { r = Double.pi / 2 - r }
        if x < 0 { r = Double.pi - r }
        if y < 0 { r = -r }
        return r * 180 / Double.pi
    }

    /// Premultiplied 0xAARRGGBB of a colour.
    static func premultiplied(_ c: Color) -> UInt32 {
        let a = Swift.min(1, Swift.max(0, c.alpha))
        func ch(_ v: Double) -> UInt32 { UInt32(Swift.min(1, Swift.max(0, v)) * a * 255 + 0.5) }
        return UInt32(a * 255 + 0.5) << 24 | ch(c.red) << 16 | ch(c.green) << 8 | ch(c.blue)
    }
}
