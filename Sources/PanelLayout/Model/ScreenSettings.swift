/// The layout file's `screen` object: when an idle panel dims and blanks, and what wakes it.
/// The defaults change nothing: a panel without `screen` stays at full brightness forever.
public struct ScreenSettings: Sendable, Equatable {
    /// Seconds without input before the screen dims; nil: never.
    public var dimAfter: Double?
    /// Brightness while dimmed, as a fraction of full (0.3 = 30 %).
    public var dimLevel: Double
    /// Seconds without input before the screen turns off; nil: never.
    public var offAfter: Double?
    /// Whether a touch (or a pointer button) wakes a dimmed or dark screen. Keys, wheels and
    /// encoders always do.
    public var wakeOnTouch: Bool
    /// Seconds without input before `idlePage` is shown instead of the page in use; nil: never.
    public var idleAfter: Double?
    /// The id of the page shown while idle (a big clock, a photo); nil: none.
    public var idlePage: String?
    /// How far the idle page drifts, in design pixels, against burn-in (every `shiftPeriod`).
    public var pixelShift: Double

    public static let defaultPixelShift = 4.0
    public static let maxPixelShift = 32.0
    /// The idle page moves to its next place this often (seconds).
    public static let shiftPeriod = 180.0

    public static let defaultDimLevel = 0.3
    /// Timer bound: a week. Longer is a mistake, and the bound keeps times finite.
    public static let maxDelay = 604_800.0

    public init(dimAfter: Double? = nil, dimLevel: Double = ScreenSettings.defaultDimLevel,
                offAfter: Double? = nil, wakeOnTouch: Bool = true, idleAfter: Double? = nil, idlePage: String? = nil,
                pixelShift: Double = ScreenSettings.defaultPixelShift) {
        self.dimAfter = dimAfter
        self.dimLevel = dimLevel
        self.offAfter = offAfter
        self.wakeOnTouch = wakeOnTouch
        self.idleAfter = idleAfter
        self.idlePage = idlePage
        self.pixelShift = pixelShift
    }
}
