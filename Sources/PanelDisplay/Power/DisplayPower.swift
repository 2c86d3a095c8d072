import PanelCore
import PanelProtocol
/// Screen power on a KMS display: dims and switches off the backlight when there is one,
/// switches the connector off by DPMS where the driver has it; what neither can do is left to
/// the frame (`ScreenOutputAbilities`: darkened frame for dim, black frame for off).
public final class DisplayPower: ScreenLight {
    public let backlight: Backlight?
    private let device: (any DisplayPowerControl)?
    private let connector: UInt32
    private let dpms: UInt32?
    private var dpmsOff = false
    /// DPMS failures, one message each (the panel keeps running: the frame goes black instead).
    public private(set) var errors: [String] = []

    public convenience init(output: KMSOutput, backlight: Backlight?) {
        self.init(device: output.device, connector: output.connector, backlight: backlight)
    }

    /// For a connector of `device`, also one without a display yet (it comes with hotplug).
    public init(device kms: any KMSDevice, connector info: ConnectorInfo, backlight: Backlight?) {
        self.backlight = backlight
        device = kms as? any DisplayPowerControl
        connector = info.id
        dpms = device?.dpmsProperty(connector: info.id)
    }

    public var abilities: ScreenOutputAbilities {
        ScreenOutputAbilities(dims: backlight != nil, blanks: backlight != nil || dpms != nil)
    }

    /// How the screen is switched off, for the start-up note.
    public var description: String {
        let light = backlight.map { "backlight \($0.path)" } ?? "no backlight (dim darkens the frame)"
        return light + (dpms != nil ? ", DPMS" : ", no DPMS (off shows black)")
    }

    public func apply(_ state: ScreenState, brightness: Double) {
        backlight?.set(fraction: brightness)
        setDPMS(on: state != .off)
    }

    /// After a mode set on this connector (its display came back): the kernel switched it on,
    /// so the state is written again.
    public func modeWasSet(state: ScreenState, brightness: Double) {
        dpmsOff = false
        apply(state, brightness: brightness)
    }

    /// Back as found: full light, DPMS on (before the CRTC is restored). `dpms` false: the
    /// light only (switched away at exit: without DRM master DPMS is not ours to set).
    public func restore(dpms: Bool = true) {
        backlight?.restore()
        if dpms { setDPMS(on: true) }
    }

    /// The VT is switched away: the light as found, for the console. DPMS is left to the
    /// console's modeset (a modeset switches the connector on), so it counts as on from now:
    /// back on our VT with the screen off, it is switched off again.
    public func releaseToConsole() {
        backlight?.restore()
        dpmsOff = false
    }

    private func setDPMS(on: Bool) {
        guard let device, let dpms, dpmsOff == on else { return }
        do {
            try device.setDPMS(connector: connector, property: dpms, on: on)
            dpmsOff = !on
        } catch {
            errors.append(error.message)
        }
    }
}

extension DisplayPower {
    /// As the screen's light (a session without console rules, tests).
    public func screenChanged(to state: ScreenState, brightness: Double) { apply(state, brightness: brightness) }
}
