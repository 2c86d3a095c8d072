/// Checks a parsed layout file against `PanelSchema` and the widget types of `kinds`, collecting every
/// problem (not just the first), and builds the `Panel` when there are none.
///
/// Where problems are reported: at the offending value; for unknown and duplicate keys at
/// the key; for missing keys at the enclosing object's `{`.
final class PanelChecker {
    let file: String
    let baseDirectory: String
    /// The widget types the file may use (the caller's catalog).
    let kinds: WidgetKinds
    /// Decodes an image file fully and returns why it failed (nil when it decodes). The
    /// layout module has no image decoder; the caller passes one, so "check says ok" means
    /// every image renders (a file with only a PNG signature used to pass).
    var imageDecoder: ((String) -> String?)?
    private(set) var diagnostics: [LayoutDiagnostic] = []
    /// Warnings (a deprecated key): they do not stop the file loading; `Panel.warnings`.
    private(set) var warnings: [LayoutDiagnostic] = []
    var widgetIDs: [String: SourceLocation] = [:]
    var pageIDs: [String: SourceLocation] = [:]
    /// The panel's theme once it is known: widget colours may then name its tokens.
    var themeForColors: Theme?

    init(file: String, baseDirectory: String, kinds: WidgetKinds) {
        self.file = file
        self.kinds = kinds
        self.baseDirectory = baseDirectory
    }

    func report(_ location: SourceLocation, _ message: String) {
        diagnostics.append(LayoutDiagnostic(file: file, location: location, message: message))
    }

    func warn(_ location: SourceLocation, _ message: String) {
        warnings.append(LayoutDiagnostic(file: file, location: location, message: message, isWarning: true))
    }

    /// Diagnostics in source order (stable for equal positions).
    var sortedDiagnostics: [LayoutDiagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    // MARK: - Objects and values

    /// The first occurrence of each key, in source order, after reporting duplicate keys,
    /// unknown keys (with a suggestion) and missing required keys. Nil if not an object.
    /// `unknownNote` may add to the message about an unknown key (e.g. which widget type has it).
    func members(of node: JSONNode, rules: [PropertyRule], context: String, subject: String? = nil,
                 reportUnknown: Bool = true, unknownNote: ((String) -> String)? = nil) -> [JSONMember]? {
        guard let all = node.objectValue else {
            report(node.location, "\(subject ?? context): expected an object, found \(node.typeDescription)")
            return nil
        }
        var seen: [String: SourceLocation] = [:]
        var result: [JSONMember] = []
        let names = rules.map(\.name)
        for member in all {
            if let first = seen[member.key] {
                report(member.keyLocation, "duplicate key \(shown(member.key)) in \(context) (first at \(first))")
                continue
            }
            seen[member.key] = member.keyLocation
            if !names.contains(member.key) {
                if reportUnknown {
                    report(member.keyLocation, "unknown key \(shown(member.key)) in \(context)\(Suggestion.hint(for: member.key, in: names))\(unknownNote?(member.key) ?? "")")
                }
                continue
            }
            result.append(member)
        }
        for rule in rules where rule.required && seen[rule.name] == nil {
            report(node.location, "missing required key '\(rule.name)' in \(context)")
        }
        return result
    }

    /// Checks one value; returns it (image paths resolved) when valid, nil after reporting.
    func check(_ node: JSONNode, _ rule: ValueRule, subject: String) -> LayoutValue? {
        guard rule.accepts(node) else {
            report(node.location, "\(subject): expected \(rule.expectation), found \(node.typeDescription)")
            return nil
        }
        switch rule {
        case .string(let nonEmpty, let maxLength):
            let s = node.stringValue ?? ""
            if nonEmpty && s.isEmpty {
                report(node.location, "\(subject): must not be empty")
                return nil
            }
            if let problem = PanelChecker.lengthProblem(s, maxLength) {
                report(node.location, "\(subject): \(problem)")
                return nil
            }
            return .string(s)

        case .identifier:
            let s = node.stringValue ?? ""
            if let problem = PanelChecker.lengthProblem(s, ValueRule.maxIdentifierLength) {
                report(node.location, "\(subject): \(problem)")
                return nil
            }
            guard PanelChecker.isIdentifier(s) else {
                report(node.location, "\(subject): \(shown(s)) is not a valid id (use letters, digits, '_', '.', '-')")
                return nil
            }
            return .string(s)

        case .bool, .null:
            return node.layoutValue

        case .number(let lower, let upper):
            let n = node.numberValue ?? 0
            if let message = PanelChecker.rangeProblem(n, lower: lower, upper: upper) {
                report(node.location, "\(subject): \(LayoutValue.formatNumber(n)) is out of range: \(message)")
                return nil
            }
            return .number(n)

        case .integer(let lower, let upper):
            let n = node.numberValue ?? 0
            guard n == n.rounded() else {
                report(node.location, "\(subject): expected an integer, found \(LayoutValue.formatNumber(n))")
                return nil
            }
            if let message = PanelChecker.rangeProblem(n, lower: lower.map { .atLeast(Double($0)) }, upper: upper.map { .atMost(Double($0)) }) {
                report(node.location, "\(subject): \(LayoutValue.formatNumber(n)) is out of range: \(message)")
                return nil
            }
            return .number(n)

        case .integerChoice(let choices):
            let n = node.numberValue ?? 0
            guard choices.contains(where: { Double($0) == n }) else {
                report(node.location, "\(subject): \(LayoutValue.formatNumber(n)) is not one of \(choices.map(String.init).joined(separator: ", "))")
                return nil
            }
            return .number(n)

        case .enumeration(let values):
            let s = node.stringValue ?? ""
            guard values.contains(s) else {
                report(node.location, "\(subject): unknown value \(shown(s))\(Suggestion.hint(for: s, in: values)); expected one of: \(values.joined(separator: ", "))")
                return nil
            }
            return .string(s)

        case .color:
            let s = node.stringValue ?? ""
            if RGBA(hex: s) != nil { return .string(s) }
            // A widget's colour may name a theme token ("tint": "danger"): resolved here to the
            // theme's hex, so every widget reads one form. The theme's own keys cannot.
            let names = ThemeTokens.colorNames
            if let theme = themeForColors, names.contains(s), let c = theme.token(s) { return .string(c.hexString) }
            let tokens = themeForColors == nil ? "" : ", or a theme token (\(names.joined(separator: ", ")))"
            let hint = themeForColors == nil ? "" : Suggestion.hint(for: s, in: names)
            report(node.location, "\(subject): invalid color \(shown(s))\(hint): expected '#rrggbb' or '#rrggbbaa'\(tokens)")
            return nil

        case .imagePath, .picturePath:
            let s = node.stringValue ?? ""
            guard !s.isEmpty else {
                report(node.location, "\(subject): image path must not be empty")
                return nil
            }
            if let problem = PanelChecker.lengthProblem(s, ValueRule.maxPathLength) {
                report(node.location, "\(subject): \(problem)")
                return nil
            }
            let resolved = FileSystem.resolve(s, against: baseDirectory)
            if let error = FileSystem.checkReadable(resolved) {
                report(node.location, "\(subject): cannot read image file \(shown(s)) (resolved to \(shown(resolved))): \(error.message)")
                return nil
            }
            if FileSystem.isDirectory(resolved) {
                report(node.location, "\(subject): image path \(shown(s)) (resolved to \(shown(resolved))) is a directory")
                return nil
            }
            let header: Result<(width: Int, height: Int), PNGProblem>
            if case .picturePath = rule {
                header = FileSystem.pictureHeader(resolved).map { (width: $0.width, height: $0.height) }
            } else {
                header = FileSystem.pngSize(resolved)
            }
            switch header {
            case .failure(let problem):
                report(node.location, "\(subject): image file \(shown(s)) \(problem.text)")
                return nil
            case .success(let size):
                let limit = PanelSchema.maxImageSide
                if size.width > limit || size.height > limit {
                    report(node.location, "\(subject): image \(shown(s)) is \(size.width)x\(size.height) pixels; at most \(limit)x\(limit) (it is decoded whole into memory, 4 bytes a pixel)")
                    return nil
                }
            }
            if let decode = imageDecoder, let problem = decode(resolved) {
                report(node.location, "\(subject): image file \(shown(s)) cannot be decoded: \(problem)")
                return nil
            }
            return .string(resolved)

        case .icon:
            let s = node.stringValue ?? ""
            guard MaterialDesignIcons.isIconReference(s) else { return check(node, .imagePath, subject: subject) }
            let name = String(s.dropFirst(MaterialDesignIcons.prefix.count))
            guard MaterialDesignIcons.codePoint(name) != nil else {
                report(node.location, "\(subject): \(MaterialDesignIcons.unknownNameProblem(name))")
                return nil
            }
            return .string(s)

        case .tuple(let elements):
            let items = node.arrayValue ?? []
            guard items.count == elements.count else {
                report(node.location, "\(subject): expected \(elements.count) elements [\(elements.map(\.name).joined(separator: ", "))], found \(items.count)")
                return nil
            }
            var values: [LayoutValue] = []
            for (item, element) in zip(items, elements) {
                if let v = check(item, element.rule, subject: "\(subject) \(element.name)") { values.append(v) }
            }
            return values.count == elements.count ? .array(values) : nil

        case .array(let itemRule, let minCount, let maxCount):
            let items = node.arrayValue ?? []
            if items.count < minCount {
                report(node.location, "\(subject): expected at least \(minCount) element\(minCount == 1 ? "" : "s"), found \(items.count)")
                return nil
            }
            if items.count > maxCount ?? ValueRule.defaultMaxCount {
                let maxCount = maxCount ?? ValueRule.defaultMaxCount
                report(node.location, "\(subject): expected at most \(maxCount) element\(maxCount == 1 ? "" : "s"), found \(items.count)")
                return nil
            }
            var values: [LayoutValue] = []
            for (i, item) in items.enumerated() {
                if let v = check(item, itemRule, subject: "\(subject)[\(i)]") { values.append(v) }
            }
            return values.count == items.count ? .array(values) : nil

        case .distinctPair:
            let items = node.arrayValue ?? []
            guard items.count == 2 else {
                report(node.location, "\(subject): expected 2 elements [lo, hi], found \(items.count)")
                return nil
            }
            guard let lo = check(items[0], .rangeEnd, subject: "\(subject) lo")?.numberValue,
                  let hi = check(items[1], .rangeEnd, subject: "\(subject) hi")?.numberValue else { return nil }
            guard lo != hi else {
                report(node.location, "\(subject): lo and hi must differ (both are \(LayoutValue.formatNumber(lo)))")
                return nil
            }
            return .array([.number(lo), .number(hi)])

        case .stateMap(let inner):
            let rules = ValueRule.controlStates.map { PropertyRule($0, inner, doc: "") }
            guard let found = members(of: node, rules: rules, context: subject) else { return nil }
            var values: [(key: String, value: LayoutValue)] = []
            for member in found {
                if let v = check(member.value, inner, subject: "\(subject) \(member.key)") { values.append((member.key, v)) }
            }
            return values.count == found.count ? .object(values) : nil

        case .oneOf(let alternatives):
            guard let chosen = alternatives.first(where: { $0.accepts(node) }) else { return nil }
            return check(node, chosen, subject: subject)

        case .object(let schema):
            guard let found = members(of: node, rules: schema.properties, context: schema.name) else { return nil }
            var values: [(key: String, value: LayoutValue)] = []
            var ok = true
            for member in found {
                guard let rule = schema.property(named: member.key) else { continue }
                if let v = check(member.value, rule.rule, subject: "\(shown(member.key))") {
                    values.append((member.key, v))
                } else {
                    ok = false
                }
            }
            return ok ? .object(values) : nil
        }
    }

    /// nil when `s` has at most `limit` Unicode scalars, else the complaint.
    static func lengthProblem(_ s: String, _ limit: Int) -> String? {
        // Count bytes first: a string of at most `limit` bytes cannot be too long.
        if s.utf8.count <= limit { return nil }
        let count = s.unicodeScalars.count
        return count <= limit ? nil : "too long: \(count) characters, at most \(limit)"
    }

    static func isIdentifier(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy {
            ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" || $0 == "." || $0 == "-"
        }
    }

    /// nil when `n` is within the bounds, else "must be …".
    static func rangeProblem(_ n: Double, lower: NumberBound?, upper: NumberBound?) -> String? {
        let belowLower = lower.map { $0.inclusive ? n < $0.value : n <= $0.value } ?? false
        let aboveUpper = upper.map { $0.inclusive ? n > $0.value : n >= $0.value } ?? false
        guard belowLower || aboveUpper else { return nil }
        func text(_ v: Double) -> String { LayoutValue.formatNumber(v) }
        switch (lower, upper) {
        case let (l?, u?) where l.inclusive && u.inclusive:
            return "must be between \(text(l.value)) and \(text(u.value))"
        case let (l?, u?):
            return "must be \(l.inclusive ? "at least" : "greater than") \(text(l.value)) and \(u.inclusive ? "at most" : "less than") \(text(u.value))"
        case let (l?, nil):
            return "must be \(l.inclusive ? "at least" : "greater than") \(text(l.value))"
        case let (nil, u?):
            return "must be \(u.inclusive ? "at most" : "less than") \(text(u.value))"
        case (nil, nil):
            return nil
        }
    }
}
