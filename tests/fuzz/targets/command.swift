// Fuzz target: one command line (stdin of `run`), parsed and executed: a bad line gets a
// positioned error, a good one changes a panel with every knob mode; every emitted line is
// JSON with finite numbers, and the panel still paints.
import PanelLayout
import PanelRuntime

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommand(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = text(data, size)
    if case .failure(let e) = PanelCommand.parse(input) {
        checkPosition(1, e.column, e.description, in: input.contains("\n") ? input.replacingNewlines() : input)
    }
    let c = makeController()
    c.execute(commandLine: input, at: 1)
    c.advance(to: 2)
    c.renderFrame(at: 2)
    c.advance(to: 100)
    c.renderFrame(at: 100)
    return 0
}

extension String {
    /// A command is one line; a newline inside the input is just another character to it.
    func replacingNewlines() -> String { String(unicodeScalars.map { $0 == "\n" ? " " : Character($0) }) }
}
