/// Cross-page checks of the widgets one widget changes by number (a keypad's `target`, a
/// button's `action`): each must name a widget of the panel that takes a number through
/// `set` with `value` (its kind's `takesNumber`: a knob with a `range`, a slider, a spinbox).
extension PanelChecker {
    func checkNumberTargets(_ pages: [Page]) {
        var specs: [String: WidgetSpec] = [:]
        for page in pages { for w in page.widgets { specs[w.id] = w } }
        let takers = specs.values.filter { kinds.kind(named: $0.type)?.takesNumber($0) == true }.map(\.id).sorted()
        for page in pages {
            for w in page.widgets {
                guard let kind = kinds.kind(named: w.type) else { continue }
                for (key, id) in kind.numberTargets(w) {
                    let at = w.propertyLocations[key] ?? w.location
                    guard let target = specs[id] else {
                        report(at, "'\(key)': no widget '\(id)' in this panel\(Suggestion.hint(for: id, in: takers.isEmpty ? specs.keys.sorted() : takers))")
                        continue
                    }
                    if target.id == w.id { report(at, "'\(key)': a \(w.type) cannot change itself"); continue }
                    if kinds.kind(named: target.type)?.takesNumber(target) != true {
                        let list = takers.isEmpty ? "" : "; widgets that do: \(takers.joined(separator: ", "))"
                        report(at, "'\(key)': '\(id)' (a \(target.type)) takes no number through 'set' with 'value' (a knob needs a 'range')\(list)")
                    }
                }
            }
        }
    }

    /// A rotary dial's `target` must name a widget that takes typed digits (a keypad).
    func checkDigitTargets(_ pages: [Page]) {
        var specs: [String: WidgetSpec] = [:]
        for page in pages { for w in page.widgets { specs[w.id] = w } }
        let takers = specs.values.filter { kinds.kind(named: $0.type)?.takesDigits == true }.map(\.id).sorted()
        for page in pages {
            for w in page.widgets {
                guard let kind = kinds.kind(named: w.type) else { continue }
                for (key, id) in kind.digitTargets(w) {
                    let at = w.propertyLocations[key] ?? w.location
                    guard let target = specs[id] else {
                        report(at, "'\(key)': no widget '\(id)' in this panel\(Suggestion.hint(for: id, in: takers.isEmpty ? specs.keys.sorted() : takers))")
                        continue
                    }
                    if kinds.kind(named: target.type)?.takesDigits != true {
                        let list = takers.isEmpty ? "" : "; widgets that do: \(takers.joined(separator: ", "))"
                        report(at, "'\(key)': '\(id)' (a \(target.type)) takes no typed digits (a dial types into a keypad)\(list)")
                    }
                }
            }
        }
    }
}
