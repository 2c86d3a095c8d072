import CCairo
import PanelSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An owned Cairo image surface in ordinary memory (ARGB32 premultiplied, or A8 for masks).
public final class ImageSurface {
    public enum Format: Sendable { case argb32, a8 }

    let handle: OpaquePointer
    public let width: Int
    public let height: Int
    public let format: Format
    /// Whoever owns the pixels when they are not cairo's (a `ScratchTile`): kept alive with the surface.
    private let pixelOwner: AnyObject?

    /// A surface over pixels someone else owns (`ScratchTile`); `owner` lives as long as it.
    init(handle: OpaquePointer, width: Int, height: Int, format: Format, owner: AnyObject) {
        self.handle = handle
        self.width = width
        self.height = height
        self.format = format
        pixelOwner = owner
    }

    public init(width: Int, height: Int, format: Format = .argb32) throws(GraphicsError) {
        let cf = format == .argb32 ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_A8
        guard width > 0, height > 0, width <= 32767, height <= 32767 else {
            throw GraphicsError("cairo_image_surface_create", "invalid size \(width)x\(height)")
        }
        let s = cairo_image_surface_create(cf, Int32(width), Int32(height))!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw GraphicsError("cairo_image_surface_create", status: status)
        }
        handle = s
        self.width = width
        self.height = height
        self.format = format
        pixelOwner = nil
    }

    /// Loads a PNG file (converted to ARGB32 if it is another format). The file is read
    /// without blocking and must be a regular file: a FIFO or a terminal in place of an image
    /// would stop the panel's loop (and swallow input meant for someone else).
    public convenience init(pngPath path: String) throws(GraphicsError) {
        let bytes: [UInt8]
        switch RegularFile.read(path, limit: Self.maxPNGFileBytes) {
        case .success(let b): bytes = b
        case .failure(let e) where e.code == ENOENT: throw GraphicsError("cannot load PNG '\(path)'", "no such file")
        case .failure(let e): throw GraphicsError("cannot load PNG '\(path)'", e.reason)
        }
        try self.init(pngBytes: bytes, name: "'\(path)'")
    }

    /// Decodes PNG bytes (a file's, or an MQTT payload's); `name` says whose in errors.
    /// Cairo's libpng reader turns damaged data into an error status, never a crash.
    public convenience init(pngBytes bytes: [UInt8], name: String) throws(GraphicsError) {
        final class Reader { let bytes: [UInt8]; var offset = 0; init(_ b: [UInt8]) { bytes = b } }
        let reader = Reader(bytes)
        let loaded = cairo_image_surface_create_from_png_stream({ closure, data, length in
            let r = Unmanaged<Reader>.fromOpaque(closure!).takeUnretainedValue()
            let n = Int(length)
            guard n <= r.bytes.count - r.offset else { return CAIRO_STATUS_READ_ERROR }
            r.bytes.withUnsafeBytes { data!.update(from: $0.bindMemory(to: UInt8.self).baseAddress! + r.offset, count: n) }
            r.offset += n
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(reader).toOpaque())!
        defer { cairo_surface_destroy(loaded) }
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            // Cairo reports a bad signature as "out of memory" and a short file as a read error.
            switch status {
            case CAIRO_STATUS_NO_MEMORY: throw GraphicsError("cannot load PNG \(name)", "not a valid PNG file")
            case CAIRO_STATUS_READ_ERROR: throw GraphicsError("cannot load PNG \(name)", "truncated or unreadable PNG file")
            default: throw GraphicsError("cannot load PNG \(name)", status: status)
            }
        }
        try self.init(width: Int(cairo_image_surface_get_width(loaded)), height: Int(cairo_image_surface_get_height(loaded)))
        let ctx = DrawingContext(surface: self)
        cairo_set_source_surface(ctx.handle, loaded, 0, 0)
        cairo_paint(ctx.handle)
    }

    /// The largest PNG file loaded (the layout checker has already refused huge dimensions).
    static let maxPNGFileBytes = 64 << 20

    deinit { cairo_surface_destroy(handle) }

    /// Why the PNG at `path` cannot be decoded, or nil when it decodes: what the layout
    /// checker calls for every image, so a damaged file fails `check`, not `render`.
    public static func decodingProblem(pngPath path: String) -> String? {
        do { _ = try ImageSurface(pngPath: path); return nil } catch { return error.reason }
    }

    /// Cairo's error for the surface itself, if it has one (sticky, like a context's).
    public var error: GraphicsError? {
        let status = cairo_surface_status(handle)
        return status == CAIRO_STATUS_SUCCESS ? nil : GraphicsError("cairo surface", status: status)
    }

    public var stride: Int { Int(cairo_image_surface_get_stride(handle)) }

    /// Writes the image as a PNG through `OutputFile`: the previous file at `path` is
    /// replaced only once the whole PNG is written and synced, every write is checked.
    public func writePNG(to path: String) throws(GraphicsError) {
        let file: OutputFile
        do { file = try OutputFile(path: path) } catch { throw GraphicsError("cannot write PNG '\(path)'", error.reason) }
        try writePNG(to: file)
        do { try file.commit() } catch { throw GraphicsError("cannot write PNG '\(path)'", error.reason) }
    }

    /// Encodes the image as a PNG into an open output (not committed here).
    public func writePNG(to file: OutputFile) throws(GraphicsError) {
        cairo_surface_flush(handle)
        let status = cairo_surface_write_to_png_stream(handle, { closure, data, length in
            let file = Unmanaged<OutputFile>.fromOpaque(closure!).takeUnretainedValue()
            file.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
            return file.hasFailed ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(file).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            // The file's own error names the failing call and errno; Cairo's hides it.
            // Not committed: the previous file stays.
            throw GraphicsError("cannot write PNG '\(file.path)'", file.failureReason ?? String(cString: cairo_status_to_string(status)))
        }
    }

    /// Direct access to the pixel rows (stride bytes each). Call after drawing is finished.
    public func withPixelBytes<R>(_ body: (UnsafeMutableRawPointer, _ stride: Int) throws -> R) rethrows -> R {
        cairo_surface_flush(handle)
        let data = cairo_image_surface_get_data(handle)!
        let result = try body(UnsafeMutableRawPointer(data), stride)
        cairo_surface_mark_dirty(handle)
        return result
    }

    /// The straight-alpha colour of one pixel, for tests and checks (ARGB32 only).
    public func pixel(x: Int, y: Int) -> Color {
        precondition(format == .argb32 && x >= 0 && y >= 0 && x < width && y < height)
        return withPixelBytes { base, stride in
            let v = base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
            let a = Double(v >> 24) / 255
            func ch(_ shift: UInt32) -> Double {
                let c = Double((v >> shift) & 0xff) / 255
                return a > 0 ? Swift.min(1, c / a) : 0
            }
            return Color(red: ch(16), green: ch(8), blue: ch(0), alpha: a)
        }
    }
}
