#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import ControlWidgets
import Graphics
import PanelLayout
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// Issue 6, item 3, as a property: every layout that `check` accepts renders a frame, and a
/// drag on its first knob renders too, without a Cairo error and without a non-finite
/// number in any event. The layouts are structured mutations of small seeds (knobs, labels,
/// sliders, buttons, toggles, segmented controls): values pushed
/// to their limits and just past them, keys added from a pool of extreme settings, widgets
/// duplicated, images swapped for damaged or oversized PNGs. Deterministic (SplitMix64);
/// rendered at 160×100 so 400 layouts take about a second.
@Suite struct CheckImpliesRenderTests {
    struct Rng: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let seeds: [String] = [
        #"""
        { "panel": "A", "size": [400, 250], "theme": { "tint": "#3a7bd5", "background": ["#232833", "#0e1016"] },
          "layout": { "grid": { "columns": 3, "rows": 2, "gap": 8, "padding": 8 } },
          "pages": [ { "id": "p", "widgets": [
            { "id": "a", "type": "knob", "cell": [0, 0], "mode": "continuous", "range": [0, 100], "label": "a", "shadowOpacity": 0.5 },
            { "id": "b", "type": "knob", "cell": [1, 0], "mode": "linearReturn", "positions": 6, "titles": ["Off", "Lo", "Hi"], "circular": false, "min": -90, "max": 90 },
            { "id": "c", "type": "knob", "cell": [2, 0], "mode": "wheelOfFortune", "positions": 8, "gesture": "verticalPan" },
            { "id": "t", "type": "label", "cell": [0, 1], "span": [3, 1], "text": "Living room", "fontSize": 24 } ] } ] }
        """#,
        #"""
        { "panel": "B", "size": [300, 300], "rotation": 90, "pages": [ { "id": "p", "widgets": [
            { "id": "k", "type": "knob", "frame": [20, 20, 260, 260], "mode": "continuous", "normalized": false,
              "image": "knob.png", "backgroundImage": "knob.png", "shadowOpacity": 0.8, "masksImage": true } ] } ] }
        """#,
        #"""
        { "panel": "C", "size": [480, 320], "layout": { "grid": { "columns": 3, "rows": 2 } }, "pages": [ { "id": "p", "widgets": [
            { "id": "s", "type": "slider", "cell": [0, 0], "label": "Temp", "minimumValue": 10, "maximumValue": 30, "currentValue": 21.5,
              "maximumAngle": 270, "lineWidth": 20, "valueFormat": "%.1f °C", "labels": ["10", "20", "30"], "markerCount": 21 },
            { "id": "r", "type": "rangeSlider", "cell": [1, 0], "minimumValue": 0, "maximumValue": 24, "currentValue": 8,
              "secondCurrentValue": 17, "minimumHandlesDistance": 2, "lineWidth": 16 },
            { "id": "b", "type": "button", "title": "+", "repeat": true, "cell": [2, 0] },
            { "id": "t", "type": "toggle", "title": "Fan", "on": true, "cell": [0, 1] },
            { "id": "g", "type": "segmented", "titles": ["A", "B", "C"], "index": 2, "cell": [1, 1] },
            { "id": "l", "type": "label", "bind": "s", "cell": [2, 1] } ] } ] }
        """#,
    ]

    /// Replacement values: each limit, and just past it.
    static let numbers: [Double] = [0, -1, 1, 0.5, 2, 64, 100, 359, 360, 361, 1000, 1001, 4096, 4097, 8192, 1e6, -1e6, 1e6 + 1, 1e9, -1e9, 1e9 + 1, 1e-9]
    static let strings: [String] = [
        "", "x", String(repeating: "w", count: 64), String(repeating: "w", count: 65), String(repeating: "春", count: 256),
        String(repeating: "lorem ipsum ", count: 341) + "abcd", "continuous", "linearReturn", "wheelOfFortune", "rotaryDial",
        "verticalPan", "tap", "twoFingerRotation", "flat", "#ff000080", "knob.png", "huge.png", "broken.png", "signature.png",
    ]
    static var pool: [(String, LayoutValue)] {
        let titles = LayoutValue.array((0..<360).map { .string("T\($0)" + String(repeating: "m", count: 60)) })
        return [
            ("positions", .number(360)), ("titles", titles), ("mode", .string("linearReturn")), ("circular", .bool(false)),
            ("min", .number(-1e6)), ("max", .number(1e6)), ("position", .number(1e6)), ("normalized", .bool(false)),
            ("range", .array([.number(-1e9), .number(1e9)])), ("zoomPointSize", .number(500)), ("shadowRadius", .number(100)),
            ("shadowOpacity", .number(1)), ("shadowOffset", .array([.number(1000), .number(-1000)])), ("fontSize", .number(1000)),
            ("knobRadius", .number(8192)), ("timeScale", .number(1000)), ("gestureSensitivity", .number(36000)),
            ("label", .string(String(repeating: "L", count: 256))), ("image", .string("knob.png")), ("foregroundImage", .string("knob.png")),
            ("images", .object([("highlighted", .string("knob.png"))])), ("fontName", .string(String(repeating: "F", count: 256))),
            ("enabled", .bool(false)), ("selected", .bool(true)), ("finish", .string("flat")), ("gesture", .string("twoFingerRotation")),
        ]
    }

    /// One random change somewhere in the tree.
    static func mutate(_ v: LayoutValue, _ rng: inout Rng, depth: Int = 0) -> LayoutValue {
        let here = depth > 1 && Int.random(in: 0..<4, using: &rng) == 0
        switch v {
        case .number:
            return .number(numbers.randomElement(using: &rng)!)
        case .string:
            return .string(strings.randomElement(using: &rng)!)
        case .bool(let b):
            return .bool(!b)
        case .array(var items):
            if items.isEmpty || here {
                if !items.isEmpty, Bool.random(using: &rng) {
                    var copy = items.randomElement(using: &rng)!
                    if case .object(var members) = copy, let i = members.firstIndex(where: { $0.key == "id" }) {
                        members[i].value = .string("w\(rng.next() % 100_000)")
                        copy = .object(members)
                    }
                    items.append(contentsOf: Array(repeating: copy, count: Int.random(in: 1...8, using: &rng)))
                } else if !items.isEmpty {
                    items.remove(at: Int.random(in: 0..<items.count, using: &rng))
                }
                return .array(items)
            }
            let i = Int.random(in: 0..<items.count, using: &rng)
            items[i] = mutate(items[i], &rng, depth: depth + 1)
            return .array(items)
        case .object(var members):
            if members.isEmpty || here {
                if Bool.random(using: &rng) || members.isEmpty {
                    let (k, value) = pool.randomElement(using: &rng)!
                    members.removeAll { $0.key == k }
                    members.append((k, value))
                } else {
                    members.remove(at: Int.random(in: 0..<members.count, using: &rng))
                }
                return .object(members)
            }
            let i = Int.random(in: 0..<members.count, using: &rng)
            members[i].value = mutate(members[i].value, &rng, depth: depth + 1)
            return .object(members)
        case .null:
            return v
        }
    }

    /// Writes the images the seeds and the pool name: a real 64×64 PNG, one whose header
    /// declares 20 000 × 20 000 pixels, one cut short, and one with only the signature.
    static func makeImages() throws -> String {
        var template = Array("/tmp/knob-prop.XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        let image = try ImageSurface(width: 64, height: 64)
        let ctx = DrawingContext(surface: image)
        ctx.addCircle(center: Point(x: 32, y: 32), radius: 30)
        ctx.setColor(Color(red: 0.8, green: 0.3, blue: 0.1, alpha: 1))
        ctx.fill()
        try image.writePNG(to: dir + "/knob.png")
        let fd = open(dir + "/knob.png", O_RDONLY)
        var good = [UInt8](repeating: 0, count: 1 << 16)
        let n = good.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        close(fd)
        good = Array(good[0..<n])
        func write(_ name: String, _ bytes: [UInt8]) {
            let fd = open(dir + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        var huge = good
        huge.replaceSubrange(16..<24, with: [0, 0, 0x4E, 0x20, 0, 0, 0x4E, 0x20])
        write("huge.png", huge)
        write("broken.png", Array(good[0..<(good.count / 2)]))
        write("signature.png", Array(good[0..<8]))
        return dir
    }

    /// A drag from the top of `frame` round three sides, then a wheel turn in its middle,
    /// with a frame rendered after each step.
    func drag(_ controller: PanelController, over frame: Rect) {
        func at(_ fx: Double, _ fy: Double) -> (Double, Double) { (frame.x + frame.width * fx, frame.y + frame.height * fy) }
        let (x0, y0) = at(0.5, 0.1)
        controller.deliver(InputEvent.touchDown(id: 0, x: x0, y: y0), at: 0.1)
        let path: [(Double, Double)] = [(0.4, 0.5), (0.5, 0.9), (0.1, 0.5), (0.5, 0.1)]
        for (i, (fx, fy)) in path.enumerated() {
            let t = 0.2 + 0.1 * Double(i)
            let (x, y) = at(fx, fy)
            controller.deliver(InputEvent.touchMotion(id: 0, x: x, y: y), at: t)
            controller.advance(to: t)
            controller.renderFrame(at: t)
        }
        let (cx, cy) = at(0.5, 0.5)
        controller.deliver(InputEvent.touchUp(id: 0), at: 0.7)
        controller.deliver(InputEvent.pointerMotion(x: cx, y: cy), at: 0.7)
        controller.deliver(InputEvent.wheel(delta: 1000), at: 0.7)
        controller.advance(to: 0.8)
        controller.renderFrame(at: 0.8)
    }

    @Test func everyAcceptedLayoutRenders() throws {
        let dir = try Self.makeImages()
        defer {
            for name in ["knob.png", "huge.png", "broken.png", "signature.png"] { unlink(dir + "/" + name) }
            rmdir(dir)
        }
        var rng = Rng(state: 0x6_2026)
        let trees = try Self.seeds.map { try JSONReader.parse($0).get().layoutValue }
        var accepted = 0, rejected = 0
        for iteration in 0..<400 {
            var tree = trees[iteration % trees.count]
            for _ in 0..<Int.random(in: 1...3, using: &rng) { tree = Self.mutate(tree, &rng) }
            let text = tree.jsonText
            guard case .success(let panel) = PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "m.json", baseDirectory: dir,
                                                                 imageDecoder: ImageSurface.decodingProblem(pngPath:)) else {
                rejected += 1
                continue
            }
            accepted += 1
            do {
                let controller = try PanelController(panel: panel, screenWidth: 160, screenHeight: 100)
                var lines: [String] = []
                controller.emit = { lines.append($0) }
                controller.renderFrame(at: 0)
                // A drag on the first knob, then a wheel turn: a frame at each step.
                // Every widget that takes touches gets a drag (at most three, to keep it quick).
                for widget in controller.scene.widgets.filter(\.acceptsFocus).prefix(3) {
                    drag(controller, over: widget.frame)
                }
                #expect(controller.compositor.recoveries == 0, "Cairo error for layout #\(iteration): \(text.prefix(400))")
                #expect(!lines.contains { $0.contains("null") }, "non-finite number for layout #\(iteration): \(lines.filter { $0.contains("null") }.prefix(2))")
            } catch {
                Issue.record("layout #\(iteration) passed the check but failed to render: \(error)\n\(text.prefix(600))")
            }
        }
        // The property says something only if both outcomes are common.
        #expect(accepted >= 60 && rejected >= 60, "accepted \(accepted), rejected \(rejected)")
    }
}
