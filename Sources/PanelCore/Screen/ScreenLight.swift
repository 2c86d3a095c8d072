import PanelProtocol

/// What dims or switches off the real screen (a backlight, DPMS, or the console's rules over
/// them): told of every screen-power change, before the `screen` event says it happened.
/// A protocol the output side implements, rather than a closure slot on the controller.
public protocol ScreenLight: AnyObject {
    /// `brightness` is the state's fraction of full (0 … 1).
    func screenChanged(to state: ScreenState, brightness: Double)
}
