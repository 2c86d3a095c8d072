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

/// Where every widget is, in design and screen pixels, so a test can aim touches (or sample
/// pixels) without measuring PNGs.
enum LayoutCommand {
    static let spec = CommandSpec(
        name: "layout", abstract: "Print where every widget is (frame; centre and radius of knobs) in design and screen pixels.",
        usage: "layout PANEL [--size WxH] [--json]",
        arguments: [("PANEL", "The layout file.")],
        options: [
            OptionSpec("size", value: "WxH", help: "Screen size the screen-pixel values are for (as 'render --size').", default: "the panel's design size"),
            OptionSpec("json", help: "JSON lines instead of a table: one line for the panel, then one per widget."),
        ],
        discussion: """
        JSON lines (--json), in file order:
          {"panel":NAME,"size":[w,h],"screen":[w,h],"scale":s,"offset":[x,y],"rotation":deg}
          {"widget":ID,"type":T,"page":PAGE,"pageIndex":N,"shown":BOOL,"frame":[x,y,w,h],
           "screenFrame":[x,y,w,h], and for knobs "center":[x,y],"radius":r,"clockwise":BOOL,
           "screenCenter":[x,y],"screenRadius":r}
        Design pixels are the layout file's (what input scripts use); screen pixels are those of the
        PNG 'render --size' writes (scaled, centred, and turned by the panel's rotation). "radius" is
        the knob's touch circle; "clockwise" tells which way its angles grow (0 deg = 12 o'clock).
        Only the first page is shown in this release ("shown"); other pages are placed as they would be.
        """)

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1 else { throw CommandFailure("layout needs exactly one PANEL (see 'knob-panel layout --help')", status: 64) }
        let panel = try loadPanel(args.positionals[0])
        let size: (Int, Int)?
        do { size = try args.size("size") } catch { throw CommandFailure(error.description, status: 64) }
        let (w, h) = size ?? panel.naturalScreenSize
        let controller: PanelController
        let placements: [WidgetPlacement]
        do {
            controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h)
            placements = try controller.placements()
        } catch { throw CommandFailure("cannot build the panel: \(error)") }
        let json = args.flags.contains("json")
        let mapping = controller.scene.mapping

        if json {
            var head = JSONLineWriter()
            head.add("panel", panel.name)
            head.add("size", [Double(panel.designWidth), Double(panel.designHeight)])
            head.add("screen", [Double(w), Double(h)])
            head.add("scale", mapping.scale)
            head.add("offset", [mapping.offsetX, mapping.offsetY])
            head.add("rotation", panel.rotation)
            Console.out(head.line)
        } else {
            Console.out("panel '\(panel.name)' \(panel.designWidth)x\(panel.designHeight) on a \(w)x\(h) screen: scale \(n(mapping.scale)), offset \(n(mapping.offsetX)),\(n(mapping.offsetY)), rotation \(panel.rotation)")
        }
        for p in placements {
            let shown = p.pageIndex == controller.scene.pageIndex
            if json {
                Console.out(p.json(shownPage: controller.scene.pageIndex))
            } else {
                var text = "\(p.id) (\(p.type), page \(p.pageID)\(shown ? "" : ", not shown")): frame \(rectText(p.frame)), screen \(rectText(p.screenFrame))"
                if let r = p.round, let s = p.screenRound {
                    text += "; centre \(n(r.center.x)),\(n(r.center.y)) radius \(n(r.radius)), screen centre \(n(s.center.x)),\(n(s.center.y)) radius \(n(s.radius))"
                    if r.clockwise { text += ", clockwise" }
                }
                Console.out(text)
            }
        }
    }

    private static func n(_ v: Double) -> String { JSONLineWriter.number((v * 100).rounded() / 100) }
    private static func rectText(_ r: Rect) -> String { "\(n(r.x)),\(n(r.y)) \(n(r.width))x\(n(r.height))" }
}
