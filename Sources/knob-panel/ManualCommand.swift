import ControlWidgets
import PanelCore

/// `knob-panel manual`: the man pages and the shell completions, written from the same
/// definitions as `help` (the command table and the layout schema). `make install` and
/// `make deb` install what it prints.
enum ManualCommand {
    static let pages = ["knob-panel.1", "knob-panel-layout.5", "bash", "zsh"]

    static let spec = CommandSpec(
        name: "manual", abstract: "Print a man page (roff) or a shell completion script, made from the same definitions as 'help'.",
        usage: "manual PAGE", arguments: [("PAGE", "knob-panel.1 (the command line), knob-panel-layout.5 (the layout format), bash or zsh (completion scripts).")],
        options: [],
        discussion: """
        Installed by 'make install' and the Debian package: man knob-panel, man 5 knob-panel-layout,
        and completions for bash (/usr/share/bash-completion/completions/knob-panel) and zsh
        (/usr/share/zsh/vendor-completions/_knob-panel).
        """)

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1, let page = args.positionals.first else {
            throw CommandFailure("manual needs one PAGE: \(pages.joined(separator: ", "))", status: ExitStatus.usage)
        }
        switch page {
        case "knob-panel.1", "1": Console.out(ManualPage.commandLine(CommandTable.specs, version: PanelVersion.current))
        case "knob-panel-layout.5", "5": Console.out(LayoutManualPage.text(WidgetCatalog.kinds, version: PanelVersion.current))
        case "bash": Console.out(Completions.bash(CommandTable.specs))
        case "zsh": Console.out(Completions.zsh(CommandTable.specs))
        default:
            let hint = closest(page, among: pages).map { " (did you mean '\($0)'?)" } ?? ""
            throw CommandFailure("no manual page '\(page)'\(hint); pages: \(pages.joined(separator: ", "))", status: ExitStatus.usage)
        }
    }
}
