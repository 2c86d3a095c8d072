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
        let w = surface.width, h = surface.height
        surface.withPixelBytes { base, stride in
            let px = base.assumingMemoryBound(to: UInt8.self)
            var line = [UInt8](repeating: 0, count: Swift.max(w, h))
            var out = [UInt8](repeating: 0, count: Swift.max(w, h))
            func pass(count: Int) {
                // Running-sum box blur of `line[0..<count]` into `out`, edges treated as zero.
                let div = UInt32(2 * r + 1)
                var sum: UInt32 = 0
                for i in 0..<Swift.min(r, count) { sum &+= UInt32(line[i]) }
                for i in 0..<count {
                    let add = i + r, sub = i - r - 1
                    if add < count { sum &+= UInt32(line[add]) }
                    if sub >= 0 { sum &-= UInt32(line[sub]) }
                    out[i] = UInt8(truncatingIfNeeded: sum / div)
                }
                swap(&line, &out)
            }
            for y in 0..<h {
                let row = px + y * stride
                for x in 0..<w { line[x] = row[x] }
                pass(count: w); pass(count: w); pass(count: w)
                for x in 0..<w { row[x] = line[x] }
            }
            for x in 0..<w {
                for y in 0..<h { line[y] = px[y * stride + x] }
                pass(count: h); pass(count: h); pass(count: h)
                for y in 0..<h { px[y * stride + x] = line[y] }
            }
        }
    }

    /// The margin a blurred shape needs around it so the blur is not clipped.
    public static func margin(forRadius radius: Double) -> Double { (radius * 2.5).rounded(.up) + 2 }
}
