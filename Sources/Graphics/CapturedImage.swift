import CCairo
import PanelSystem

/// A frame's pixels copied out of a surface, so the slow part of a screenshot (PNG encoding,
/// zlib: 40-115 ms at 1280x800) can run on another thread while the loop goes on. Only plain
/// bytes: Sendable. The copy is one memcpy; Cairo objects never leave the thread that made them
/// (the encoder makes its own surface over these bytes on the thread that encodes).
public struct CapturedImage: Sendable {
    public let width: Int
    public let height: Int
    public let stride: Int
    public let pixels: [UInt8]

    /// Copies an ARGB32 surface's pixels.
    public init(_ surface: ImageSurface) throws(GraphicsError) {
        guard surface.format == .argb32 else { throw GraphicsError("capture", "only ARGB32 images") }
        width = surface.width
        height = surface.height
        let stride = surface.stride
        self.stride = stride
        pixels = surface.withPixelBytes { base, _ in
            [UInt8](UnsafeRawBufferPointer(start: base, count: stride * surface.height))
        }
    }

    /// Encodes the picture as a PNG, passing the bytes to `sink` as zlib produces them.
    /// `opaque`: RGB without alpha, as a screen shows it (the studio's picture).
    public func encodePNG(opaque: Bool = false, _ sink: (UnsafeRawBufferPointer) -> Bool) throws(GraphicsError) {
        final class Box { let sink: (UnsafeRawBufferPointer) -> Bool; init(_ s: @escaping (UnsafeRawBufferPointer) -> Bool) { sink = s } }
        let status: cairo_status_t = withoutActuallyEscaping(sink) { sink in
            let box = Box(sink)
            return pixels.withUnsafeBytes { raw -> cairo_status_t in
                // Cairo only reads the data to encode it.
                let data = UnsafeMutablePointer(mutating: raw.bindMemory(to: UInt8.self).baseAddress!)
                let view = cairo_image_surface_create_for_data(data, opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                               Int32(width), Int32(height), Int32(stride))!
                defer { cairo_surface_destroy(view) }
                return cairo_surface_write_to_png_stream(view, { closure, data, length in
                    let box = Unmanaged<Box>.fromOpaque(closure!).takeUnretainedValue()
                    return box.sink(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
                }, Unmanaged.passUnretained(box).toOpaque())
            }
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw GraphicsError("cairo_surface_write_to_png_stream", status: status) }
    }

    /// The PNG in memory.
    public func pngData(opaque: Bool = true) throws(GraphicsError) -> [UInt8] {
        var bytes: [UInt8] = []
        try encodePNG(opaque: opaque) { bytes.append(contentsOf: $0); return true }
        return bytes
    }

    /// Writes the PNG through `OutputFile` (replaced whole, every write checked); `special`
    /// says which kinds of file other than a regular one may stand at the path.
    public func writePNG(to path: String, special: OutputFile.SpecialFiles = .devicesAndFIFOs) throws(GraphicsError) {
        let file: OutputFile
        do { file = try OutputFile(path: path, special: special) } catch { throw GraphicsError("cannot write PNG '\(path)'", error.reason) }
        do {
            try encodePNG { file.write($0); return !file.hasFailed }
        } catch {
            throw GraphicsError("cannot write PNG '\(path)'", file.failureReason ?? error.reason)
        }
        do { try file.commit() } catch { throw GraphicsError("cannot write PNG '\(path)'", error.reason) }
    }
}
