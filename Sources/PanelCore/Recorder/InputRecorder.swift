import Graphics
import PanelProtocol
import PanelSystem

/// `run --record FILE`: a field recording. Every input event the panel receives and every
/// command that changes something is written as an input-script line at the frame-clock time
/// it was delivered, so `render PANEL --input FILE` replays the device's session offscreen and
/// reaches the same widget states and final frame. Written live (in place, never through a
/// link; each loop turn's lines once its frame is queued, `flushPending`) so a recording
/// survives a crash or power cut, which is when it matters.
public final class InputRecorder {
    private let file: OutputFile
    public private(set) var linesWritten = 0

    /// - Parameter header: comment lines (`# ...`) about the session; scripts skip them.
    public init(file: OutputFile, header: [String] = []) {
        self.file = file
        for h in header { file.write("# " + h.replacingLineBreaks() + "\n") }
        file.flush()
    }

    public func record(_ event: InputEvent, at time: Double) {
        guard let line = InputScriptLine.line(event, at: time) else { return }
        write(line)
    }

    /// A command as it arrived. Commands without an effect on the picture (list, get,
    /// observe) are left out; screenshot and reload are kept as comments, since replaying
    /// them would write files or read a layout that may have changed since (so is `dump`).
    public func record(commandLine: String, command: PanelCommand, at time: Double) {
        switch command.action {
        case .list, .get, .getPanel, .observe:
            return
        case .screenshot, .reload, .dump:
            write("# " + InputScriptLine.line(command: commandLine, at: time).replacingLineBreaks())
        case .widget, .page, .drawer, .screen:
            write(InputScriptLine.line(command: commandLine, at: time))
        }
    }

    private var unflushed = false

    private func write(_ line: String) {
        file.write(line + "\n")
        unflushed = true
        linesWritten += 1
    }

    /// Writes the lines recorded since the last call: a crash a moment later still leaves
    /// them on disk.
    public func flushPending() {
        guard unflushed else { return }
        file.flush()
        unflushed = false
    }

    /// Ends the recording; reports a write that failed along the way.
    public func finish() throws(OutputFileError) { try file.commit() }
}

