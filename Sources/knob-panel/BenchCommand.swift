import PanelLayout
import PanelRuntime

/// Measures render times with the real compositor, so performance claims have numbers.
enum BenchCommand {
    static let spec = CommandSpec(
        name: "bench", abstract: "Measure frame render times of a panel (use a release build).",
        usage: "bench PANEL [--frames N] [--size WxH]",
        arguments: [("PANEL", "The layout file.")],
        options: [
            OptionSpec("frames", value: "n", help: "Frames to time per measurement.", default: "100"),
            OptionSpec("size", value: "WxH", help: "Screen size.", default: "the panel's design size"),
        ])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        guard args.positionals.count == 1 else { throw CommandFailure("bench needs exactly one PANEL", status: 64) }
        let panel = try loadPanel(args.positionals[0])
        let frames: Int
        let size: (Int, Int)?
        do {
            frames = try args.int("frames") ?? 100
            size = try args.size("size")
        } catch { throw CommandFailure(error.description, status: 64) }
        guard frames >= 1 && frames <= 100_000 else { throw CommandFailure("--frames must be 1...100000", status: 64) }
        let (w, h) = size ?? panel.naturalScreenSize
        let controller: PanelController
        do { controller = try PanelController(panel: panel, screenWidth: w, screenHeight: h) }
        catch { throw CommandFailure("cannot build the panel: \(error)") }

        // Warm the caches once (generated images, shadows, text) as the display does.
        let setupStart = MonotonicClock.seconds()
        controller.renderFrame(at: 0)
        let setup = MonotonicClock.seconds() - setupStart

        var full: [Double] = []
        for i in 0..<frames {
            controller.invalidateAll()
            let t0 = MonotonicClock.seconds()
            controller.renderFrame(at: Double(i) / 60)
            full.append(MonotonicClock.seconds() - t0)
        }
        // A knob turning: every knob animates a full turn, only its damage is repainted.
        let ids = controller.scene.widgets.map(\.id)
        for id in ids { controller.execute(commandLine: "{\"command\":\"set\",\"widget\":\"\(id)\",\"position\":180,\"animated\":true}", at: 100) }
        var turning: [Double] = []
        for i in 0..<frames {
            let t = 100 + Double(i % 30) / 60
            let t0 = MonotonicClock.seconds()
            controller.advance(to: t)
            controller.renderFrame(at: t)
            turning.append(MonotonicClock.seconds() - t0)
        }
        // One slider moving as under a finger: a new value every frame (the value layer is
        // redrawn from cached bands, glow levels and handles; nothing else repaints).
        var sliding: [Double] = []
        if let slider = controller.scene.widgets.first(where: { $0.typeName == "slider" || $0.typeName == "rangeSlider" }) {
            let spec = panel.pages.flatMap(\.widgets).first { $0.id == slider.id }
            let lo = spec?.number("minimumValue") ?? 0, hi = spec?.number("maximumValue") ?? 100
            for i in 0..<frames {
                let t = 200 + Double(i) / 60
                let value = lo + (hi - lo) * Double(i % 60) / 60
                controller.execute(commandLine: "{\"command\":\"set\",\"widget\":\"\(slider.id)\",\"value\":\(JSONLineWriter.number(value))}", at: t)
                let t0 = MonotonicClock.seconds()
                controller.advance(to: t)
                controller.renderFrame(at: t)
                sliding.append(MonotonicClock.seconds() - t0)
            }
        }
        // The page drawer sliding: toggles open and closed, timing every frame while the
        // front moves (cached layers: the page's pixels slide, nothing is repainted).
        var drawerSliding: [Double] = []
        if let drawer = controller.scene.drawer {
            var t = 300.0
            controller.advance(to: t)
            controller.renderFrame(at: t)
            while drawerSliding.count < frames {
                controller.execute(commandLine: #"{"command":"drawer","position":"toggle"}"#, at: t)
                let end = t + drawer.reveal.settings.toggleAnimationDuration
                while t < end + 1e-9 && drawerSliding.count < frames {
                    t += 1.0 / 60
                    let t0 = MonotonicClock.seconds()
                    controller.advance(to: t)
                    controller.renderFrame(at: t)
                    drawerSliding.append(MonotonicClock.seconds() - t0)
                }
                t += 1
                controller.advance(to: t)
                controller.renderFrame(at: t)
            }
        }
        // One rotary dial dialling 0 over and over (2.2 s each at 300°/s): the disc, its
        // shadow and the sheen turn; the plate, the stop and its shadow are copies.
        var dialling: [Double] = []
        if let dial = controller.scene.widgets.first(where: { $0.commandKeys["dial"] != nil }) {
            for i in 0..<frames {
                let t = 5000 + Double(i) / 60   // after the other phases' clock
                if !dial.isAnimating(at: t) {
                    controller.execute(commandLine: "{\"command\":\"dial\",\"widget\":\"\(dial.id)\",\"number\":0}", at: t)
                }
                let t0 = MonotonicClock.seconds()
                controller.advance(to: t)
                controller.renderFrame(at: t)
                dialling.append(MonotonicClock.seconds() - t0)
            }
        }
        func stats(_ v: [Double]) -> String {
            let s = v.sorted()
            func ms(_ x: Double) -> String { JSONLineWriter.number((x * 100_000).rounded() / 100) }
            return "median \(ms(s[s.count / 2])) ms, p90 \(ms(s[s.count * 9 / 10])) ms, min \(ms(s[0])) ms"
        }
        Console.out("panel \(panel.name) at \(w)x\(h), \(frames) frames each")
        Console.out("first frame (builds caches): \(JSONLineWriter.number((setup * 100_000).rounded() / 100)) ms")
        Console.out("full-screen frame:           \(stats(full))")
        Console.out("knobs turning (damage only): \(stats(turning))")
        if !sliding.isEmpty { Console.out("one slider moving (damage):  \(stats(sliding))") }
        if !drawerSliding.isEmpty { Console.out("page drawer sliding:         \(stats(drawerSliding))") }
        if !dialling.isEmpty { Console.out("one dial dialling 0 (damage): \(stats(dialling))") }
    }
}
