import PanelLayout

extension Panel {
    /// The screen that shows this panel at scale 1: its design size, turned when the panel
    /// is mounted on its side (rotation 90 or 270).
    var naturalScreenSize: (Int, Int) {
        rotation == 90 || rotation == 270 ? (designHeight, designWidth) : (designWidth, designHeight)
    }
}
