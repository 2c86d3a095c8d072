import Formatting

/// `"bind": {"topic": …}`: a widget's value fed from an MQTT topic (docs/layout.md, "Bound
/// data"). Every kind that is `bindable` takes it (WidgetKind adds the key); a label takes it
/// too, beside its `bind` to another widget's id.
public enum BindSchema {
    /// Topics and paths: as long as a topic a broker keeps without complaint is sensible on a panel.
    public static let maxTopicLength = 256
    /// A week: longer than any sensor's reporting interval.
    public static let maxStaleAfter = 604_800.0
    public static let defaultConfirmAfter = 5.0

    public static let object = ObjectSchema(name: "bind", properties: [
        PropertyRule("topic", .string(nonEmpty: true, maxLength: maxTopicLength), required: true,
                     doc: "The MQTT topic whose payloads set the widget's value (no wildcards)."),
        PropertyRule("path", .string(nonEmpty: true, maxLength: maxTopicLength),
                     doc: "A dotted path into a JSON payload (\"a.b\", \"list.0\"); default: the payload itself."),
        PropertyRule("format", .string(nonEmpty: true),
                     doc: "printf-style format of a number for widgets that show text (a label: \"%.1f °C\")."),
        PropertyRule("staleAfter", .number(min: .atLeast(1), max: .atMost(maxStaleAfter)),
                     doc: "Seconds after which a value not refreshed is shown as stale (greyed, \"—\"); default: never."),
        PropertyRule("commandTopic", .string(nonEmpty: true, maxLength: maxTopicLength),
                     doc: "Where the user's changes are published (plain value); until the bound topic echoes them they show as pending."),
        PropertyRule("confirmAfter", .number(min: .atLeast(0.5), max: .atMost(600)), default: .number(defaultConfirmAfter),
                     doc: "Seconds a user's change waits for the bound topic's echo before the device's value is shown again."),
    ])

    /// The `bind` key a bindable kind gets.
    public static let property = PropertyRule("bind", .object(object),
                                              doc: "Feeds the widget's value from an MQTT topic: {\"topic\", \"path\", \"format\", \"staleAfter\", \"commandTopic\", \"confirmAfter\"}.")

    /// The checks a rule cannot express, at the offending value: no wildcard in a topic
    /// (one subscription per bind, a command goes to one topic), a usable format and path.
    public static let constraint = WidgetConstraint { members in
        guard let bind = members["bind"]?.value, bind.objectValue != nil else { return [] }
        var problems: [(SourceLocation, String)] = []
        for key in ["topic", "commandTopic"] {
            guard let node = bind[key], let s = node.stringValue else { continue }
            if s.contains("+") || s.contains("#") { problems.append((node.location, "'bind' '\(key)': \"\(s)\" has a wildcard ('+' or '#'); bind one topic")) }
        }
        if let node = bind["format"], let s = node.stringValue {
            do throws(ValueFormatError) { _ = try ValueFormat(parsing: s) } catch {
                problems.append((node.location, "'bind' 'format': \(error.description)"))
            }
        }
        if let node = bind["path"], let s = node.stringValue, s.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            problems.append((node.location, "'bind' 'path': \"\(s)\" has an empty part (write \"a.b\")"))
        }
        if let topic = bind["topic"]?.stringValue, let node = bind["commandTopic"], node.stringValue == topic {
            problems.append((node.location, "'bind' 'commandTopic' is the bound topic itself; the panel would read its own commands back as confirmations"))
        }
        return problems
    }
}

/// A widget's `bind` object, read from its checked spec.
public struct BindSpec: Equatable, Sendable {
    public var topic: String
    public var path: [String]
    public var format: String?
    public var staleAfter: Double?
    public var commandTopic: String?
    public var confirmAfter: Double

    public init(topic: String, path: [String] = [], format: String? = nil, staleAfter: Double? = nil,
                commandTopic: String? = nil, confirmAfter: Double = BindSchema.defaultConfirmAfter) {
        self.topic = topic; self.path = path; self.format = format; self.staleAfter = staleAfter
        self.commandTopic = commandTopic; self.confirmAfter = confirmAfter
    }
}

extension WidgetSpec {
    /// The MQTT binding (`bind` as an object); nil without one, or for a label's `bind` to a widget id.
    public var binding: BindSpec? {
        guard let bind = properties["bind"], case .object = bind, let topic = bind["topic"]?.stringValue else { return nil }
        return BindSpec(topic: topic, path: bind["path"]?.stringValue.map { $0.split(separator: ".").map(String.init) } ?? [],
                        format: bind["format"]?.stringValue, staleAfter: bind["staleAfter"]?.numberValue,
                        commandTopic: bind["commandTopic"]?.stringValue,
                        confirmAfter: bind["confirmAfter"]?.numberValue ?? BindSchema.defaultConfirmAfter)
    }
}
