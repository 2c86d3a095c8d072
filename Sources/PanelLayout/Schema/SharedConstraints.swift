import Formatting

/// Cross-checks several widget types share.
extension WidgetConstraint {
    /// `key` must be a printf-style value format the widgets can apply (see ValueFormat).
    public static func valueFormat(_ key: String = "valueFormat") -> WidgetConstraint {
        WidgetConstraint { members in
            guard let node = members[key]?.value, let text = node.stringValue else { return [] }
            do throws(ValueFormatError) {
                _ = try ValueFormat(parsing: text)
                return []
            } catch {
                return [(node.location, "'\(key)': \(error.description)")]
            }
        }
    }

    /// `key` must name a locale NumberLocale knows (a widget's own `locale`).
    public static func locale(_ key: String = "locale") -> WidgetConstraint {
        WidgetConstraint { members in
            guard let node = members[key]?.value, let tag = node.stringValue, let problem = NumberLocale.problem(with: tag) else { return [] }
            return [(node.location, "'\(key)': \(problem)")]
        }
    }

    /// Each of `keys` is meaningful only when `required` is set too (e.g. a knob's `step`
    /// needs a `range`).
    public static func needs(_ required: String, for keys: [String], because reason: String) -> WidgetConstraint {
        WidgetConstraint { members in
            guard members[required] == nil else { return [] }
            return keys.compactMap { key in
                members[key].map { ($0.keyLocation, "'\(key)' needs '\(required)' (\(reason))") }
            }
        }
    }
}

extension PropertyRule {
    /// A widget's own `locale` (checked by `WidgetConstraint.locale()`); the panel's is the default.
    public static let locale = PropertyRule("locale", .string(nonEmpty: true, maxLength: 16),
                                            doc: "How this widget writes numbers on screen (the decimal separator), e.g. 'de'; default: the panel's 'locale'.")
}
