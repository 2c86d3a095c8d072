import Graphics
import PanelLayout
import ControlWidgets

/// What `check` says about the panel's texts on this machine's fonts (warnings: the panel
/// works, but draws something the author did not mean): characters no installed font has
/// (drawn as boxes), per script, at the text's position; and label texts their frame cannot
/// hold at their font size (shortened with "…" or cut off, as their `fit` says).
public enum TextWarnings {
    /// The properties that are drawn as text, on every widget type that has them.
    package static let textKeys = ["text", "title", "titles", "label", "labels"]

    public static func warnings(_ panel: Panel) -> [LayoutDiagnostic] {
        var out: [LayoutDiagnostic] = []
        func warn(_ at: SourceLocation, _ message: String) {
            out.append(LayoutDiagnostic(file: panel.sourcePath, location: at, message: message, isWarning: true))
        }
        for page in panel.pages {
            // The page menu draws page titles in the theme's font.
            for m in missing(page.title, family: panel.theme.font) {
                warn(page.location, "page '\(page.id)': its title \(m)")
            }
            for w in page.widgets {
                let family = w.string("fontName") ?? panel.theme.font
                let bold = w.string("weight") == "bold"
                for key in textKeys {
                    let texts = w.strings(key) ?? w.string(key).map { [$0] } ?? []
                    for m in missing(texts.joined(separator: "\n"), family: family, bold: bold) {
                        warn(w.propertyLocations[key] ?? w.location, "\(w.type) '\(w.id)': '\(key)' \(m)")
                    }
                }
                for key in ["icon", "icons"] {
                    let refs = w.value(key)?.arrayValue?.compactMap(\.stringValue) ?? w.string(key).map { [$0] } ?? []
                    for ref in refs where MaterialDesignIcons.scalar(for: ref).map({ !WidgetIcon.fontHas($0) }) == true {
                        warn(w.propertyLocations[key] ?? w.location, "\(w.type) '\(w.id)': \(WidgetIcon.missingFontMessage(ref))")
                    }
                }
                if let key = WidgetCatalog.kinds.kind(named: w.type)?.framedTextKey, let text = w.string(key),
                   let overflow = overflow(text, w, family: family, bold: bold) {
                    warn(w.propertyLocations[key] ?? w.location, "\(w.type) '\(w.id)': its \(key) \(overflow)")
                }
            }
        }
        return out.sorted { $0.location < $1.location }
    }

    /// One phrase per script with characters no font has: "has 3 Thai characters no
    /// installed font has (U+0E2A ส, ...): drawn as boxes; ...".
    package static func missing(_ text: String, family: String, bold: Bool = false) -> [String] {
        let uncovered = TextLayout.uncoveredCharacters(text, family: family, bold: bold)
        var scripts: [String] = [], byScript: [String: [Unicode.Scalar]] = [:]
        for c in uncovered {
            let s = UnicodeScript.name(of: c)
            if byScript[s] == nil { scripts.append(s) }
            byScript[s, default: []].append(c)
        }
        return scripts.map { script in
            let chars = byScript[script]!
            let shown = chars.prefix(3).map { "U+\(hex($0.value)) \(String($0))" }.joined(separator: ", ") + (chars.count > 3 ? ", ..." : "")
            return "has \(chars.count) \(script) character\(chars.count == 1 ? "" : "s") no installed font has (\(shown)): "
                + "they are drawn as boxes; install a font for \(script) (fc-list ':charset=\(hex(chars[0].value).lowercased())' lists those installed) or name one in 'fontName'"
        }
    }

    /// Why a label's text does not fit its frame (laid out as LabelView draws it, by its
    /// `fit`), or nil when all of it is drawn: lines left out or ended in "…", shrunk text
    /// still too large, clipped edges.
    package static func overflow(_ text: String, _ w: WidgetSpec, family: String, bold: Bool) -> String? {
        let size = w.number("fontSize") ?? 24
        guard !text.isEmpty, let surface = try? ImageSurface(width: 1, height: 1) else { return nil }
        let context = DrawingContext(surface: surface)
        let natural = TextLayout(text: text, family: family, pixelSize: size, bold: bold, context: context)
        natural.setWidth(w.frame.width, alignment: .left)
        let needed = natural.size
        let fit = TextLayout.Fit(w)
        let frame = "\(format(w.frame.width))×\(format(w.frame.height))"
        let needs = "it needs \(format(needed.width.rounded(.up)))×\(format(needed.height.rounded(.up))) (wrapped to the frame's width)"
        let remedy = "enlarge the frame, shorten the text or lower 'fontSize'"
        switch fit {
        case .wrap, .ellipsis, .shrink:
            let fitted = TextLayout(text: text, family: family, pixelSize: size, bold: bold, context: context)
            fitted.fit(fit, width: w.frame.width, height: w.frame.height, alignment: .left)
            guard fitted.isTruncated else { return nil }
            let what = fit == .shrink ? "even at half its size, so it ends in '…'" : fit == .wrap ? "so its last lines are left out and it ends in '…'" : "so it ends in '…'"
            return "does not fit its \(frame) frame at fontSize \(format(size)): \(needs), \(what) (fit '\(fit.rawValue)'); \(remedy)"
        case .clip:
            let line = TextLayout(text: text, family: family, pixelSize: size, bold: bold, context: context).size
            // Half a pixel of slack: advances are rounded to whole pixels of the screen's scale.
            guard line.height > w.frame.height + 0.5 || line.width > w.frame.width + 0.5 else { return nil }
            return "does not fit its \(frame) frame at fontSize \(format(size)): it needs "
                + "\(format(line.width.rounded(.up)))×\(format(line.height.rounded(.up))) on one line, so its edges are cut off (fit 'clip'); \(remedy)"
        }
    }

    /// One decimal, no trailing ".0" (as the touch-target warnings write sizes).
    private static func format(_ v: Double) -> String {
        let tenths = Int((v * 10).rounded())
        return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, 4 - digits.count)) + digits
    }
}
