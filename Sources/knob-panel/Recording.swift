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
import Graphics

/// `run --record FILE` (display and headless): opens the live recording and says how to
/// replay it.
enum Recording {
    static let option = OptionSpec("record", value: "jsonl", help: "Record every input event and command as an input script (frame-clock times), written live; 'render PANEL --input FILE --size WxH' replays it.")

    static func start(_ args: ParsedArguments, controller: PanelController, panelPath: String, width: Int, height: Int) throws(CommandFailure) -> InputRecorder? {
        guard let path = args.value("record") else { return nil }
        let file: OutputFile
        do { file = try OutputFile(path: path, live: true, special: .devices) }
        catch { throw CommandFailure(error.description, status: ExitStatus.output) }
        let recorder = InputRecorder(file: file, header: [
            "knob-panel field recording of \(panelPath) on a \(width)x\(height) screen; times are the frame clock, positions design pixels",
            "replay: knob-panel render \(panelPath) --size \(width)x\(height) --input \(path) --out final.png",
        ])
        controller.recorder = recorder
        return recorder
    }

    /// Commits the recording; a write that failed is returned as a message.
    static func finish(_ recorder: InputRecorder?) -> [String] {
        guard let recorder else { return [] }
        do { try recorder.finish(); return [] } catch { return [error.description] }
    }
}
