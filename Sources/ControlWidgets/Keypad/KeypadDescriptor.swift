import Graphics
import PanelLayout

/// `keypad`: 0–9, point, backspace, ±, enter, cancel and a display line (KeypadView). With a
/// `target` it sets that widget (a knob with a range, a slider, a spinbox: `check` says
/// which); without one it is a number of its own, and Home Assistant shows it as a `number`.
public enum KeypadDescriptor: WidgetDescriptor {
    public static let kind: WidgetKind = {
        var k = WidgetKind(
            name: "keypad",
            doc: "A number pad with a display line: enter sets the `target` widget's value, or is the keypad's own value.",
            properties: [
                PropertyRule("target", .identifier, doc: "The widget enter sets (a knob with a range, a slider, a spinbox); none: the keypad reports the number itself."),
                PropertyRule("title", .string(nonEmpty: false, maxLength: 64), doc: "The display's caption; default: an arrow and the target's id."),
                PropertyRule("decimals", .integer(min: 0, max: 6), default: .number(2), doc: "Digits after the point, 0…6 (0: no point key)."),
                PropertyRule("signed", .bool, default: .bool(true), doc: "Whether the ± key is there."),
                PropertyRule("range", .distinctPair, doc: "[lo, hi] a keypad without a target clamps its number to; default: ±1e9."),
                PropertyRule("value", .rangeEnd, doc: "A keypad without a target: its number at start (shown faded until typing begins)."),
            ] + PropertyRule.tileCommon("keypad"),
            constraints: [WidgetConstraint { members in
                guard let t = members["target"] else { return [] }
                return ["range", "value"].compactMap { key in
                    members[key].map { ($0.keyLocation, "'\(key)' is for a keypad without a target; '\(t.value.stringValue ?? "")' has its own") }
                }
            }])
        k.numberTargets = { spec -> [(key: String, id: String)] in
            guard let t = spec.string("target") else { return [] }
            return [(key: "target", id: t)]
        }
        k.takesDigits = true
        return k
    }()
    public static var kinds: [WidgetKind] { [kind] }
    public static let commands = WidgetCommandSet("keypad", ["set": ["value", "entry", "enabled"]])
    public static var commandSets: [WidgetCommandSet] { [commands] }
    public static var savesState: Bool { true }
    static let defaultBound = 1e9

    public static func make(_ spec: WidgetSpec, _ context: WidgetBuildContext) throws(GraphicsError) -> KeypadView {
        let model = KeypadModel(decimals: Int(spec.number("decimals") ?? 2), signed: spec.bool("signed") ?? true)
        let r = spec.numbers("range")
        let range = r.map { Swift.min($0[0], $0[1])...Swift.max($0[0], $0[1]) }
        return KeypadView(id: spec.id, frame: Rect(spec.frame), model: model, target: spec.string("target"),
                          title: spec.string("title") ?? "", range: spec.isSet("target") ? nil : range ?? (-defaultBound...defaultBound),
                          value: spec.number("value"), chrome: context.chrome(spec), enabled: spec.bool("enabled") ?? true)
    }

    /// A keypad of its own is a `number`; one with a target adds nothing (the target is the entity).
    public static func homeAssistant(_ view: KeypadView) -> HAEntity? {
        guard view.target == nil, let range = view.range else { return nil }
        return .number(min: range.lowerBound, max: range.upperBound, rounding: ValueRounding(decimals: view.model.decimals), mode: .box)
    }

    public static func bareSet(_ p: BarePayload, on view: KeypadView) -> Result<BareSet, WidgetCommandError> {
        guard view.target == nil else { return .failure(WidgetCommandError("keypad '\(view.id)' sets '\(view.target ?? "")'; set that widget instead")) }
        guard let n = p.number else { return .failure(WidgetCommandError("'\(p.shown)' is not a number")) }
        return .success(BareSet([EventField("value", .number(n))]))
    }

    /// A key is a quarter of the width and about a quarter of the height below the display.
    public static func touchTarget(_ spec: WidgetSpec) -> Double? {
        let layout = KeypadLayout(frame: Rect(spec.frame), signed: true, decimals: 2)
        return layout.keys.map { Swift.min($0.rect.width, $0.rect.height) }.min()
    }
}
