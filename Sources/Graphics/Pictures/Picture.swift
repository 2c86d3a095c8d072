import PanelSystem

/// A PNG or JPEG decoded for a frame: the header is read and bounded first, then the pixels
/// are decoded (a JPEG already reduced by the DCT towards `minimum`). Used for an image
/// widget's `src` and for pictures that arrive as MQTT payloads; damaged data is an error
/// with a reason, never a crash (libpng and libjpeg both jump back on their errors).
public enum Picture {
    /// The largest side decoded: 4096 × 4096 × 4 bytes is 64 MiB, briefly, for a PNG (a JPEG
    /// is reduced while it is decoded).
    public static let maxSide = 4096

    public static func header(_ bytes: [UInt8]) throws(GraphicsError) -> PictureHeader {
        switch PictureHeader.read(bytes) {
        case .failure(let p): throw GraphicsError("picture", p.text)
        case .success(let h):
            if let big = h.tooLarge(side: maxSide) { throw GraphicsError("picture", big) }
            return h
        }
    }

    /// Decodes `bytes`, which must hold at least `minimum` pixels each way after any DCT
    /// reduction (give the size the picture will be drawn at).
    public static func decode(_ bytes: [UInt8], atLeast minimum: (width: Int, height: Int) = (Int.max, Int.max)) throws(GraphicsError) -> ImageSurface {
        let h = try header(bytes)
        switch h.format {
        case .png: return try ImageSurface(pngBytes: bytes, name: "data")
        case .jpeg:
            return try JPEGDecoder.decode(bytes, header: h, denominator: JPEGDecoder.denominator(h, atLeast: minimum), maxSide: maxSide)
        }
    }

    /// Reads a picture file (regular, non-blocking, at most `maxFileBytes`).
    public static func read(path: String) throws(GraphicsError) -> [UInt8] {
        switch RegularFile.read(path, limit: maxFileBytes) {
        case .success(let b): return b
        case .failure(let e) where e.code == 2: throw GraphicsError("cannot load picture '\(path)'", "no such file")
        case .failure(let e): throw GraphicsError("cannot load picture '\(path)'", e.reason)
        }
    }

    public static let maxFileBytes = 64 << 20

    /// Why the picture file cannot be decoded (nil: it decodes): what `check` calls for
    /// every image of a layout, so a damaged PNG or JPEG fails `check`, not `render`.
    public static func decodingProblem(path: String) -> String? {
        do throws(GraphicsError) {
            let bytes = try read(path: path)
            // Decoded at its smallest: whether it decodes is the question, not how it looks.
            _ = try decode(bytes, atLeast: (1, 1))
            return nil
        } catch { return error.reason }
    }
}
