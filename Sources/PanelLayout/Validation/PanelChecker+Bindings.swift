/// Cross-page checks that need every widget: a label's `bind` must name a widget of the
/// panel that has a value (not itself, not another label: its kind is not `bindable`).
extension PanelChecker {
    func checkBindings(_ pages: [Page]) {
        var types: [String: String] = [:]
        for page in pages { for w in page.widgets { types[w.id] = w.type } }
        for page in pages {
            for w in page.widgets {
                guard let target = w.string("bind") else { continue }
                let at = w.propertyLocations["bind"] ?? w.location
                guard let type = types[target] else {
                    report(at, "'bind': no widget '\(target)' in this panel\(Suggestion.hint(for: target, in: types.keys.sorted()))")
                    continue
                }
                if kinds.kind(named: type)?.bindable == false { report(at, "'bind': '\(target)' is a \(type); a label can show the value of a control (knob, slider, toggle, segmented)") }
            }
        }
    }
}
