@preconcurrency import Glibc
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

/// The file `studio` starts from when the named panel does not exist yet: one page with a
/// title and one knob, small enough to read at a glance and valid as it is.
enum StarterPanel {
    static let text = """
    {
      "panel": "New panel",
      "size": [800, 480],
      "pages": [
        {
          "id": "main",
          "widgets": [
            { "id": "title", "type": "label", "text": "New panel", "fontSize": 32, "frame": [40, 24, 720, 56] },
            { "id": "level", "type": "knob", "label": "Level", "frame": [280, 100, 240, 320] }
          ]
        }
      ]
    }

    """

    static func createIfMissing(_ path: String) throws(CommandFailure) {
        var st = stat()
        guard lstat(path, &st) != 0, errno == ENOENT else { return }
        if case .failure(let e) = FileReplacer.replace(path, with: Array(text.utf8)) {
            throw CommandFailure("cannot create '\(path)': \(e)", status: ExitStatus.output)
        }
        Console.note("created '\(path)' with a starter panel")
    }
}
