// Fuzz target: one command line (stdin of `run`): a bad line gets a positioned error; a good
// one is executed on a panel with every knob mode (and the controller's own checks: unknown
// widgets, keys of another type); every emitted line is JSON with finite numbers, and the
// panel still paints.
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

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommand(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = text(data, size)
    if case .failure(let e) = PanelCommand.parse(input) {
        // A bad line only gets an error reply; its position is all there is to check.
        checkPosition(1, e.column, e.description, in: input.contains("\n") ? input.replacingNewlines() : input)
        return 0
    }
    let c = makeController()
    c.execute(commandLine: input, at: 1)
    c.advance(to: 2)
    // One frame, after animations (a full turn per second, so `set` with 1e9 degrees still
    // runs): what the command left must paint.
    c.advance(to: 100)
    c.renderFrame(at: 100)
    return 0
}

extension String {
    /// A command is one line; a newline inside the input is just another character to it.
    func replacingNewlines() -> String { String(unicodeScalars.map { $0 == "\n" ? " " : Character($0) }) }
}
