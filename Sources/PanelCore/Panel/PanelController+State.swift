import PanelProtocol
/// Saving and restoring the panel's values (`--state`), in one place with reloads.
extension PanelController {
    /// The shown page and the value of every control on every page: a hidden page's values
    /// are the user's as much as the shown one's (issue 23: saving only the shown page lost
    /// page 1's volume after a `set` on page 2).
    public func savedState() -> SavedState {
        SavedState(panel: scene.panel.name, page: scene.panel.pages[pageInUse].id,
                   widgets: WidgetValues.capture(scene.allWidgets), styles: scene.styles)
    }

    /// Shows the saved page (if the panel still has it as a page) and restores values into
    /// widgets on any page whose id and type match; returns the ids restored. A file written
    /// before every page was saved (only the shown page's widgets) restores those.
    @discardableResult
    public func restore(_ state: SavedState, at time: Double) -> [String] {
        if let page = state.page, let index = scene.panel.pages.firstIndex(where: { $0.id == page && $0.role == .page }),
           index != scene.pageIndex {
            scene.showPage(index)
            invalidateAll()
        }
        let restored = WidgetValues.restore(state.widgets, into: scene.allWidgets, at: time)
        applyStyles(state.styles, at: time)
        return restored
    }
}
