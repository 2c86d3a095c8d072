import PanelProtocol
/// A touch calibration matrix in libinput's convention
/// (`libinput_device_config_calibration_set_matrix`): six numbers `a b c d e f` applied to
/// coordinates normalised to 0...1 of the device's axis range, before they are scaled to the
/// screen:
///
///     x' = a·x + b·y + c
///     y' = d·x + e·y + f
///
/// The same matrix works with libinput (which applies it itself) and on our evdev path
/// (which applies it here), and the udev `LIBINPUT_CALIBRATION_MATRIX` values people already
/// have for a screen can be pasted in. Examples: `1 0 0 0 1 0` identity; `-1 0 1 0 1 0`
/// mirrors X; `0 -1 1 1 0 0` turns 90° clockwise; `0.9 0 0.05 0 0.9 0.05` shrinks by 10 %
/// around the centre.
public struct TouchCalibration: Sendable, Equatable, CustomStringConvertible {
    public var matrix: [Double]

    public static let identity = TouchCalibration(uncheckedMatrix: [1, 0, 0, 0, 1, 0])
    /// Each entry's bound: a matrix that maps the unit square further than this is a typo, and
    /// non-finite numbers must never reach a model.
    public static let bound = 100.0

    private init(uncheckedMatrix: [Double]) { matrix = uncheckedMatrix }

    /// nil unless six finite numbers within ±`bound`.
    public init?(matrix: [Double]) {
        guard matrix.count == 6, matrix.allSatisfy({ $0.isFinite && abs($0) <= Self.bound }) else { return nil }
        self.matrix = matrix
    }

    /// `a,b,c,d,e,f` (commas or spaces, as udev's property writes them with spaces).
    public init?(parsing text: String) {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map { Double($0) }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        self.init(matrix: parts.map { $0! })
    }

    public var isIdentity: Bool { self == .identity }

    /// The calibrated point for a normalised one (0...1 on each axis of the device).
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        let m = matrix
        return (m[0] * x + m[1] * y + m[2], m[3] * x + m[4] * y + m[5])
    }

    public var description: String { matrix.map { InputScriptLine.exact($0) }.joined(separator: ",") }
}
