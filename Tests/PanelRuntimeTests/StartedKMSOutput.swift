import Graphics
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

/// The state the buffer-swap and console-switch tests begin from: the fake GPU's first
/// connector at 800x600@60, started with a frame painted all red (0xFFFF0000), so buffer 100
/// is on screen (SetCrtc) and buffer 101 is the back buffer, still blank.
struct StartedKMSOutput {
    let device: FakeKMSDevice
    let output: KMSOutput
    let frame: ImageSurface
    /// Draws into `frame`, for the frames that follow the first.
    let context: DrawingContext

    init() throws {
        device = FakeKMSDevice.typical()
        output = try KMSOutput(device: device, connectorName: nil, modeRequest: ModeRequest("800x600")!)
        frame = try ImageSurface(width: 800, height: 600)
        context = DrawingContext(surface: frame)
        context.setColor(Color(red: 1, green: 0, blue: 0)); context.paint()
        try output.start(with: frame)
    }
}
