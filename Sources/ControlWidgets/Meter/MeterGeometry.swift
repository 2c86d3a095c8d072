import Graphics

/// Where a meter's parts go in its frame (design pixels), pure arithmetic: the text rows, the
/// track, and the bar's extent for a level. A vertical meter has its readout above the track
/// and its label below it, and fills upwards; a horizontal one has one row above the track
/// (label left, readout right) and fills to the right.
public struct MeterGeometry: Sendable, Equatable {
    public enum Orientation: String, Sendable, CaseIterable { case horizontal, vertical }

    public let frame: Rect
    public let orientation: Orientation
    /// The text size: the caption size given (the theme's, so a meter's label matches the
    /// knobs' captions), else for a vertical meter 5 % of its length, 11…18 px, for a
    /// horizontal one 30 % of its height, 11…18 (its length said nothing about the room: a
    /// 230 × 40 meter wrote 11.5 px); never more than 40 % of the height of a horizontal one,
    /// so its track keeps the larger share.
    public let textSize: Double
    public let readoutRow: Rect?
    public let labelRow: Rect?
    /// The recessed track the bar runs in.
    public let track: Rect
    /// The bar's run inside the track (the track less its padding): level 0 at its start
    /// (bottom or left), level 1 at its end.
    public let run: Rect

    public init(frame: Rect, orientation: Orientation, hasReadout: Bool, hasLabel: Bool, captionSize: Double? = nil) {
        self.frame = frame; self.orientation = orientation
        switch orientation {
        case .vertical:
            textSize = captionSize.map { Swift.min($0, Swift.max(8, frame.width * 0.4)) } ?? Swift.min(18, Swift.max(11, frame.height * 0.05))
        case .horizontal:
            let wanted = captionSize ?? Swift.min(18, Swift.max(11, frame.height * 0.3))
            textSize = Swift.max(8, Swift.min(wanted, frame.height * 0.4))
        }
        let row = (textSize * 1.5).rounded()
        var t = frame
        switch orientation {
        case .vertical:
            readoutRow = hasReadout ? Rect(x: frame.x, y: frame.y, width: frame.width, height: row) : nil
            labelRow = hasLabel ? Rect(x: frame.x, y: frame.y + frame.height - row, width: frame.width, height: row) : nil
            if hasReadout { t.y += row; t.height -= row }
            if hasLabel { t.height -= row }
        case .horizontal:
            let top = hasReadout || hasLabel ? Rect(x: frame.x, y: frame.y, width: frame.width, height: row) : nil
            readoutRow = hasReadout ? top : nil
            labelRow = hasLabel ? top : nil
            if top != nil { t.y += row; t.height -= row }
        }
        t.height = Swift.max(1, t.height)
        track = t
        let pad = Swift.max(2, Swift.min(t.width, t.height) * 0.14).rounded()
        run = Rect(x: t.x + pad, y: t.y + pad, width: Swift.max(1, t.width - 2 * pad), height: Swift.max(1, t.height - 2 * pad))
    }

    /// The run's length along the fill direction.
    public var length: Double { orientation == .vertical ? run.height : run.width }

    /// The part of the run from `a` to `b` (levels 0…1, a ≤ b): bottom-up or left-to-right.
    public func span(from a: Double, to b: Double) -> Rect {
        let lo = Swift.min(Swift.max(a, 0), 1), hi = Swift.min(Swift.max(b, lo), 1)
        switch orientation {
        case .vertical:
            return Rect(x: run.x, y: run.y + run.height * (1 - hi), width: run.width, height: run.height * (hi - lo))
        case .horizontal:
            return Rect(x: run.x + run.width * lo, y: run.y, width: run.width * (hi - lo), height: run.height)
        }
    }

    /// Segment `k` of `count` of an LED ladder: an equal share of the run less a gap of a
    /// fifth of the pitch (at least 1 px) between neighbours.
    public func segment(_ k: Int, of count: Int) -> Rect {
        let pitch = length / Double(Swift.max(1, count))
        let gap = Swift.max(1, pitch * 0.2)
        let r = span(from: Double(k) / Double(count), to: Double(k + 1) / Double(count))
        switch orientation {
        case .vertical: return Rect(x: r.x, y: r.y + gap / 2, width: r.width, height: Swift.max(0.5, r.height - gap))
        case .horizontal: return Rect(x: r.x + gap / 2, y: r.y, width: Swift.max(0.5, r.width - gap), height: r.height)
        }
    }
}
