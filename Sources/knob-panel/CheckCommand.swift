import PanelLayout

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Validate layout files; print every problem as FILE:LINE:COLUMN: error: message.",
        usage: "check FILE...", arguments: [("FILE", "One or more layout files (JSON).")], options: [])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard !args.positionals.isEmpty else { throw CommandFailure("check needs at least one FILE (see 'knob-panel check --help')", status: 64) }
        var failed = false
        for path in args.positionals {
            switch PanelLoader.load(path: path) {
            case .success(let panel):
                let widgets = panel.pages.reduce(0) { $0 + $1.widgets.count }
                Console.out("\(path): ok (\(panel.pages.count) page\(panel.pages.count == 1 ? "" : "s"), \(widgets) widget\(widgets == 1 ? "" : "s"))")
            case .failure(let errors):
                failed = true
                for d in errors.diagnostics { Console.err(d.description) }
            }
        }
        if failed { throw CommandFailure(nil, status: 1) }
    }
}

/// Loads a panel or fails with every diagnostic printed.
func loadPanel(_ path: String) throws(CommandFailure) -> Panel {
    switch PanelLoader.load(path: path) {
    case .success(let panel): return panel
    case .failure(let errors):
        for d in errors.diagnostics { Console.err(d.description) }
        throw CommandFailure(nil, status: 1)
    }
}
