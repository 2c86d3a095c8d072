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

/// `studio --listen ADDR` / `run --studio [ADDR]` and `--token-file`: where the studio
/// listens and its token. Loopback needs no token; any other address does.
struct StudioSettings {
    static let tokenOption = OptionSpec("token-file", value: "file", help: "The studio's access token (first line, 16-256 printable characters); required unless it listens on a loopback address (127.x.y.z). Refused if group or others may read it.")

    var options: StudioServer.Options

    static func parse(address text: String, tokenFile: String?) throws(UsageError) -> StudioSettings {
        guard let address = ListenAddress(text) else {
            throw UsageError("expected an IPv4 address and port such as 127.0.0.1:8080 or 0.0.0.0:8080, got '\(text)'")
        }
        var o = StudioServer.Options(address: address)
        if let tokenFile {
            let lines = try SecretFile.readLines(tokenFile, option: "token-file", maxLines: 1)
            guard let token = lines.first, StudioServer.isValidToken(token) else {
                throw UsageError("--token-file '\(tokenFile)': the first line must be the token: 16 to 256 printable ASCII characters without spaces, quotes, ',' or ';'")
            }
            o.token = token
        } else if !address.isLoopback {
            throw UsageError("the studio on \(address) would be reachable from other machines: give --token-file FILE (a secret only you can read), or listen on a loopback address such as 127.0.0.1")
        }
        return StudioSettings(options: o)
    }

    /// Starts the server in the panel's loop and says where it is.
    /// `headless`: no display, so the page's screen switcher may resize and turn the screen.
    func enable(services: PanelServices, panelPath: String, headless: Bool) throws(CommandFailure) {
        var options = options
        options.screenPreview = headless
        do {
            let server = try StudioServer(options: options, services: services, panelPath: panelPath, report: { Console.note($0) })
            Console.note("studio: \(server.url)\(options.token != nil ? " (token required: open \(server.url)?token=TOKEN once)" : "")")
            services.onShutdown.append { _ in
                let s = server.streamStatistics
                if s.frames > 0 { Console.note("studio: \(s.frames) frame updates, \(s.bytes) bytes sent to browsers") }
            }
        } catch {
            throw CommandFailure(error.description, status: Appliance.socketExitStatus)
        }
    }
}
