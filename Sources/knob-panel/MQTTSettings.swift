@preconcurrency import Glibc
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

/// `run --mqtt URL` and its companions: where the broker is, who the panel is on it, and
/// whether it announces itself to Home Assistant. Checked before anything is shown.
struct MQTTSettings {
    static let options: [OptionSpec] = [
        OptionSpec("mqtt", value: "url", help: "Connect to an MQTT broker: mqtt://HOST[:PORT] (1883) or mqtts://HOST[:PORT] (8883, needs --mqtt-ca). MQTT 5 (3.1.1 if the broker has no 5), messages over 64 KiB never read. Reconnects by itself."),
        OptionSpec("mqtt-ca", value: "file", help: "CA certificate (PEM) for mqtts://."),
        OptionSpec("mqtt-credentials", value: "file", help: "User name (first line) and password (second line); refused if group or others may read it."),
        OptionSpec("mqtt-id", value: "id", help: "MQTT client id, also Home Assistant's node id (unique ids, entity ids). PANEL-NAME-HASH: the panel name and 8 hex digits hashed from /etc/machine-id and the panel name (the host name where there is no machine id); renaming the host keeps the Home Assistant device.", default: "PANEL-NAME-HASH"),
        OptionSpec("mqtt-prefix", value: "topic", help: "Topic prefix.", default: "knob-panel/CLIENT-ID"),
        OptionSpec("mqtt-discovery", help: "Announce the panel to Home Assistant (MQTT discovery, retained)."),
        OptionSpec("mqtt-discovery-prefix", value: "topic", help: "Home Assistant's discovery prefix.", default: "homeassistant"),
        OptionSpec("mqtt-keepalive", value: "seconds", help: "MQTT keepalive, 5…3600 (libmosquitto refuses less); a broker or network that goes silent is noticed within 1.5 times this, then the panel reconnects.", default: "30"),
    ]

    var host: String
    var port: Int32
    var tls: Bool
    var caFile: String?
    var username: String?
    var password: String?
    var clientID: String?
    var prefix: String?
    var discovery = false
    var discoveryPrefix = "homeassistant"
    var keepalive: Int32 = 30

    /// nil without `--mqtt`; an error for a bad URL, missing CA or unsafe credentials file.
    static func parse(_ args: ParsedArguments) throws(UsageError) -> MQTTSettings? {
        guard let url = args.value("mqtt") else {
            for name in ["mqtt-ca", "mqtt-credentials", "mqtt-id", "mqtt-prefix", "mqtt-discovery-prefix", "mqtt-keepalive"] where args.value(name) != nil {
                throw UsageError("--\(name) needs --mqtt URL")
            }
            if args.flags.contains("mqtt-discovery") { throw UsageError("--mqtt-discovery needs --mqtt URL") }
            return nil
        }
        let tls: Bool
        var rest: Substring
        if url.hasPrefix("mqtt://") { tls = false; rest = url.dropFirst(7) }
        else if url.hasPrefix("mqtts://") { tls = true; rest = url.dropFirst(8) }
        else { throw UsageError("--mqtt expects mqtt://HOST[:PORT] or mqtts://HOST[:PORT], got '\(url)'") }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        if rest.contains("@") { throw UsageError("--mqtt: no user name or password in the URL (they would show in 'ps'); use --mqtt-credentials FILE") }
        var host = String(rest)
        var port: Int32 = tls ? 8883 : 1883
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let p = Int32(rest[rest.index(after: colon)...]), (1...65535).contains(p) else {
                throw UsageError("--mqtt: bad port in '\(url)'")
            }
            port = p
            host = String(rest[..<colon])
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { throw UsageError("--mqtt: no host in '\(url)'") }
        var s = MQTTSettings(host: host, port: port, tls: tls)
        s.caFile = args.value("mqtt-ca")
        if tls && s.caFile == nil { throw UsageError("mqtts:// needs --mqtt-ca FILE (the CA that signed the broker's certificate)") }
        if !tls && s.caFile != nil { throw UsageError("--mqtt-ca is for mqtts:// URLs") }
        if let path = args.value("mqtt-credentials") { (s.username, s.password) = try readCredentials(path) }
        s.clientID = args.value("mqtt-id")
        if let id = s.clientID, id.isEmpty || id.utf8.count > 128 { throw UsageError("--mqtt-id must be 1…128 bytes") }
        s.prefix = args.value("mqtt-prefix")
        if let p = s.prefix, p.isEmpty || p.contains("+") || p.contains("#") || p.hasSuffix("/") {
            throw UsageError("--mqtt-prefix must be a topic without '+', '#' or a trailing '/'")
        }
        s.discovery = args.flags.contains("mqtt-discovery")
        if let d = args.value("mqtt-discovery-prefix") {
            // Config topics are PREFIX/COMPONENT/NODE/OBJECT/config: a wildcard or an empty
            // level there announces nothing Home Assistant can subscribe to.
            guard !d.isEmpty, !d.contains("+"), !d.contains("#"), !d.hasPrefix("/"), !d.hasSuffix("/") else {
                throw UsageError("--mqtt-discovery-prefix must be a topic without '+', '#' or a leading or trailing '/'")
            }
            s.discoveryPrefix = d
        }
        if let k = args.value("mqtt-keepalive") {
            guard let n = Int32(k), (5...3600).contains(n) else { throw UsageError("--mqtt-keepalive expects whole seconds 5…3600, got '\(k)'") }
            s.keepalive = n
        }
        return s
    }

    /// First line the user name, second the password (a SecretFile: refused if others may read it).
    static func readCredentials(_ path: String) throws(UsageError) -> (String, String?) {
        let lines = try SecretFile.readLines(path, option: "mqtt-credentials", maxLines: 2)
        guard let user = lines.first, !user.isEmpty else { throw UsageError("--mqtt-credentials '\(path)': the first line must be the user name") }
        return (user, lines.count > 1 ? lines[1] : nil)
    }

    /// A C string in a buffer, up to its terminating zero.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Creates the client and bridge and joins them to the loop; connects in the background.
    func enable(services: PanelServices, panelName: String) throws(CommandFailure) {
        var hostname = [CChar](repeating: 0, count: 256)
        gethostname(&hostname, hostname.count - 1)
        let id = clientID ?? MQTTClientID.make(panelName: panelName, machineID: MQTTClientID.machineID(), hostName: Self.text(hostname))
        let prefix = self.prefix ?? "knob-panel/" + id
        var o = MQTTClient.Options(host: host, port: port, clientID: id)
        o.username = username
        o.password = password
        o.caFile = caFile
        o.keepalive = keepalive
        o.will = (prefix + "/status", "offline")
        // Pictures from topics (an image widget) are larger than any value: the broker may
        // send packets that large (MQTT 5's Maximum Packet Size is fixed at CONNECT).
        if let largest = services.controller.rawPayloadTopics.values.max() {
            o.maxPacketSize = Swift.max(o.maxPacketSize, UInt32(largest + 64 * 1024))
        }
        let client: MQTTClient
        do { client = try MQTTClient(options: o) } catch { throw CommandFailure(error.description) }
        client.report = { Console.note($0) }
        client.rawPayloadLimit = { [controller = services.controller] topic in controller.rawPayloadTopics[topic] }
        var bo = MQTTBridge.Options(prefix: prefix)
        if discovery {
            var d = HADiscovery(topicPrefix: prefix, nodeID: id, panelName: panelName, version: PanelVersion.current)
            d.discoveryPrefix = discoveryPrefix
            bo.discovery = d
        }
        let bridge = MQTTBridge(client: client, controller: services.controller, options: bo, report: { Console.note($0) })
        services.addEventSink(bridge)
        services.onShutdown.append { _ in bridge.close() }
        services.add(client)
        services.add(bridge)   // its deadline: states held during a drag, delayed clears
        Console.note("mqtt: \(tls ? "mqtts" : "mqtt")://\(host):\(port) as '\(id)', topics under \(prefix)\(discovery ? ", Home Assistant discovery under \(discoveryPrefix)" : "")")
        client.start(at: 0)
    }
}
