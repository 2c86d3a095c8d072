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
import ControlWidgets

/// `knob-panel studio PANEL`: the panel headless (as `run --headless --watch`) with the
/// layout studio on a local web page.
enum StudioCommand {
    static let spec = CommandSpec(
        name: "studio", abstract: "Edit a panel in the browser: the panel runs headless and a local web page shows it live, drives it with the mouse and edits its file.",
        usage: "studio PANEL [--listen 127.0.0.1:8080] [--token-file FILE] [--size WxH]",
        arguments: [("PANEL", "The layout file (created with a starter panel if it does not exist; while it has errors, the starter panel is shown).")],
        options: [
            OptionSpec("listen", value: "addr", help: "Address and port of the page; any address outside 127.0.0.0/8 (loopback) needs --token-file.", default: "127.0.0.1:8080"),
            StudioSettings.tokenOption,
            OptionSpec("size", value: "WxH", help: "Screen size.", default: "the panel's design size"),
            OptionSpec("exit-after", value: "seconds", help: "Quit after this many seconds."),
            OptionSpec("ready-file", value: "path", help: "Create this file once the first frame is rendered (the page is being served)."),
            OptionSpec("flip-log", value: "path", help: "One JSON line per rendered frame ({\"frame\":N,\"t\":seconds})."),
            OptionSpec("ipc", value: "path", help: "Also serve the JSON-lines protocol on a Unix socket at this path."),
            OptionSpec("state", value: "path", help: "Save widget values here and restore them at start."),
        ],
        discussion: """
        Open the address in a browser: the picture is the panel as rendered now (pushed as it
        changes). In Design mode a click selects a widget (and shows its JSON), dragging moves it,
        its handles resize it, arrows nudge it, snapped to the grid and other widgets' edges; the
        inspector edits its properties, the palette adds widgets, Undo/Redo step back; each change
        edits the file's text in place and is saved at once. In Try mode the mouse is a finger,
        the wheel turns the widget under the pointer, keys go to the focused widget. The screen
        bar shows the panel on other screen sizes and rotations (the file is not changed). The editor checks as you type (the same FILE:LINE:COLUMN lines as
        'check'); Save replaces the file atomically and reloads it (a file with errors is saved,
        the panel keeps its previous layout). Changes made by other editors show up too.
        Events go to stdout as JSON lines, as with 'run'.
        """)

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1 else { throw CommandFailure("studio needs exactly one PANEL (see 'knob-panel studio --help')", status: 64) }
        let path = args.positionals[0]
        try StarterPanel.createIfMissing(path)
        let panel: Panel
        switch loadLayout(path) {
        case .success(let p): panel = p
        case .failure(let errors):
            // A file being written (empty, or with mistakes) still opens: the starter panel is
            // shown until a save makes the file valid; the editor shows the file and its errors.
            for d in errors.diagnostics { Console.err(d.description) }
            guard case .success(let starter) = PanelLoader(kinds: WidgetCatalog.kinds).parse(StarterPanel.text, file: path) else {
                throw CommandFailure("the starter panel does not load", status: 1)
            }
            Console.note("'\(path)' has errors: showing a starter panel until the file is saved without errors")
            panel = starter
        }
        var settings = Appliance.Settings()
        let exitAfter: Double?
        do {
            settings.headless = true
            settings.watch = true
            settings.size = try args.size("size")
            exitAfter = try args.double("exit-after")
            if let e = exitAfter, e < 0 || e > 1e9 { throw UsageError("--exit-after must be between 0 and 1e9 seconds") }
            if let ipc = args.value("ipc") { settings.ipc = IPCServer.Options(path: ipc) }
            settings.statePath = args.value("state")
            settings.studio = try StudioSettings.parse(address: args.value("listen") ?? "127.0.0.1:8080", tokenFile: args.value("token-file"))
        } catch { throw CommandFailure("\(error)", status: 64) }
        try Appliance.runHeadless(panel, panelPath: path, settings: settings, exitAfter: exitAfter, args: args)
    }
}
