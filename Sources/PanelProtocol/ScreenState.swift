/// What the screen shows: the panel at full brightness, dimmed, or nothing.
public enum ScreenState: String, Sendable, CaseIterable {
    case on, dim, off

    /// Darker states rank higher: the idle timers only ever move the screen down this order.
    package var darkness: Int { self == .on ? 0 : self == .dim ? 1 : 2 }
}
