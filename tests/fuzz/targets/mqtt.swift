// Fuzz target: a payload on a widget's MQTT `set` topic (the first byte picks the widget of
// the panel with every knob mode; the rest is the payload, any bytes). A refused payload has
// a one-line reason; an accepted one is a command whose recorded line parses back to it and, executed on the
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
    switch MQTTSetPayload.command(payload, widget: widget) {
    case .failure(let why):
        contract(!why.reason.isEmpty && !why.reason.contains("\n"), "refusal is not one line: \(why.reason)")
    case .success(let request):
        let line = request.line
        contract(!line.contains("\n"), "command spans lines: \(line)")
        // The recorded line must replay as exactly the command that ran.
        guard case .success(let parsed) = PanelCommand.parse(line) else {
            contract(false, "accepted payload's line is not a command: \(line)")
            return 0
        }
        contract(parsed == request.command, "recorded line parses to another command: \(line)")
        c.execute(request.command, line: line, at: 1, from: nil)
        c.advance(to: 100)
        c.renderFrame(at: 100)
    }
    return 0
}
