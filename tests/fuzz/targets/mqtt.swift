// Fuzz target: a payload on a widget's MQTT `set` topic (the first byte picks the widget of
// the panel with every knob mode; the rest is the payload, any bytes). A refused payload has
// a one-line reason; an accepted one is a command line that parses and, executed on the
// panel, emits only JSON with finite numbers, and the panel still paints.
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
public func fuzzMQTT(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let c = makeController()
    let widgets = c.scene.allWidgets
    guard !widgets.isEmpty else { return 0 }
    let widget = widgets[Int(data[0]) % widgets.count]
    let payload = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    switch MQTTSetPayload.commandLine(payload, widget: widget) {
    case .failure(let why):
        contract(!why.reason.isEmpty && !why.reason.contains("\n"), "refusal is not one line: \(why.reason)")
    case .success(let line):
        contract(!line.contains("\n"), "command spans lines: \(line)")
        guard case .success = PanelCommand.parse(line) else {
            contract(false, "accepted payload is not a command: \(line)")
            return 0
        }
        c.execute(commandLine: line, at: 1)
        c.advance(to: 100)
        c.renderFrame(at: 100)
    }
    return 0
}
