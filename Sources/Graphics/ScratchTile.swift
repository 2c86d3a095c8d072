import CCairo
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One block of ordinary memory, reused for every rectangle a frame paints: it lends itself
/// as an ARGB32 surface of any shape that fits (rows packed, no padding). The display path
/// paints a damaged rectangle into it band by band and copies each band to the screen, so no
/// screen-sized image has to live in memory (a 1280×800 frame is 4 MB; this is 256 KB).
public final class ScratchTile {
    /// How many pixels a surface lent by this tile may have.
    public let capacity: Int
    private let bytes: UnsafeMutableRawPointer

    public init(capacity: Int = 65_536) {
        self.capacity = Swift.max(1, capacity)
        bytes = UnsafeMutableRawPointer.allocate(byteCount: self.capacity * 4, alignment: 64)
    }

    deinit { bytes.deallocate() }

    /// The most rows of `width` pixels that fit (at least one: a wider row than the tile
    /// holds cannot be lent, see `surface`).
    public func rows(forWidth width: Int) -> Int { Swift.max(1, capacity / Swift.max(1, width)) }

    /// A `width`×`height` surface over the tile's memory (its old pixels: paint every one).
    /// Only one surface at a time may be in use; it keeps the tile alive.
    public func surface(width: Int, height: Int) throws(GraphicsError) -> ImageSurface {
        guard width > 0, height > 0, width <= 32767, width * height <= capacity else {
            throw GraphicsError("cairo_image_surface_create_for_data", "\(width)x\(height) does not fit a tile of \(capacity) pixels")
        }
        let s = cairo_image_surface_create_for_data(bytes.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                    Int32(width), Int32(height), Int32(width * 4))!
        let status = cairo_surface_status(s)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(s)
            throw GraphicsError("cairo_image_surface_create_for_data", status: status)
        }
        return ImageSurface(handle: s, width: width, height: height, format: .argb32, owner: self)
    }
}
