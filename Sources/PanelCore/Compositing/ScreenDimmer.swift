import Graphics

/// The last step of painting where the screen has no backlight to dim: each painted tile is
/// darkened in place before it goes to the screen (there is no dimmed copy of the frame to
/// keep). Dimmed, every colour channel is the panel's times `level` (premultiplied ARGB stays
/// valid: the alpha is kept); off, it is black.
package final class ScreenDimmer {
    /// The level `table` was made for.
    private var level: Double?
    private var table = [UInt8](repeating: 0, count: 256)

    /// Multiplies every colour channel of `tile` by `level` (0 … 1), rounded.
    package func darken(_ tile: ImageSurface, level newLevel: Double) {
        if level != newLevel {
            level = newLevel
            for c in 0..<256 { table[c] = UInt8((Double(c) * newLevel).rounded()) }
        }
        table.withUnsafeBufferPointer { lut in
            tile.withPixelBytes { base, stride in
                for y in 0..<tile.height {
                    let d = (base + y * stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<tile.width {
                        let v = d[x]
                        let red = UInt32(lut[Int((v >> 16) & 0xff)]), green = UInt32(lut[Int((v >> 8) & 0xff)]), blue = UInt32(lut[Int(v & 0xff)])
                        d[x] = (v & 0xff00_0000) | (red << 16) | (green << 8) | blue
                    }
                }
            }
        }
    }

    /// The screen switched off where the output cannot blank it: opaque black.
    package static func blacken(_ tile: ImageSurface) {
        tile.withPixelBytes { base, stride in
            for y in 0..<tile.height { (base + y * stride).initializeMemory(as: UInt32.self, repeating: 0xff00_0000, count: tile.width) }
        }
    }
}
