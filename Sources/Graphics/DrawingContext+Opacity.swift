import CCairo

extension DrawingContext {
    /// Draws `body` into a group and paints the group at `alpha`: a whole widget fades
    /// evenly (drawing each part at `alpha` would show overlaps darker).
    public func withOpacity(_ alpha: Double, _ body: () -> Void) {
        save()
        cairo_push_group(handle)
        body()
        cairo_pop_group_to_source(handle)
        cairo_paint_with_alpha(handle, Swift.min(1, Swift.max(0, alpha)))
        restore()
    }
}
