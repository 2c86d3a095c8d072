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

/// Exit statuses: zero means the job was done as asked; every cause of failure has its own
/// number, so a service manager or CI script can tell them apart (README, `help run`).
enum ExitStatus {
    static let failure: Int32 = 1        // invalid input: layout or script errors, problems found
    static let usage: Int32 = 64         // a wrong command line
    static let noInput: Int32 = 66       // an input file named on the command line cannot be read (sysexits.h EX_NOINPUT)
    static let output: Int32 = 74        // an output could not be written (PNG, events, stdout, logs)

    /// `run`: why no panel could be shown (or kept on) a display.
    static func display(_ kind: DisplayError.Kind) -> Int32 {
        switch kind {
        case .noDevice: return 10
        case .notKMSDevice: return 11
        case .permissionDenied: return 12
        case .masterHeld: return 13
        case .noConnectedConnector: return 14
        case .unknownConnector: return 15
        case .modeNotOffered: return 16
        case .system: return 17
        }
    }

    /// The table for `help run` and the README.
    static let runTable: [(Int32, String)] = [
        (0, "stopped as asked (SIGINT/SIGTERM, --exit-after), or rendered offscreen with --fallback png (SIGHUP reloads, it does not stop)"),
        (1, "the layout file has errors"),
        (10, "no DRM/KMS device: no /dev/dri/card*, or the --device path does not exist"),
        (11, "--device is not a KMS device (/dev/null, a regular file, a FIFO, a render-only node)"),
        (12, "permission denied on the device (root or the 'video' group needed)"),
        (13, "another program holds the display (DRM master: a compositor, X, another panel)"),
        (14, "no connected display on the device(s)"),
        (15, "no connector of the --connector name"),
        (16, "the --mode is not offered by the connector"),
        (17, "the display failed (a DRM call failed while starting or running)"),
        (64, "a wrong command line"),
        (66, "the layout file (or --input script) does not exist or cannot be read"),
        (74, "an output could not be written (stdout, --flip-log, --ready-file, the offscreen PNG)"),
    ]
}
