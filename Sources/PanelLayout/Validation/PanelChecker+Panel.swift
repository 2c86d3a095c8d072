import Formatting

/// Builds the panel, its pages and widgets from a checked file.
extension PanelChecker {
    func checkPanel(_ root: JSONNode, sourcePath: String) -> Panel? {
        guard let found = members(of: root, rules: PanelSchema.panel, context: "the panel",
                                  subject: "the top level") else { return nil }
        var values: [String: LayoutValue] = [:]
        for member in found where member.key != "pages" {
            guard let rule = PanelSchema.panel.first(where: { $0.name == member.key }) else { continue }
            values[member.key] = check(member.value, rule.rule, subject: "\(shown(member.key))")
        }
        let name = values["panel"]?.stringValue
        var size: (width: Int, height: Int)? = nil
        if let pair = values["size"]?.arrayValue, pair.count == 2,
           let w = pair[0].numberValue, let h = pair[1].numberValue {
            size = (Int(w), Int(h))
        }
        let theme = makeTheme(values["theme"])
        themeForColors = theme
        if let member = found.first(where: { $0.key == "locale" }), let tag = values["locale"]?.stringValue,
           let problem = NumberLocale.problem(with: tag) {
            report(member.value.location, "'locale': \(problem)")
        }
        var panelGrid: GridLayout? = nil
        if let layoutMember = found.first(where: { $0.key == "layout" }) {
            panelGrid = makeGrid(values["layout"], node: layoutMember.value, size: size)
        }

        var pages: [Page] = []
        var pagesOK = true
        if let pagesNode = found.first(where: { $0.key == "pages" })?.value {
            if let items = pagesNode.arrayValue {
                if items.isEmpty {
                    report(pagesNode.location, "'pages': expected at least 1 page, found 0")
                    pagesOK = false
                }
                if items.count > PanelSchema.maxPages {
                    report(pagesNode.location, "'pages': expected at most \(PanelSchema.maxPages) elements, found \(items.count)")
                    pagesOK = false
                }
                for item in items.prefix(PanelSchema.maxPages) {
                    if let page = checkPage(item, panelGrid: panelGrid, size: size) {
                        pages.append(page)
                    } else {
                        pagesOK = false
                    }
                }
            } else {
                report(pagesNode.location, "'pages': expected an array, found \(pagesNode.typeDescription)")
                pagesOK = false
            }
        }

        if pagesOK, let pagesNode = found.first(where: { $0.key == "pages" })?.value {
            checkRoles(pages, node: pagesNode)
        }
        if let screenNode = found.first(where: { $0.key == "screen" })?.value {
            if pagesOK { checkIdlePage(pages, screen: screenNode) }
            checkScreenLight(screenNode)
        }
        guard diagnostics.isEmpty, pagesOK, let name, let size else { return nil }
        let rotation = Int(values["rotation"]?.numberValue ?? 0)
        checkBindings(pages)
        checkNumberTargets(pages)
        checkDigitTargets(pages)
        guard diagnostics.isEmpty else { return nil }
        let drawer = values["drawer"].flatMap { $0.objectValue }.map { members in
            DrawerSpec(properties: Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))
        }
        var panel = Panel(name: name, designWidth: size.width, designHeight: size.height, theme: theme,
                          pages: pages, sourcePath: sourcePath, rotation: rotation, drawer: drawer)
        panel.screen = PanelSchema.screenSettings(values["screen"])
        panel.sound = PanelSchema.soundSettings(values["sound"])
        if let tag = values["locale"]?.stringValue, let locale = NumberLocale(tag) { panel.locale = locale }
        panel.rotationIsExplicit = values["rotation"] != nil
        if let mm = values["physicalSize"]?.arrayValue?.compactMap(\.numberValue), mm.count == 2 {
            panel.physicalSize = (mm[0], mm[1])
        }
        if let m = values["calibration"]?.arrayValue?.compactMap(\.numberValue), m.count == 6 {
            panel.touchCalibration = m
        }
        return panel
    }

    /// `screen.idlePage` names a page of the panel (not the right view), and comes with
    /// `idleAfter`, and the other way round.
    func checkIdlePage(_ pages: [Page], screen: JSONNode) {
        let page = screen.objectValue?.first { $0.key == "idlePage" }
        let after = screen.objectValue?.first { $0.key == "idleAfter" }
        if let page, let id = page.value.stringValue {
            if let p = pages.first(where: { $0.id == id }) {
                if p.role == .right { report(page.value.location, "'idlePage': page \(shown(id)) is the drawer's right view; the idle page must be a page of the menu") }
            } else {
                report(page.value.location, "'idlePage': no page \(shown(id))\(Suggestion.hint(for: id, in: pages.map(\.id))) (pages: \(pages.map(\.id).joined(separator: ", ")))")
            }
            if after == nil || after?.value.kind == .null { report(page.keyLocation, "'idlePage' needs 'idleAfter' (when to show it)") }
        } else if let after, after.value.kind != .null {
            report(after.keyLocation, "'idleAfter' needs 'idlePage' (the page to show)")
        }
    }

    /// What the rules cannot say of `screen.brightness` and `screen.presence`, at the value:
    /// times written "HH:MM" in ascending order, min not above max, darkLux below brightLux,
    /// one topic (no wildcard), distinct on and off payloads.
    func checkScreenLight(_ screen: JSONNode) {
        if let b = screen["brightness"], b.objectValue != nil {
            var last: (Double, String)?
            for entry in b["schedule"]?.arrayValue ?? [] {
                guard let node = entry["from"], let text = node.stringValue else { continue }
                guard let t = BrightnessSpec.secondsOfDay(text) else {
                    report(node.location, "'from': \(shown(text)) is not a time of day \"HH:MM\" (00:00 … 23:59)"); continue
                }
                if let last, t <= last.0 {
                    report(node.location, "'from': \(shown(text)) comes after \(shown(last.1)); list the schedule in ascending order of time")
                }
                last = (t, text)
            }
            if let lo = b["min"]?.numberValue, let hiNode = b["max"], let hi = hiNode.numberValue, lo > hi {
                report(hiNode.location, "'max' \(LayoutValue.formatNumber(hi)) is below 'min' \(LayoutValue.formatNumber(lo))")
            }
            if let a = b["ambient"] {
                let dark = a["darkLux"]?.numberValue ?? BrightnessSpec.defaultDarkLux
                let bright = a["brightLux"]?.numberValue ?? BrightnessSpec.defaultBrightLux
                if let node = a["brightLux"] ?? a["darkLux"], bright <= dark {
                    report(node.location, "'brightLux' \(LayoutValue.formatNumber(bright)) must be above 'darkLux' \(LayoutValue.formatNumber(dark))")
                }
            }
        }
        if let p = screen["presence"], p.objectValue != nil {
            if let node = p["topic"], let t = node.stringValue, t.contains("+") || t.contains("#") {
                report(node.location, "'presence' 'topic': \(shown(t)) has a wildcard ('+' or '#'); name one topic")
            }
            if let node = p["path"], let s = node.stringValue, s.split(separator: ".", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
                report(node.location, "'presence' 'path': \(shown(s)) has an empty part (write \"a.b\")")
            }
            if let on = p["on"]?.stringValue, let node = p["off"], let off = node.stringValue, on.lowercased() == off.lowercased() {
                report(node.location, "'presence' 'off' is the same payload as 'on'")
            }
        }
    }

    /// At most one right view, and at least one page for the menu to show.
    func checkRoles(_ pages: [Page], node: JSONNode) {
        let right = pages.filter { $0.role == .right }
        if right.count > 1 {
            report(right[1].location, "page \(shown(right[1].id)): only one page may have role 'right' (\(shown(right[0].id)) already has it)")
        }
        if right.count == pages.count, let first = pages.first {
            report(first.location, "page \(shown(first.id)) has role 'right': the panel needs at least one page with role 'page' to show")
        }
    }

    func makeTheme(_ value: LayoutValue?) -> Theme {
        if let name = value?.stringValue { return Theme(base: ThemeBase(rawValue: name) ?? .dark) }
        guard let value else { return Theme() }
        let base = value["base"]?.stringValue.flatMap(ThemeBase.init(rawValue:))
        // Without a base the file keeps the look it had before themes (dark with its colours).
        var theme = base.map(Theme.init(base:)) ?? Theme()
        func color(_ key: String) -> RGBA? { value[key]?.stringValue.flatMap(RGBA.init(hex:)) }
        if let c = color("accent") ?? color("tint") { theme.tint = c }
        if let c = color("text") ?? color("textColor") { theme.textColor = c }
        switch value["background"] {
        case .string(let hex)?:
            if let c = RGBA(hex: hex) { theme.background = [c] }
        case .array(let items)?:
            let colors = items.compactMap { $0.stringValue.flatMap(RGBA.init(hex:)) }
            if !colors.isEmpty { theme.background = colors }
        default:
            break
        }
        if let c = color("surface") { theme.surface = c }
        if let c = color("muted") { theme.muted = c }
        if let c = color("track") { theme.track = c }
        if let c = color("danger") { theme.danger = c }
        if let c = color("success") { theme.success = c }
        if let c = color("warning") { theme.warning = c }
        if let font = value["font"]?.stringValue { theme.font = font }
        if let s = value["knobStyle"]?.stringValue.flatMap(KnobStyle.init(rawValue:)) { theme.knobStyle = s }
        theme.captionSize = value["captionSize"]?.numberValue
        theme.captionPlacement = value["captionPlacement"]?.stringValue.flatMap(CaptionPlacement.init(rawValue:))
        return theme
    }

    /// The grid of a checked `layout` value; reports a grid that leaves no room for cells.
    func makeGrid(_ value: LayoutValue?, node: JSONNode, size: (width: Int, height: Int)?) -> GridLayout? {
        guard let grid = value?["grid"],
              let columns = grid["columns"]?.numberValue, let rows = grid["rows"]?.numberValue else { return nil }
        let layout = GridLayout(columns: Int(columns), rows: Int(rows),
                                gap: grid["gap"]?.numberValue ?? GridLayout.defaultGap,
                                padding: grid["padding"]?.numberValue ?? GridLayout.defaultPadding)
        if let size {
            let location = node["grid"]?.location ?? node.location
            let w = layout.cellWidth(designWidth: size.width)
            let h = layout.cellHeight(designHeight: size.height)
            func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
            func amount(_ v: Double) -> String { v.isFinite ? LayoutValue.formatNumber(v) : "less than nothing" }
            if !(w > 0 && w.isFinite) {
                report(location, "'grid': no room for \(count(layout.columns, "column")): cell width would be \(amount(w)) (width \(size.width), padding \(LayoutValue.formatNumber(layout.padding)), gap \(LayoutValue.formatNumber(layout.gap)))")
                return nil
            }
            if !(h > 0 && h.isFinite) {
                report(location, "'grid': no room for \(count(layout.rows, "row")): cell height would be \(amount(h)) (height \(size.height), padding \(LayoutValue.formatNumber(layout.padding)), gap \(LayoutValue.formatNumber(layout.gap)))")
                return nil
            }
        }
        return layout
    }

    func checkPage(_ node: JSONNode, panelGrid: GridLayout?, size: (width: Int, height: Int)?) -> Page? {
        let idText = node["id"]?.stringValue
        let context = idText.map { "page \(shown($0))" } ?? "page"
        guard let found = members(of: node, rules: PanelSchema.page, context: context, subject: "page") else { return nil }
        let errorsBefore = diagnostics.count
        var id: String? = nil
        var title: String? = nil
        var icon: String? = nil
        var role = Page.Role.page
        var grid = panelGrid
        var widgetsNode: JSONNode? = nil
        for member in found {
            switch member.key {
            case "id":
                id = check(member.value, .identifier, subject: "'id'")?.stringValue
                if let id {
                    if let first = pageIDs[id] {
                        report(member.value.location, "duplicate page id \(shown(id)) (first defined at \(first))")
                    } else {
                        pageIDs[id] = member.value.location
                    }
                }
            case "title":
                title = check(member.value, .string(nonEmpty: false), subject: "'title'")?.stringValue
            case "icon":
                icon = check(member.value, .imagePath, subject: "'icon'")?.stringValue
            case "role":
                if let r = check(member.value, PanelSchema.page.first { $0.name == "role" }!.rule, subject: "'role'")?.stringValue {
                    role = Page.Role(rawValue: r) ?? .page
                }
            case "layout":
                if let value = check(member.value, .object(PanelSchema.layout), subject: "'layout'") {
                    grid = makeGrid(value, node: member.value, size: size)
                }
            case "widgets":
                widgetsNode = member.value
            default:
                break
            }
        }
        var widgets: [WidgetSpec] = []
        if let widgetsNode {
            if let items = widgetsNode.arrayValue {
                if items.count > PanelSchema.maxWidgetsPerPage {
                    report(widgetsNode.location, "'widgets': expected at most \(PanelSchema.maxWidgetsPerPage) elements, found \(items.count)")
                } else {
                    for item in items {
                        if let widget = checkWidget(item, grid: grid, size: size) { widgets.append(widget) }
                    }
                    checkBudget(of: widgets, page: idText, at: widgetsNode.location, size: size)
                }
            } else {
                report(widgetsNode.location, "'widgets': expected an array, found \(widgetsNode.typeDescription)")
            }
        }
        guard diagnostics.count == errorsBefore, let id else { return nil }
        return Page(id: id, title: title ?? id, widgets: widgets, grid: grid, location: node.location, icon: icon, role: role)
    }

    /// What one page may cost to show (docs/layout.md, "Limits"): the memory of its widgets'
    /// cached layers grows with the area they cover, and the first frame's time with the
    /// titles its knobs draw.
    func checkBudget(of widgets: [WidgetSpec], page: String?, at location: SourceLocation, size: (width: Int, height: Int)?) {
        let name = page.map { "page \(shown($0))" } ?? "this page"
        if let size {
            let covered = widgets.reduce(0.0) { $0 + $1.frame.width * $1.frame.height }
            let coverage = covered / (Double(size.width) * Double(size.height))
            if coverage > PanelSchema.maxCoverage {
                report(location, "'widgets': the widgets of \(name) cover \(LayoutValue.formatNumber((coverage * 10).rounded() / 10)) times the design area; at most \(LayoutValue.formatNumber(PanelSchema.maxCoverage)) (each covered pixel costs memory for cached layers)")
            }
        }
        let titles = widgets.reduce(0) { total, w in total + (kinds.kind(named: w.type)?.titlesDrawn(w) ?? 0) }
        if titles > PanelSchema.maxTitlesPerPage {
            report(location, "'widgets': the knobs of \(name) draw \(titles) titles (their positions); at most \(PanelSchema.maxTitlesPerPage) (the first frame lays out every title)")
        }
    }

    func checkWidget(_ node: JSONNode, grid: GridLayout?, size: (width: Int, height: Int)?) -> WidgetSpec? {
        guard node.objectValue != nil else {
            report(node.location, "widget: expected an object, found \(node.typeDescription)")
            return nil
        }
        let errorsBefore = diagnostics.count
        let typeNode = node["type"]
        var kind: WidgetKind? = nil
        if let typeNode {
            if let typeName = typeNode.stringValue {
                kind = kinds.kind(named: typeName)
                if kind == nil {
                    report(typeNode.location, "'type': unknown widget type \(shown(typeName))\(Suggestion.hint(for: typeName, in: kinds.names)); expected one of: \(kinds.names.joined(separator: ", "))")
                }
            } else {
                report(typeNode.location, "'type': expected a string, found \(typeNode.typeDescription)")
            }
        }
        let idText = node["id"]?.stringValue
        let context = "\(kind?.name ?? "widget")\(idText.map { " \(shown($0))" } ?? "")"
        // With an unknown type we cannot tell which other keys are wrong; say nothing about them.
        guard let found = members(of: node, rules: PanelSchema.widgetCommon(kinds) + (kind?.properties ?? []),
                                  context: context, reportUnknown: kind != nil, unknownNote: { key in
            // A property of another widget type: say whose it is ("'mode' is a knob property").
            guard let kind else { return "" }
            let owners = self.kinds.types(having: key, except: kind.name)
            guard !owners.isEmpty else { return "" }
            return "; \(shown(key)) is a \(owners.joined(separator: "/")) property, not a \(kind.name) one"
        }) else { return nil }
        let byKey = Dictionary(found.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })

        var id: String? = nil
        if let idMember = byKey["id"] {
            id = check(idMember.value, .identifier, subject: "'id'")?.stringValue
            if let id {
                if PanelSchema.reservedWidgetIDs.contains(id) {
                    report(idMember.value.location, "widget id \(shown(id)) is reserved: the panel's own MQTT topics and Home Assistant entity use it (PREFIX/\(id)/state, PREFIX/\(id)/set); choose another id")
                } else if let first = widgetIDs[id] {
                    report(idMember.value.location, "duplicate widget id \(shown(id)) (first defined at \(first))")
                } else {
                    widgetIDs[id] = idMember.value.location
                }
            }
        }

        var properties: [String: LayoutValue] = [:]
        var order: [String] = []
        var locations: [String: SourceLocation] = [:]
        if let kind {
            for member in found {
                guard let rule = kind.property(named: member.key) else { continue }
                if let value = check(member.value, rule.rule, subject: "\(shown(member.key))") {
                    properties[member.key] = value
                    order.append(member.key)
                    locations[member.key] = member.value.location
                }
            }
            for constraint in kind.constraints {
                for (location, message) in constraint.check(byKey) { report(location, message) }
            }
            for constraint in kind.warnings {
                for (location, message) in constraint.check(byKey) { warn(location, message) }
            }
            for group in kind.requiredAnyOf where !group.contains(where: { byKey[$0] != nil }) {
                let others = group.dropFirst().map { "'\($0)'" }.joined(separator: " or ")
                report(node.location, "missing required key '\(group[0])' in \(context) (or give \(others))")
            }
        }

        let frame = place(node: node, byKey: byKey, context: context, grid: grid, size: size)
        if let kind, let frame, diagnostics.count == errorsBefore {
            let location = (byKey["frame"] ?? byKey["cell"])?.value.location ?? node.location
            for constraint in kind.frameConstraints {
                for (l, message) in constraint.check(byKey, frame, location) { report(l, message) }
            }
        }
        guard diagnostics.count == errorsBefore, let kind, let id, let frame else { return nil }
        return WidgetSpec(id: id, type: kind.name, frame: frame, properties: properties, propertyOrder: order,
                          location: node.location, propertyLocations: locations, defaults: kind.defaults)
    }

    /// The widget's frame from `frame`, or from `cell` and `span` in the grid.
    func place(node: JSONNode, byKey: [String: JSONMember], context: String, grid: GridLayout?,
               size: (width: Int, height: Int)?) -> LayoutRect? {
        let frameMember = byKey["frame"]
        let cellMember = byKey["cell"]
        let spanMember = byKey["span"]
        let common = PanelSchema.widgetCommon(kinds)
        func rule(_ name: String) -> ValueRule { common.first { $0.name == name }!.rule }

        if let frameMember, let cellMember {
            let later = frameMember.keyLocation < cellMember.keyLocation ? cellMember : frameMember
            report(later.keyLocation, "\(context) has both 'frame' and 'cell'; give only one")
            return nil
        }
        if frameMember == nil && cellMember == nil {
            report(node.location, "\(context) needs either 'frame' or 'cell'")
            return nil
        }
        if let spanMember, cellMember == nil {
            report(spanMember.keyLocation, "'span' only applies with 'cell', not with 'frame'")
            return nil
        }

        if let frameMember {
            guard let v = check(frameMember.value, rule("frame"), subject: "'frame'")?.arrayValue?.compactMap(\.numberValue),
                  v.count == 4 else { return nil }
            let rect = LayoutRect(x: v[0], y: v[1], width: v[2], height: v[3])
            if let size, !rect.isInside(width: Double(size.width), height: Double(size.height)) {
                report(frameMember.value.location, "\(context): frame \(rect) lies outside the design size \(size.width)x\(size.height)")
                return nil
            }
            return rect
        }

        guard let cellMember else { return nil }
        // Check cell and span both before giving up, so both get reported.
        let cellValue = check(cellMember.value, rule("cell"), subject: "'cell'")?.arrayValue?.compactMap(\.numberValue)
        var spanValue: [Double]? = [1, 1]
        if let spanMember {
            spanValue = check(spanMember.value, rule("span"), subject: "'span'")?.arrayValue?.compactMap(\.numberValue)
        }
        guard let cell = cellValue, cell.count == 2, let span = spanValue, span.count == 2 else { return nil }
        guard let grid else {
            report(cellMember.value.location, "'cell' needs a usable grid: give the page or the panel \"layout\": {\"grid\": {\"columns\": C, \"rows\": R}} (or fix the grid error reported for it)")
            return nil
        }
        let column = Int(cell[0]), row = Int(cell[1])
        let spanColumns = Int(span[0]), spanRows = Int(span[1])
        let gridText = "\(grid.columns)x\(grid.rows) grid"
        if column >= grid.columns || row >= grid.rows {
            report(cellMember.value.location, "'cell' [\(column), \(row)] is outside the \(gridText) (columns 0…\(grid.columns - 1), rows 0…\(grid.rows - 1))")
            return nil
        }
        if column + spanColumns > grid.columns || row + spanRows > grid.rows {
            report(spanMember?.value.location ?? cellMember.value.location,
                   "'span' [\(spanColumns), \(spanRows)] from cell [\(column), \(row)] leaves the \(gridText)")
            return nil
        }
        guard let size else { return nil }
        return grid.frame(column: column, row: row, spanColumns: spanColumns, spanRows: spanRows,
                          designWidth: size.width, designHeight: size.height)
    }
}
