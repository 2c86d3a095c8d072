import PanelRuntime

enum DevicesCommand {
    static let spec = CommandSpec(
        name: "devices", abstract: "List DRM devices, their connectors (connected or not) and modes.",
        usage: "devices", arguments: [], options: [])

    static func run(_ args: ParsedArguments) throws(CommandFailure) {
        let paths = DRMDevice.candidatePaths()
        if paths.isEmpty {
            Console.out("no DRM devices: /dev/dri/card* not found (no KMS display on this machine)")
            return
        }
        for path in paths {
            do {
                let device = try DRMDevice(path: path)
                Console.out(path + (device.isMaster ? "" : "  (DRM master held elsewhere or not granted)"))
                for c in try device.connectors() {
                    Console.out("  \(c.name): \(c.isConnected ? "connected" : "disconnected")")
                    for m in c.modes { Console.out("    \(m)\(m.isPreferred ? "  preferred" : "")") }
                }
            } catch {
                Console.out("\(path): \(error.message)")
            }
        }
    }
}
