// Fuzz target: the layout reader and checker (`knob-panel check`), and "check says ok implies
// the panel can be built and painted": a panel that loads is rendered once, small.
import ControlWidgets
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
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = text(data, size)
    // No base directory: image paths never resolve, so the fuzzer does not read the disk.
    switch PanelLoader(kinds: WidgetCatalog.kinds).parse(input, file: "fuzz.json", baseDirectory: "/nonexistent") {
    case .failure(let errors):
        contract(!errors.diagnostics.isEmpty, "failure without diagnostics")
        for d in errors.diagnostics { checkPosition(d.location.line, d.location.column, d.description, in: input) }
    case .success(let panel):
        contract(!panel.pages.isEmpty, "a loaded panel has no page")
        let w = min(panel.designWidth, 160), h = min(panel.designHeight, 160)
        guard let c = try? PanelController(panel: panel, screenWidth: max(w, 1), screenHeight: max(h, 1)) else { return 0 }
        c.emit = checkEmitted
        c.renderFrame(at: 0)
    }
    return 0
}
