import Graphics

/// Where a picture of `picture` pixels lands in a frame, the two ways an image widget fits
/// it: `contain` scales it to fit whole (bars beside or above it, centred), `cover` scales it
/// to fill the frame (the overhang cropped evenly). Pure arithmetic in screen pixels; the
/// view scales the decoded picture once by `scale` and composites the `visible` part as a copy.
public enum ImageFit: String, CaseIterable, Sendable {
    case contain, cover

    public struct Placement: Equatable, Sendable {
        /// Picture pixels to screen pixels.
        public var scale: Double
        /// Where the picture's top-left corner goes, relative to the frame's (negative: cropped).
        public var offset: Point
        /// The part of the frame the picture covers, relative to the frame, in whole pixels.
        public var visible: Rect
    }

    /// contain: s = min(fw/w, fh/h); cover: s = max(fw/w, fh/h); the scaled picture centred.
    public func placement(picture: (width: Int, height: Int), frame: (width: Double, height: Double)) -> Placement {
        let w = Double(Swift.max(1, picture.width)), h = Double(Swift.max(1, picture.height))
        let sx = frame.width / w, sy = frame.height / h
        let s = self == .contain ? Swift.min(sx, sy) : Swift.max(sx, sy)
        let offset = Point(x: (frame.width - w * s) / 2, y: (frame.height - h * s) / 2)
        let x0 = Swift.max(0, offset.x).rounded(), y0 = Swift.max(0, offset.y).rounded()
        let x1 = Swift.min(frame.width, offset.x + w * s).rounded(), y1 = Swift.min(frame.height, offset.y + h * s).rounded()
        return Placement(scale: s, offset: offset, visible: Rect(x: x0, y: y0, width: Swift.max(1, x1 - x0), height: Swift.max(1, y1 - y0)))
    }
}
