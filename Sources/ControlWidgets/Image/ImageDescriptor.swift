import Graphics
import PanelLayout

/// A picture from a file or an MQTT topic. Home Assistant: none (its pictures come from
/// Home Assistant's own cameras and image entities, which publish them; an `image` entity
/// of the panel would only send them back). No touch target; nothing in the state file (a
/// retained topic brings the picture back at the next start).
public enum ImageDescriptor: WidgetDescriptor {
    public static let kind = WidgetKind(
        name: "image",
        doc: "A PNG or JPEG picture from a file or from an MQTT topic whose payload is the picture itself (a doorbell or camera snapshot), fitted or filled into its frame, with a placeholder while there is none, while it is stale, or after damaged data.",
        properties: [
            PropertyRule("src", .picturePath, doc: "A PNG or JPEG file, relative to the layout file; at most 4096×4096 pixels."),
            PropertyRule("topic", .string(nonEmpty: true, maxLength: BindSchema.maxTopicLength),
                         doc: "An MQTT topic whose payloads are pictures (PNG or JPEG bytes, at most 4 MiB and 4096×4096 pixels), as Home Assistant's MQTT camera and image entities publish them."),
            PropertyRule("staleAfter", .number(min: .atLeast(1), max: .atMost(BindSchema.maxStaleAfter)),
                         doc: "Seconds after which a picture from 'topic' not replaced is stale: the placeholder is shown and `get` says \"stale\": true; default: never."),
            PropertyRule("fit", .enumeration(ImageFit.allCases.map(\.rawValue)), default: .string("contain"),
                         doc: "contain: the whole picture, as large as the frame allows, centred; cover: the frame filled, the overhang cropped evenly."),
            PropertyRule("placeholder", .string(nonEmpty: false, maxLength: 80), default: .string("No picture"),
                         doc: "The line under the placeholder's picture glyph (empty: the glyph alone)."),
            PropertyRule("cornerRadius", .number(min: .atLeast(0), max: .atMost(1000)), default: .number(8),
                         doc: "Radius of the picture's corners in design pixels."),
        ],
        constraints: [sourceRules],
        requiredAnyOf: [["src", "topic"]],
        bindable: false)
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("image", [:])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { false }

    /// One source, one topic without wildcards, and `staleAfter` only for a topic.
    static let sourceRules = WidgetConstraint { members in
        var problems: [(SourceLocation, String)] = []
        if members["src"] != nil, let t = members["topic"] {
            problems.append((t.value.location, "'topic': an image shows 'src' or a topic's pictures, not both; remove one"))
        }
        if let t = members["topic"]?.value, let s = t.stringValue, s.contains("+") || s.contains("#") {
            problems.append((t.location, "'topic': \"\(s)\" has a wildcard ('+' or '#'); give one topic"))
        }
        if members["topic"] == nil, let s = members["staleAfter"] {
            problems.append((s.value.location, "'staleAfter' needs a 'topic': a picture from 'src' does not go stale"))
        }
        return problems
    }

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> ImageView {
        let view = ImageView(id: spec.id, frame: Rect(spec.frame), fit: spec.string("fit").flatMap(ImageFit.init(rawValue:)) ?? .contain,
                             placeholderText: spec.string("placeholder") ?? "No picture", cornerRadius: spec.number("cornerRadius") ?? 8,
                             surfaceColor: Color(context.theme.surface), mutedColor: Color(context.theme.muted),
                             fontName: context.theme.font, takesPayloads: spec.string("topic") != nil)
        if let src = spec.string("src") {
            // The checker decoded it already: failing now means the file changed since.
            let (shown, note) = view.show(try Picture.read(path: src), from: .file)
            if !shown { throw GraphicsError("widget '\(spec.id)'", "image '\(src)': \(note ?? "cannot be decoded")") }
        }
        return view
    }

    /// The topic is a binding of its own kind: the payload is the picture, not a value.
    public static func binding(_ spec: WidgetSpec) -> BindSpec? {
        spec.string("topic").map { BindSpec(topic: $0, staleAfter: spec.number("staleAfter")) }
    }

    public static func homeAssistant(_ view: ImageView) -> HAEntity? { nil }

    public static func bareSet(_ p: BarePayload, on view: ImageView) -> Result<BareSet, WidgetCommandError> {
        .failure(WidgetCommandError("an image takes pictures from its topic, not values"))
    }

    public static func touchTarget(_ spec: WidgetSpec) -> Double? { nil }
}
