/// How two images of the same size differ, channel by channel: the golden-image check of the
/// project's own tests and of `knob-panel compare`, so both judge pixels the same way.
///
/// Channels are compared as stored (ARGB32, premultiplied alpha: for opaque pixels that is
/// the plain colour). A pixel differs when any channel, alpha included, differs by more than
/// the tolerance.
public struct ImageDifference {
    public let width: Int
    public let height: Int
    public let tolerance: Int
    /// Pixels with some channel differing by more than `tolerance`.
    public let differingPixels: Int
    /// The largest difference of any channel of any pixel (also below the tolerance).
    public let maxChannelDelta: Int
    /// The smallest rectangle holding every differing pixel; nil when none differs.
    public let bounds: PixelRect?
    /// Where the images differ, when asked for: the actual image as dim grey for context,
    /// differing pixels in magenta.
    public let diffImage: ImageSurface?

    public var totalPixels: Int { width * height }
    public var differingFraction: Double { Double(differingPixels) / Double(Swift.max(1, totalPixels)) }
}

public enum ImageComparison {
    /// The opaque magenta that marks differing pixels in diff images.
    public static let differingMark: UInt32 = 0xFFFF_00FF

    /// Compares `actual` with `expected`; nil when their sizes differ (nothing to compare).
    /// - Parameter tolerance: the largest per-channel difference (0...255) still counted as equal.
    public static func compare(expected: ImageSurface, actual: ImageSurface, tolerance: Int,
                               makeDiffImage: Bool = false) throws(GraphicsError) -> ImageDifference? {
        guard expected.width == actual.width, expected.height == actual.height,
              expected.format == .argb32, actual.format == .argb32 else { return nil }
        let w = actual.width, h = actual.height
        let diff = makeDiffImage ? try ImageSurface(width: w, height: h) : nil
        var count = 0
        var maxDelta = 0
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        actual.withPixelBytes { a, strideA in
            expected.withPixelBytes { e, strideE in
                for y in 0..<h {
                    for x in 0..<w {
                        let pa = a.load(fromByteOffset: y * strideA + x * 4, as: UInt32.self)
                        let pe = e.load(fromByteOffset: y * strideE + x * 4, as: UInt32.self)
                        if pa == pe { continue }
                        var delta = 0
                        for shift: UInt32 in [0, 8, 16, 24] {
                            delta = Swift.max(delta, abs(Int((pa >> shift) & 0xff) - Int((pe >> shift) & 0xff)))
                        }
                        maxDelta = Swift.max(maxDelta, delta)
                        if delta > tolerance {
                            count += 1
                            x0 = Swift.min(x0, x); x1 = Swift.max(x1, x)
                            y0 = Swift.min(y0, y); y1 = Swift.max(y1, y)
                        }
                    }
                }
            }
        }
        if let diff { paintDiff(diff, actual: actual, expected: expected, tolerance: tolerance) }
        let bounds = count > 0 ? PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1) : nil
        return ImageDifference(width: w, height: h, tolerance: tolerance, differingPixels: count,
                               maxChannelDelta: maxDelta, bounds: bounds, diffImage: diff)
    }

    /// A second pass keeps the counting loop tight; diff images are only made on request.
    private static func paintDiff(_ diff: ImageSurface, actual: ImageSurface, expected: ImageSurface, tolerance: Int) {
        diff.withPixelBytes { d, strideD in
            actual.withPixelBytes { a, strideA in
                expected.withPixelBytes { e, strideE in
                    for y in 0..<actual.height {
                        for x in 0..<actual.width {
                            let pa = a.load(fromByteOffset: y * strideA + x * 4, as: UInt32.self)
                            let pe = e.load(fromByteOffset: y * strideE + x * 4, as: UInt32.self)
                            var delta = 0
                            for shift: UInt32 in [0, 8, 16, 24] {
                                delta = Swift.max(delta, abs(Int((pa >> shift) & 0xff) - Int((pe >> shift) & 0xff)))
                            }
                            let out: UInt32
                            if delta > tolerance {
                                out = differingMark
                            } else {
                                // Rec. 601 luma of the (premultiplied) actual pixel, dimmed to a third.
                                let r = (pa >> 16) & 0xff, g = (pa >> 8) & 0xff, b = pa & 0xff
                                let grey = (299 * r + 587 * g + 114 * b) / 3000
                                out = 0xFF00_0000 | grey * 0x0001_0101
                            }
                            d.storeBytes(of: out, toByteOffset: y * strideD + x * 4, as: UInt32.self)
                        }
                    }
                }
            }
        }
    }
}
