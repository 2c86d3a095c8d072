import PanelCore
import PanelDisplay
import PanelLayout
import PanelLoop

/// Reads `screen.brightness.ambient`'s sensor for the panel: a loop source with only a
/// deadline, every `BrightnessSpec.pollInterval` seconds while the screen is lit and the
/// layout names a sensor; no deadline at all (no wake-ups) while the screen is off or there
/// is no sensor. The sensor is looked up again when the layout names another (a reload).
public final class AmbientLightSource: PollSource {
    private unowned let controller: PanelController
    private let sysfsRoot: String
    private let report: (String) -> Void
    private var sensor: AmbientLightSensor?
    private var lookedUp: String?
    private var nextReading = -Double.infinity
    /// The last problem reported (each new one is logged once, not at every reading).
    private var lastProblem: String?
    public private(set) var readings = 0

    public init(controller: PanelController, sysfsRoot: String, report: @escaping (String) -> Void) {
        self.controller = controller
        self.sysfsRoot = sysfsRoot
        self.report = report
    }

    public var pollRequests: [PollRequest] { [] }
    public var hasPendingWork: Bool { false }
    public var isFinished: Bool { false }
    public var deadline: Double? { controller.ambientSensorWanted == nil ? nil : nextReading }

    public func service(_ revents: [Int16], at time: Double) {
        guard let name = controller.ambientSensorWanted, time >= nextReading else { return }
        nextReading = time + BrightnessSpec.pollInterval
        if lookedUp != name {
            lookedUp = name
            sensor = AmbientLightSensor.find(name, sysfsRoot: sysfsRoot)
            if let sensor { report("ambient light: \(sensor.directory), every \(Int(BrightnessSpec.pollInterval)) s while the screen is lit") }
        }
        guard let sensor else { return problem("ambient light: no IIO light sensor '\(name)' under \(sysfsRoot)/sys/bus/iio/devices; the level follows the schedule alone") }
        switch sensor.read() {
        case .success(let lux):
            readings += 1
            lastProblem = nil
            controller.ambientLight(lux: lux, at: time)
        case .failure(let why): problem("ambient light: \(why.reason)")
        }
    }

    private func problem(_ text: String) {
        guard text != lastProblem else { return }
        lastProblem = text
        report(text)
    }
}
