/// How a built-in panel is mounted in its case, as KMS reports it in the connector's enum
/// property "panel orientation" (tablets and handhelds with a portrait panel in a landscape
/// case). Touchscreens stay in the panel's own coordinates, so turning the picture to correct
/// it turns touches back the same way (ScreenRotation does both).
public enum PanelOrientation: String, Sendable, Equatable, CaseIterable {
    case normal = "Normal"
    case upsideDown = "Upside Down"
    case leftSideUp = "Left Side Up"
    case rightSideUp = "Right Side Up"

    /// The property's enum name as the kernel spells it (drm_panel_orientation_enum_list).
    public init?(kmsName: String) { self.init(rawValue: kmsName) }

    /// Degrees to turn the upright frame clockwise onto the scanout so the picture is upright
    /// in the case (our `ScreenRotation` convention), as plymouth and mutter correct it:
    /// the panel's left side up means the panel sits turned a quarter clockwise, so the picture
    /// is turned a quarter counter-clockwise (270°); right side up, a quarter clockwise (90°).
    public var correctionDegrees: Int {
        switch self {
        case .normal: return 0
        case .upsideDown: return 180
        case .leftSideUp: return 270
        case .rightSideUp: return 90
        }
    }
}
