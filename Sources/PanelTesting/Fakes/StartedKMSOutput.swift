import Graphics
import PanelSystem
import PanelDisplay

/// The state the buffer-swap and console-switch tests begin from: the fake GPU's first
/// connector at 800x600@60, started with a frame painted all red (0xFFFF0000), so buffer 100
/// is on screen (SetCrtc) and buffer 101 is the back buffer, still blank.
package struct StartedKMSOutput {
    package let device: FakeKMSDevice
    package let output: KMSOutput
    package let frame: ImageSurface
    /// Draws into `frame`, for the frames that follow the first.
    package let context: DrawingContext

    package init() throws {
        device = FakeKMSDevice.typical()
        output = try KMSOutput(device: device, connectorName: nil, modeRequest: ModeRequest("800x600")!)
        frame = try ImageSurface(width: 800, height: 600)
        context = DrawingContext(surface: frame)
        context.setColor(Color(red: 1, green: 0, blue: 0)); context.paint()
        try output.start(with: frame)
    }
}
