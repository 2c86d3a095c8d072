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
