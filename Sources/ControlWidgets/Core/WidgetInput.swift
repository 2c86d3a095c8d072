import Graphics

/// Input delivered to one widget, in design pixels. The runtime does hit testing and keeps
/// each touch with the widget it went down on.
public enum WidgetInput: Sendable, Equatable {
    /// A touch (or the left mouse button) goes down, moves, or lifts. `id` tells fingers apart.
    case touchDown(id: Int, at: Point)
    case touchMove(id: Int, at: Point)
    case touchUp(id: Int)
    case touchCancel(id: Int)
    /// Scroll wheel or rotary encoder detents; positive = clockwise / up.
    case wheel(steps: Double)
    case key(WidgetKey)
}

public enum WidgetKey: String, Sendable, Equatable {
    case left = "Left", right = "Right", up = "Up", down = "Down"
    case pageUp = "PageUp", pageDown = "PageDown", home = "Home", end = "End"
    case enter = "Enter", space = "Space"
}
