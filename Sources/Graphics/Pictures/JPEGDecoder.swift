import CCairo
import PanelSystem

/// JPEG bytes → an ARGB32 surface through libjpeg (jpeg.h), scaled down by the DCT while
/// decoding (1/2, 1/4, 1/8: libjpeg-turbo then skips most of the inverse transform), so a
/// 1920×1080 doorbell snapshot for a 320×180 tile costs a 240×135 decode, not a full one.
/// libjpeg is opened on the first call (on whichever thread: a `static let` is made once);
/// without it, every JPEG is refused with why. Decodes run on any thread, several at once.
enum JPEGDecoder {
    /// libjpeg's function table, filled once and only read after; kept here, not in the header
    /// (jpeg.h says why).
    private final class Library: @unchecked Sendable {
        let api: knob_jpeg_api
        let problem: String?
        init() {
            var api = knob_jpeg_api()
            problem = knob_jpeg_load(&api).map { "JPEG needs libjpeg62-turbo: \(String(cString: $0))" }
            self.api = api
        }
    }
    private static let library = Library()

    /// The size libjpeg writes for `header` at 1/`denominator`: it rounds up.
    static func scaledSize(_ header: PictureHeader, denominator: Int) -> (width: Int, height: Int) {
        ((header.width + denominator - 1) / denominator, (header.height + denominator - 1) / denominator)
    }

    /// The largest DCT reduction (1, 2, 4 or 8) that still leaves at least `minimum` pixels
    /// each way: the picture is scaled once more to its frame, never up from a reduced decode.
    static func denominator(_ header: PictureHeader, atLeast minimum: (width: Int, height: Int)) -> Int {
        var best = 1
        for d in [2, 4, 8] {
            let s = scaledSize(header, denominator: d)
            if s.width >= minimum.width && s.height >= minimum.height { best = d }
        }
        return best
    }

    static func decode(_ bytes: [UInt8], header: PictureHeader, denominator: Int, maxSide: Int) throws(GraphicsError) -> ImageSurface {
        let library = library
        if let problem = library.problem { throw GraphicsError("cannot decode JPEG", problem) }
        let size = scaledSize(header, denominator: denominator)
        let surface = try ImageSurface(width: size.width, height: size.height)
        var why = [CChar](repeating: 0, count: 200)
        let failed = surface.withPixelBytes { base, stride in
            bytes.withUnsafeBufferPointer { data in
                withUnsafePointer(to: library.api) { api in
                    knob_jpeg_decode(api, data.baseAddress, UInt(data.count), UInt32(denominator), UInt32(maxSide),
                                     base.assumingMemoryBound(to: UInt8.self), stride, UInt32(size.width), UInt32(size.height),
                                     UInt32(1).bigEndian == 1 ? 1 : 0, &why)
                }
            }
        }
        if failed != 0 {
            throw GraphicsError("cannot decode JPEG", String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return surface
    }
}
