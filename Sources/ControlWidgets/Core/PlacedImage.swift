import Graphics

/// A cached image cut to its ink and where its top left lies in the layer it was drawn for
/// (`x`, `y` pixels from that layer's top left). A class, so widgets that share it (the
/// scene's `SharedLayers`) hold the same one.
public final class PlacedImage {
    public let image: ImageSurface
    public let x: Int, y: Int

    public init(_ image: ImageSurface, x: Int = 0, y: Int = 0) {
        self.image = image; self.x = x; self.y = y
    }

    /// `image` cut to its visible pixels (InkCrop); an empty image stays whole.
    public static func cropped(_ image: ImageSurface) -> PlacedImage {
        guard let crop = InkCrop.crop(image) else { return PlacedImage(image) }
        return PlacedImage(crop.image, x: crop.x, y: crop.y)
    }

    /// Where its top left goes for a layer whose top left is at `origin`.
    public func origin(_ layerOrigin: Point) -> Point { Point(x: layerOrigin.x + Double(x), y: layerOrigin.y + Double(y)) }
}
