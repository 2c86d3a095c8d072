import Graphics

/// The parts of the screen that must be repainted this frame: a short list of rectangles,
/// merged when they overlap or when merging costs little extra area.
public struct DamageRegion: Sendable {
    public private(set) var rects: [PixelRect] = []
    public let bounds: PixelRect

    public init(width: Int, height: Int) { bounds = PixelRect(x: 0, y: 0, width: width, height: height) }

    public var isEmpty: Bool { rects.isEmpty }

    public mutating func add(_ rect: PixelRect) {
        var r = rect.intersection(bounds)
        if r.isEmpty { return }
        // Merge with any rectangle it touches or that is cheap to combine, until stable.
        var merged = true
        while merged {
            merged = false
            for (i, o) in rects.enumerated() {
                let u = r.union(o)
                if r.intersects(o) || u.area <= (r.area + o.area) * 5 / 4 {
                    r = u
                    rects.remove(at: i)
                    merged = true
                    break
                }
            }
        }
        rects.append(r)
    }

    public mutating func addAll() { rects = [bounds] }
    public mutating func removeAll() { rects.removeAll() }
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
}
