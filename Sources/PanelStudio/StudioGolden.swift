import Graphics
import PanelCore
import PanelLayout
import PanelLoop
import PanelProtocol
import PanelSystem

/// "Save golden" (`POST /api/golden` with `{"name":NAME}`): the picture now as NAME.png and
/// the session as NAME.jsonl beside the panel file. The session is the flight recording (the
/// layout, the screen, the starting state and every input since), which
/// `knob-panel render --input NAME.jsonl --out X.png` replays offscreen to the same picture:
/// a golden test made by trying the panel in the browser.
package enum StudioGolden {
    /// Letters, digits, '-' and '_', 1 to 64 of them: a name, never a path.
    package static func isValidName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b == 0x2d || b == 0x5f
        }
    }

    /// Writes the recording now and the picture on the PNG thread; `later` gives where the
    /// answer goes once the PNG is written (nil is returned then).
    package static func save(_ body: String, controller: PanelController, worker: PNGWorker, panelPath: String, at time: Double,
                             later: () -> (HTTPResponse) -> Void) -> HTTPResponse? {
        guard case .success(let root) = JSONReader.parse(body), let name = root.member("name")?.value.stringValue, isValidName(name) else {
            return .failure(400, "golden: give {\"name\":NAME}, NAME of 1 to 64 letters, digits, '-' or '_'")
        }
        guard worker.hasRoom else { return .failure(503, "busy: \(worker.capacity) pictures are being encoded; try again") }
        let dir = FileReplacer.directory(of: panelPath)
        let png = dir + "/" + name + ".png", script = dir + "/" + name + ".jsonl"
        let image: CapturedImage
        do { image = try CapturedImage(controller.physicalFrame()) } catch { return .failure(500, "golden: \(error)") }
        let lines: Int
        switch controller.writeFlightDump(to: script, reason: "studio golden", at: time) {
        case .success(let d): lines = d.lines
        case .failure(let e): return .failure(500, "golden: \(e.description)")
        }
        let respond = later()
        _ = worker.submit(image, to: .file(png, .none)) { outcome in
            switch outcome {
            case .written, .data:
                var w = JSONLineWriter()
                w.add("ok", true); w.add("png", png); w.add("script", script); w.add("lines", lines)
                respond(.json(w.line))
            case .failed(let message): respond(.failure(500, "golden: \(message)"))
            }
        }
        return nil
    }
}
