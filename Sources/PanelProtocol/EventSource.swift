/// The `source` a widget's event carries: who made the change. One vocabulary for every
/// channel, so an integrator can tell a finger from its own command and from another
/// client's (docs/protocol.md, "Who changed it: `source`").
public enum EventSource: String, Sendable, CaseIterable {
    /// A touch, the mouse, a key, a wheel or an encoder on the panel (the studio's mouse too).
    case user
    /// A command on the panel's standard input (`run`).
    case stdin
    /// A command on the control socket (`run --ipc`, `knob-panel ctl`).
    case socket
    /// A command from the MQTT broker (`run --mqtt`, Home Assistant).
    case mqtt
    /// A command sent by the studio's page (`knob-panel studio`, `run --studio`).
    case studio
    /// A `command` line of an input script (`render --input`, `run --script`, a replayed recording).
    case script
    /// A command from no channel: the Swift API alone (`bench`, unit tests); never on `run`'s outputs.
    case program
}
