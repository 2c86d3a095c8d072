import PanelSystem

/// One picture's decode as Sendable data, so it can run on another thread than the one that
/// took the bytes (a 4096² JPEG is 0.1–0.25 s of decoding): the bytes, their header (read and
/// bounded already) and the size the picture will be drawn at. `run` touches nothing shared.
public struct PictureDecode: Sendable {
    public let bytes: [UInt8]
    public let header: PictureHeader
    /// At least this many pixels each way after any DCT reduction.
    public let minimum: (width: Int, height: Int)

    public init(bytes: [UInt8], header: PictureHeader, minimum: (width: Int, height: Int)) {
        self.bytes = bytes; self.header = header; self.minimum = minimum
    }

    public func run() -> DecodedPicture {
        do throws(GraphicsError) { return DecodedPicture(.success(try Picture.decode(bytes, atLeast: minimum))) }
        catch { return DecodedPicture(.failure(error)) }
    }
}

/// A decode's outcome, handed from the thread that decoded it to the one that shows it. The
/// surface is not shared: the decoding thread lets go of it when it hands it over (hence
/// unchecked: Cairo's image surfaces may change threads, not be used on two at once).
public struct DecodedPicture: @unchecked Sendable {
    public let result: Result<ImageSurface, GraphicsError>
    public init(_ result: Result<ImageSurface, GraphicsError>) { self.result = result }
}
