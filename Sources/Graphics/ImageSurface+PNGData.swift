import CCairo

extension ImageSurface {
    /// A rectangle of the image as PNG bytes in memory (the studio's frame stream sends the
    /// part that changed). `opaque` encodes RGB without alpha, as a screen shows it: a
    /// quarter less data and no unpremultiplying. The rectangle is a view into the pixels
    /// (no copy); it is clipped to the image.
    public func pngData(x: Int = 0, y: Int = 0, width w: Int? = nil, height h: Int? = nil, opaque: Bool = true) throws(GraphicsError) -> [UInt8] {
        guard format == .argb32 else { throw GraphicsError("png encoding", "only ARGB32 images") }
        let x0 = Swift.max(0, Swift.min(x, width - 1)), y0 = Swift.max(0, Swift.min(y, height - 1))
        let cw = Swift.max(1, Swift.min(w ?? width, width - x0)), ch = Swift.max(1, Swift.min(h ?? height, height - y0))
        cairo_surface_flush(handle)
        let base = cairo_image_surface_get_data(handle)!
        let view = cairo_image_surface_create_for_data(base + y0 * stride + x0 * 4, opaque ? CAIRO_FORMAT_RGB24 : CAIRO_FORMAT_ARGB32,
                                                       Int32(cw), Int32(ch), Int32(stride))!
        defer { cairo_surface_destroy(view) }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = cairo_surface_write_to_png_stream(view, { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else { throw GraphicsError("cairo_surface_write_to_png_stream", status: status) }
        return sink.bytes
    }
}
