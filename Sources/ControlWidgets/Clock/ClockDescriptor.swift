import Formatting
import Graphics
import PanelLayout

/// The time and date: text from a strftime format, no touches, no entity in Home Assistant,
/// nothing in the state file (it shows the wall clock, which the panel does not own).
public enum ClockDescriptor: WidgetDescriptor {
    public static let kind = WidgetKind(
        name: "clock",
        doc: "The time and date as text, from a strftime format, in the system's time zone or a named one; repainted only when its text changes.",
        properties: [
            PropertyRule("format", .string(nonEmpty: true, maxLength: TimeFormat.maxLength), default: .string("%H:%M"),
                         doc: "strftime format, e.g. \"%H:%M\" or \"%A %-d %B\"; with %S, %T, %r, %c, %X or %s it changes every second, else at most once a minute."),
            PropertyRule("timeZone", .string(nonEmpty: true, maxLength: 64),
                         doc: "A zone of the tz database, e.g. \"Europe/Berlin\"; default: the system's (TZ, else /etc/localtime)."),
            PropertyRule("fontSize", .number(min: .above(0), max: .atMost(1000)), default: .number(48), doc: "Font size in design pixels."),
            PropertyRule("color", .color, doc: "Text color; default: the theme's textColor."),
            PropertyRule("align", .enumeration(["left", "center", "right"]), default: .string("center"), doc: "Horizontal alignment inside the frame."),
            PropertyRule("weight", .enumeration(["normal", "bold"]), default: .string("normal"), doc: "Font weight."),
        ],
        constraints: [timeFormat, timeZoneName],
        bindable: false)
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("clock", [:])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { false }

    /// `format` must be a strftime format the clock accepts (see TimeFormat).
    static let timeFormat = WidgetConstraint { members in
        guard let node = members["format"]?.value, let text = node.stringValue else { return [] }
        do throws(TimeFormatError) { _ = try TimeFormat(parsing: text); return [] }
        catch { return [(node.location, "'format': \(error.description)")] }
    }

    /// `timeZone` is a tz database name (`Area/City`, `UTC`): no path of its own, no `..`.
    static let timeZoneName = WidgetConstraint { members in
        guard let node = members["timeZone"]?.value, let name = node.stringValue else { return [] }
        let allowed = name.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || "/_-+".unicodeScalars.contains($0) }
        guard allowed, !name.hasPrefix("/"), !name.split(separator: "/").contains(where: { $0 == ".." || $0.isEmpty }) else {
            return [(node.location, "'timeZone': '\(name)' is not a time zone name like \"Europe/Berlin\"")]
        }
        return []
    }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> ClockView {
        let format: TimeFormat
        do throws(TimeFormatError) { format = try TimeFormat(parsing: spec.string("format") ?? "%H:%M") }
        catch { throw GraphicsError("widget '\(spec.id)'", "'format': \(error.description)") }
        let zone = spec.string("timeZone")
        if let zone, let problem = ZonedTimeFormatter.problem(withZone: zone) { throw GraphicsError("widget '\(spec.id)'", problem) }
        let align: TextLayout.Alignment = spec.string("align") == "left" ? .left : spec.string("align") == "right" ? .right : .center
        return ClockView(id: spec.id, frame: Rect(spec.frame), model: ClockModel(formatter: ZonedTimeFormatter(format: format, zone: zone)),
                         wallClock: context.wallClock, fontName: context.theme.font, fontSize: spec.number("fontSize") ?? 48,
                         color: spec.color("color").map(Color.init(_:)) ?? Color(context.theme.textColor),
                         alignment: align, bold: spec.string("weight") == "bold")
    }

    public static func homeAssistant(_ view: ClockView) -> HAEntity? { nil }

    public static func bareSet(_ p: BarePayload, on view: ClockView) -> Result<BareSet, WidgetCommandError> {
        .failure(WidgetCommandError("a clock shows the time; it takes no value"))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
