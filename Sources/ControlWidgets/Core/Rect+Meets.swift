import Graphics

extension Rect {
    /// Whether the two share some area (touching edges share none): a layer whose box the
    /// clip's box does not reach is left out.
    func meets(_ o: Rect) -> Bool {
        !isEmpty && !o.isEmpty && minX < o.maxX && o.minX < maxX && minY < o.maxY && o.minY < maxY
    }
}
