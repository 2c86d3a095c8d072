/// What the screen shows: the panel at full brightness, the idle page (`screen.idlePage`) at
/// full brightness, dimmed, or nothing.
public enum ScreenState: String, Sendable, CaseIterable {
    case on, idle, dim, off

    /// Darker states rank higher: the idle timers only ever move the screen down this order.
    package var darkness: Int {
        switch self {
        case .on: 0
        case .idle: 1
        case .dim: 2
        case .off: 3
        }
    }
}
