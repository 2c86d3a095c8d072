import PanelCore
import PanelProtocol

/// A backlight as the screen's light with no display of the panel's own (`run --headless
/// --backlight PATH`: a screen another program shows, and the tests' fake sysfs): the state's
/// brightness goes to the backlight, off is brightness 0.
public final class BacklightLight: ScreenLight {
    public let backlight: Backlight
    public init(_ backlight: Backlight) { self.backlight = backlight }
    public func screenChanged(to state: ScreenState, brightness: Double) { backlight.set(fraction: brightness) }
}
