/// Touch targets that are too small to hit reliably on the real screen (a warning, not an
/// error: the panel still works with a mouse). A fingertip is about 10 mm wide; 9 mm is the
/// common lower bound for touch targets (Microsoft's and Nokia's guidelines; Apple's 44 pt
/// and Google's 48 dp are 7–9 mm). A design pixel is min(screenWidth_mm / width,
/// screenHeight_mm / height) millimetres, since the design is scaled uniformly to the screen.
public enum TouchTargets {
    public static let minimumMillimetres = 9.0

    /// One warning per widget (on every page) whose target is under 9 mm on a screen whose
    /// visible area is `screenMM` (width, height in millimetres, as the panel is seen).
    /// `targetSize` is each type's rule (ControlWidgets' WidgetCatalog.touchTarget): the side
    /// of a widget's touch target in design pixels, nil for widgets that take no touches.
    public static func warnings(_ panel: Panel, screenMM: (width: Double, height: Double),
                                targetSize: (WidgetSpec) -> Double?) -> [LayoutDiagnostic] {
        guard screenMM.width > 0, screenMM.height > 0 else { return [] }
        let mmPerPixel = Swift.min(screenMM.width / Double(panel.designWidth), screenMM.height / Double(panel.designHeight))
        var out: [LayoutDiagnostic] = []
        for page in panel.pages {
            for w in page.widgets {
                guard let side = targetSize(w) else { continue }
                let mm = side * mmPerPixel
                guard mm < minimumMillimetres else { continue }
                let screen = "\(format(screenMM.width))×\(format(screenMM.height)) mm"
                out.append(LayoutDiagnostic(file: panel.sourcePath, location: w.location,
                    message: "\(w.type) '\(w.id)' is a \(format(mm)) mm touch target on a \(screen) screen; at least \(format(minimumMillimetres)) mm is recommended (make it at least \(format((minimumMillimetres / mmPerPixel).rounded(.up))) design pixels)",
                    isWarning: true))
            }
        }
        return out
    }

    /// One decimal, no trailing ".0".
    static func format(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }
}
