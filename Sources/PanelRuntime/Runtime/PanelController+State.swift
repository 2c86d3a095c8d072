/// Saving and restoring the panel's values (`--state`), in one place with reloads.
extension PanelController {
    /// The shown page and every control's value.
    public func savedState() -> SavedState {
        SavedState(panel: scene.panel.name, page: scene.panel.pages[scene.pageIndex].id,
                   widgets: WidgetValues.capture(scene.widgets))
    }

    /// Shows the saved page (if the panel still has it) and restores values into widgets whose
    /// id and type match; returns the ids restored.
    @discardableResult
    public func restore(_ state: SavedState, at time: Double) -> [String] {
        if let page = state.page, let index = scene.panel.pages.firstIndex(where: { $0.id == page }), index != scene.pageIndex {
            try? scene.showPage(index)
            invalidateAll()
        }
        return WidgetValues.restore(state.widgets, into: scene.widgets, at: time)
    }
}
