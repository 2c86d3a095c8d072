import ControlWidgets
import Graphics
import PanelLayout
import PanelSystem
import PanelLoop
import PanelProtocol
import PanelCore
import PanelInput
import PanelDisplay
import PanelHost
import PanelMQTT
import PanelStudio
import PanelBench

enum CheckCommand {
    static let spec = CommandSpec(
        name: "check", abstract: "Validate layout files; print every problem as FILE:LINE:COLUMN: error: message (warnings: exit 0). Warns about characters no installed font has, label texts that do not fit their frame, and mdi: icons whose font (fonts-materialdesignicons-webfont) is not installed.",
        usage: "check FILE... [--screen-mm WxH] [--entities]", arguments: [("FILE", "One or more layout files (JSON).")],
        options: [OptionSpec("screen-mm", value: "WxH", help: "The screen's visible size in millimetres (e.g. 154x86 for a 7-inch 800x480); warns about touch targets under 9 mm.",
                             default: "the panel's physicalSize, else no touch-target check"),
                  OptionSpec("entities", help: "Also print, one JSON line per widget with one, the Home Assistant component it becomes: {\"widget\":\"volume\",\"component\":\"number\"}.")])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard !args.positionals.isEmpty else { throw CommandFailure("check needs at least one FILE (see 'knob-panel check --help')", status: 64) }
        var failed = false, missing = false
        let screenMM: (width: Double, height: Double)?
        do { screenMM = try millimetres(args.value("screen-mm")) } catch { throw CommandFailure(error.description, status: 64) }
        for path in args.positionals {
            switch loadLayout(path) {
            case .success(let panel):
                for w in panel.warnings { Console.err(w.description) }
                if let mm = screenMM ?? panel.physicalSize {
                    for w in TouchTargets.warnings(panel, screenMM: mm, targetSize: WidgetCatalog.touchTarget) { Console.err(w.description) }
                }
                for w in TextWarnings.warnings(panel) { Console.err(w.description) }
                if args.flags.contains("entities") { failed = !printEntities(panel) || failed }
                let widgets = panel.pages.reduce(0) { $0 + $1.widgets.count }
                Console.out("\(path): ok (\(panel.pages.count) page\(panel.pages.count == 1 ? "" : "s"), \(widgets) widget\(widgets == 1 ? "" : "s"))")
            case .failure(let errors):
                failed = true
                missing = missing || inputMissing(path)
                for d in errors.diagnostics { Console.err(d.description) }
            }
        }
        if missing { throw CommandFailure(nil, status: ExitStatus.noInput) }
        if failed { throw CommandFailure(nil, status: 1) }
    }
}

/// Each widget's Home Assistant component, as its descriptor maps it (what `run --mqtt`
/// announces): the CLI tests read the mapping from here instead of keeping a copy.
private func printEntities(_ panel: Panel) -> Bool {
    for page in panel.pages {
        for spec in page.widgets {
            let view: any WidgetView
            do { view = try WidgetCatalog.makeView(spec, theme: panel.theme, locale: panel.locale) } catch { Console.err(error.description); return false }
            guard let entity = WidgetCatalog.homeAssistant(view) else { continue }
            var w = JSONLineWriter()
            w.add("widget", spec.id); w.add("component", entity.component)
            Console.out(w.line)
        }
    }
    return true
}

/// "WxH" in millimetres, decimals allowed ("154.2x85.9").
func millimetres(_ text: String?) throws(UsageError) -> (width: Double, height: Double)? {
    guard let text else { return nil }
    let parts = text.split(separator: "x")
    guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w > 0, h > 0, w <= 100_000, h <= 100_000 else {
        throw UsageError("--screen-mm expects WIDTHxHEIGHT in millimetres such as 154x86, got '\(text)'")
    }
    return (w, h)
}

/// Loads a panel (its warnings printed to stderr) or fails with every diagnostic printed.
func loadPanel(_ path: String) throws(CommandFailure) -> Panel {
    switch loadLayout(path) {
    case .success(let panel):
        for w in panel.warnings { Console.err(w.description) }
        return panel
    case .failure(let errors):
        for d in errors.diagnostics { Console.err(d.description) }
        throw CommandFailure(nil, status: inputMissing(path) ? ExitStatus.noInput : 1)
    }
}

/// Loads and checks a layout, decoding every image fully: "check says ok" then means every
/// image renders (the layout module reads only PNG headers; decoding needs Cairo).
func loadLayout(_ path: String) -> Result<Panel, LayoutErrors> {
    PanelLoader(kinds: WidgetCatalog.kinds).load(path: path, imageDecoder: Picture.decodingProblem(path:))
}
