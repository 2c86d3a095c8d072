/// Writes the layout format as a JSON Schema (draft 2020-12) for editors, from the same
/// rules the checker uses. `panels/schema.json` is this output (a test keeps them equal).
extension PanelSchema {
    /// The schema document for the types of `kinds` as JSON text (2-space indent, trailing newline).
    public static func jsonSchemaText(_ kinds: WidgetKinds) -> String {
        jsonSchema(kinds).prettyJSONText(indent: 2) + "\n"
    }

    public static func jsonSchema(_ kinds: WidgetKinds) -> LayoutValue {
        var defs: [(key: String, value: LayoutValue)] = [
            ("color", .object([
                ("anyOf", .array([
                    .object([("type", .string("string")), ("pattern", .string("^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"))]),
                    .object([("enum", .array(ThemeTokens.colorNames.map(LayoutValue.string)))]),
                ])),
                ("description", .string("#rrggbb or #rrggbbaa (hex digits in either case), or on a widget a theme token's name (accent, danger, …).")),
            ])),
            // Every icon name once, referenced by each icon property, so an editor offers them
            // (1650 names: 48 KB of the file, 202 KB in all).
            ("mdiIcon", .object([
                ("enum", .array(MaterialDesignIcons.names.map { .string(MaterialDesignIcons.prefix + $0) })),
                ("description", .string("A Material Design Icons name (\(MaterialDesignIcons.debianPackage) \(MaterialDesignIcons.packageVersion)), as Home Assistant writes them.")),
            ])),
            ("layout", objectSchema(layout.properties)),
            ("theme", objectSchema(theme.properties)),
            ("page", objectSchema(page)),
            ("widget", widgetSchema(kinds)),
        ]
        for kind in kinds.all {
            defs.append((kind.name, widgetKindSchema(kind, kinds)))
        }
        var root: [(key: String, value: LayoutValue)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("https://knob-panel.invalid/panels/schema.json")),
            ("title", .string("knob-panel layout")),
            ("description", .string("A touch control panel: pages of widgets placed in design pixels. See docs/layout.md.")),
        ]
        root += objectSchema(panel).objectValue ?? []
        root.append(("$defs", .object(defs)))
        return .object(root)
    }

    static func widgetSchema(_ kinds: WidgetKinds) -> LayoutValue {
        var branches: [LayoutValue] = []
        for kind in kinds.all {
            branches.append(.object([
                ("if", .object([
                    ("properties", .object([("type", .object([("const", .string(kind.name))]))])),
                    ("required", .array([.string("type")])),
                ])),
                ("then", .object([("$ref", .string("#/$defs/\(kind.name)"))])),
            ]))
        }
        return .object([
            ("type", .string("object")),
            ("required", .array([.string("id"), .string("type")])),
            ("properties", .object([("type", .object([("enum", .array(kinds.names.map(LayoutValue.string)))]))])),
            ("oneOf", .array([
                .object([("required", .array([.string("frame")]))]),
                .object([("required", .array([.string("cell")]))]),
            ])),
            ("dependentRequired", .object([("span", .array([.string("cell")]))])),
            ("allOf", .array(branches)),
        ])
    }

    static func widgetKindSchema(_ kind: WidgetKind, _ kinds: WidgetKinds) -> LayoutValue {
        var common = widgetCommon(kinds)
        if let i = common.firstIndex(where: { $0.name == "type" }) {
            common[i] = PropertyRule("type", .enumeration([kind.name]), required: true, doc: kind.doc)
        }
        return objectSchema(common + kind.properties)
    }

    static func objectSchema(_ rules: [PropertyRule]) -> LayoutValue {
        var properties: [(key: String, value: LayoutValue)] = []
        for rule in rules {
            var schema = valueSchema(rule.rule).objectValue ?? []
            if !rule.doc.isEmpty { schema.append(("description", .string(rule.doc))) }
            if let value = rule.defaultValue { schema.append(("default", value)) }
            if rule.deprecated { schema.append(("deprecated", .bool(true))) }
            properties.append((rule.name, .object(schema)))
        }
        var result: [(key: String, value: LayoutValue)] = [("type", .string("object"))]
        let required = rules.filter(\.required).map { LayoutValue.string($0.name) }
        if !required.isEmpty { result.append(("required", .array(required))) }
        result.append(("properties", .object(properties)))
        result.append(("additionalProperties", .bool(false)))
        return .object(result)
    }

    static func valueSchema(_ rule: ValueRule) -> LayoutValue {
        switch rule {
        case .string(let nonEmpty, let maxLength):
            return .object([("type", .string("string"))] + (nonEmpty ? [("minLength", .number(1))] : []) + [("maxLength", .number(Double(maxLength)))])
        case .identifier:
            return .object([("type", .string("string")), ("pattern", .string("^[A-Za-z0-9_.-]+$")),
                            ("maxLength", .number(Double(ValueRule.maxIdentifierLength)))])
        case .bool:
            return .object([("type", .string("boolean"))])
        case .null:
            return .object([("type", .string("null"))])
        case .number(let lower, let upper):
            return .object([("type", .string("number"))] + bounds(lower, upper))
        case .integer(let lower, let upper):
            return .object([("type", .string("integer"))] + bounds(lower.map { .atLeast(Double($0)) }, upper.map { .atMost(Double($0)) }))
        case .integerChoice(let choices):
            return .object([("enum", .array(choices.map { .number(Double($0)) }))])
        case .enumeration(let values):
            return .object([("enum", .array(values.map(LayoutValue.string)))])
        case .color:
            return .object([("$ref", .string("#/$defs/color"))])
        case .imagePath, .picturePath:
            return .object([("type", .string("string")), ("minLength", .number(1)), ("maxLength", .number(Double(ValueRule.maxPathLength)))])
        case .icon:
            // A name of the font, or a PNG path that does not look like one (so a misspelt
            // name is an error in an editor too, as in `check`).
            let path = (valueSchema(.imagePath).objectValue ?? []) + [("not", .object([("pattern", .string("^" + MaterialDesignIcons.prefix))]))]
            return .object([("anyOf", .array([.object([("$ref", .string("#/$defs/mdiIcon"))]), .object(path)]))])
        case .tuple(let elements):
            return tupleSchema(elements.map { valueSchema($0.rule) })
        case .distinctPair:
            return tupleSchema([valueSchema(.rangeEnd), valueSchema(.rangeEnd)])
        case .array(let item, let minCount, let maxCount):
            var schema: [(key: String, value: LayoutValue)] = [("type", .string("array")), ("items", valueSchema(item))]
            if minCount > 0 { schema.append(("minItems", .number(Double(minCount)))) }
            schema.append(("maxItems", .number(Double(maxCount ?? ValueRule.defaultMaxCount))))
            return .object(schema)
        case .stateMap(let inner):
            return .object([
                ("type", .string("object")),
                ("properties", .object(ValueRule.controlStates.map { ($0, valueSchema(inner)) })),
                ("additionalProperties", .bool(false)),
            ])
        case .oneOf(let alternatives):
            return .object([("anyOf", .array(alternatives.map(valueSchema)))])
        case .object(let schema):
            if ["layout", "theme", "page", "widget"].contains(schema.name) {
                return .object([("$ref", .string("#/$defs/\(schema.name)"))])
            }
            return objectSchema(schema.properties)
        }
    }

    static func tupleSchema(_ items: [LayoutValue]) -> LayoutValue {
        .object([
            ("type", .string("array")),
            ("prefixItems", .array(items)),
            ("items", .bool(false)),
            ("minItems", .number(Double(items.count))),
            ("maxItems", .number(Double(items.count))),
        ])
    }

    static func bounds(_ lower: NumberBound?, _ upper: NumberBound?) -> [(key: String, value: LayoutValue)] {
        var result: [(key: String, value: LayoutValue)] = []
        if let lower { result.append((lower.inclusive ? "minimum" : "exclusiveMinimum", .number(lower.value))) }
        if let upper { result.append((upper.inclusive ? "maximum" : "exclusiveMaximum", .number(upper.value))) }
        return result
    }
}
