/// One subcommand: what `help`, the man page and the completions show, and what runs it.
struct Subcommand: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments) throws(CommandFailure) -> Void
}

/// Every subcommand, in the order `help` lists them: the one list the dispatcher, the man page
/// and the shell completions are made from, so they cannot disagree.
enum CommandTable {
    static let all: [Subcommand] = [
        Subcommand(spec: RunCommand.spec, run: RunCommand.run),
        Subcommand(spec: RenderCommand.spec, run: RenderCommand.run),
        Subcommand(spec: CheckCommand.spec, run: CheckCommand.run),
        Subcommand(spec: CompareCommand.spec, run: CompareCommand.run),
        Subcommand(spec: LayoutCommand.spec, run: LayoutCommand.run),
        Subcommand(spec: DevicesCommand.spec, run: DevicesCommand.run),
        Subcommand(spec: BenchCommand.spec, run: BenchCommand.run),
        Subcommand(spec: CtlCommand.spec, run: CtlCommand.run),
        Subcommand(spec: StudioCommand.spec, run: StudioCommand.run),
        Subcommand(spec: ManualCommand.spec, run: ManualCommand.run),
    ]

    static var specs: [CommandSpec] { all.map(\.spec) }

    /// The options every subcommand takes besides its own (parseArguments handles them).
    static let commonOptions: [(names: [String], help: String)] = [
        (["-h", "--help"], "Show help for this command."),
        (["-V", "--version"], "Print the version and exit."),
    ]
}
