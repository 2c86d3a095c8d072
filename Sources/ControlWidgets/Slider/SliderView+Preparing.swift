import Graphics

/// The arc's layers the first draw needs (the gradient band, the line's mask and the glow
/// level the value shows, each cut to its ink, as `placed` makes them), made on another
/// thread (`PreparedLayers`); sliders of one look share them.
extension SliderView {
    /// What the work needs: the painter, values only once the appearance's images are taken
    /// out (the band, the line and the glow never draw them), so nothing in it is the loop's.
    private struct ArcJob: @unchecked Sendable {
        let painter: SliderPainter
        let glowLevel: Int?
    }

    /// Starts making the layers for `p` with the glow of `state`, unless a slider of the same
    /// look did (its glow level is made; another level is made on the loop when asked for).
    func prepareArcLayers(_ p: SliderPainter, state: SliderPainter.ValueState) -> PreparedLayers? {
        let level = p.glowLevel(shown: state)
        var keys: [AnyHashable] = [p.bandKey, p.lineKey]
        if let level { keys.append(p.glowKey(level: level)) }
        var bare = p.appearance
        bare.markerImage = nil
        for i in bare.handles.indices { bare.handles[i].image = nil }
        let job = ArcJob(painter: p.with(appearance: bare), glowLevel: level)
        let key: [AnyHashable] = ["slider-arc", p.bandKey, p.lineKey]
        return PreparedLayers.start(in: shared, key: key, keys: keys) {
            let p = job.painter
            let band = (try? p.gradientBand()).map(PlacedImage.cropped)
            guard let line = try? p.lineMask() else { return [band, nil, nil] }
            // The line stroked once: the glow blurs a copy of it.
            let glow = job.glowLevel.flatMap { level in line.copied().map { p.glowMask(level: level, blurring: $0) } }
            return [band, PlacedImage.cropped(line), glow.map(PlacedImage.cropped)]
        }
    }
}
