import Graphics

/// The last step of a frame where the screen has no backlight to dim: the picture the screen
/// shows, made from the compositor's frame. Dimmed, every colour channel is the frame's times
/// `level` (premultiplied ARGB stays valid: the alpha is kept); off, it is black. The
/// compositor's own frame is never touched, so its damage bookkeeping stays right.
final class ScreenDimmer {
    private var output: ImageSurface?
    /// What `output` holds now: the level it was made with (nil: nothing yet).
    private var level: Double?
    private var table = [UInt8](repeating: 0, count: 256)

    /// Makes `output` show `frame` at `level` (0 … 1; 0 is black) and returns it with the
    /// rectangles that changed. A new level redoes the whole frame; the same level redoes
    /// only `rects` (this frame's damage), so a dimmed panel costs one pass over the damage.
    func show(_ frame: ImageSurface, level newLevel: Double, rects: [PixelRect]) throws(GraphicsError) -> (ImageSurface, [PixelRect]) {
        let out: ImageSurface
        if let o = output, o.width == frame.width, o.height == frame.height { out = o }
        else { out = try ImageSurface(width: frame.width, height: frame.height); output = out; level = nil }
        let full = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        let todo: [PixelRect]
        if level != newLevel {
            level = newLevel
            for c in 0..<256 { table[c] = UInt8((Double(c) * newLevel).rounded()) }
            todo = [full]
        } else {
            todo = rects.map { $0.intersection(full) }.filter { !$0.isEmpty }
        }
        if newLevel == 0 && todo.count == 1 && todo[0] == full {
            out.withPixelBytes { base, stride in
                for y in 0..<out.height { (base + y * stride).initializeMemory(as: UInt32.self, repeating: 0xff00_0000, count: out.width) }
            }
            return (out, [full])
        }
        if newLevel == 0 { return (out, []) }   // black stays black
        table.withUnsafeBufferPointer { lut in
            frame.withPixelBytes { src, srcStride in
                out.withPixelBytes { dst, dstStride in
                    for r in todo {
                        for y in r.y..<(r.y + r.height) {
                            let s = (src + y * srcStride).assumingMemoryBound(to: UInt32.self)
                            let d = (dst + y * dstStride).assumingMemoryBound(to: UInt32.self)
                            for x in r.x..<(r.x + r.width) {
                                let v = s[x]
                                let red = UInt32(lut[Int((v >> 16) & 0xff)]), green = UInt32(lut[Int((v >> 8) & 0xff)]), blue = UInt32(lut[Int(v & 0xff)])
                                d[x] = (v & 0xff00_0000) | (red << 16) | (green << 8) | blue
                            }
                        }
                    }
                }
            }
        }
        return (out, todo)
    }

    /// Forgets the output picture (the next `show` redoes the whole frame).
    func reset() { level = nil }
}
