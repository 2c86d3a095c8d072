// Fuzz target: input scripts (`render --input`): every line parsed (touches, aimed touches,
// pointer, wheel, keys, command lines), errors positioned inside the text; a script that
// parses is played on a panel with every knob mode, whose every emitted number is finite.
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
public func fuzzScript(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = text(data, size)
    switch InputScript.parse(input, file: "fuzz.jsonl") {
    case .failure(let errors):
        contract(!errors.errors.isEmpty, "failure without errors")
        for e in errors.errors { checkPosition(e.line, e.column, e.description, in: input) }
    case .success(let inputs):
        let c = makeController()
        for e in c.aimErrors(inputs, file: "fuzz.jsonl") { checkPosition(e.line, e.column, e.description, in: input) }
        // Played straight on the controller (no vsync loop), so a line at t = 86400 costs
        // no more than one at t = 1; one frame at the end paints whatever the input left.
        var last = 0.0
        for i in inputs {
            c.deliver(i.event, at: i.time)
            c.advance(to: i.time)
            last = i.time
        }
        c.advance(to: last + 10)
        c.renderFrame(at: last + 10)
    }
    return 0
}
