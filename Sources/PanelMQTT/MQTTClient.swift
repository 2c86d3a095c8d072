#if canImport(Glibc)
@preconcurrency import Glibc
#endif
import PanelProtocol
import CMosquitto
import PanelLoop
import PanelSystem

/// One connection to an MQTT broker through libmosquitto, driven by the panel's `PollLoop`:
/// the library's socket is watched like any other source (`POLLOUT` only while it has
/// something to write), and `mosquitto_loop_read/write/misc` run in the source's turn. No
/// thread, no busy loop: between packets the loop sleeps until the socket or the next
/// housekeeping/reconnect deadline.
///
/// libmosquitto's callbacks fire inside `loop_read`; they only queue what happened, and the
/// queue is handed to the owner after the call returns, so the owner may publish freely.
///
/// Nothing from the broker may balloon memory: the panel speaks MQTT 5 and says in CONNECT
/// that it takes packets of at most `maxPacketSize` bytes, so the broker drops a larger
/// message for us instead of sending it (libmosquitto would read it whole first); a broker
/// that speaks only 3.1.1 is used as such. Outgoing messages wait in an `MQTTOutbox`
/// (bounded, superseded state dropped) and only `maxInFlight` are handed to libmosquitto;
/// when the connection goes, everything queued for it is freed.
public final class MQTTClient: PollSource {
    public struct Options {
        public var host: String
        public var port: Int32
        public var clientID: String
        /// Seconds; a broker or network that goes silent is noticed within 1.5× this (and a
        /// CONNECT that gets no CONNACK within it is given up), then the client reconnects.
        public var keepalive: Int32 = 30
        public var username: String?
        public var password: String?
        /// `mqtts://`: the CA file that signs the broker's certificate.
        public var caFile: String?
        /// The last will (availability `offline`, retained).
        public var will: (topic: String, payload: String)?
        /// Reconnect delays: first, doubling up to `maxBackoff`.
        public var firstBackoff = 0.25
        public var maxBackoff = 10.0
        /// Payloads longer than this are dropped before they reach the owner.
        public var maxPayload = 4096
        /// MQTT 5 Maximum Packet Size (CONNECT): the broker discards, for this client, any
        /// message whose packet would be larger, so it is never read. Above `maxPayload`, so
        /// retained junk up to this size under the panel's topics still arrives to be cleared.
        public var maxPacketSize: UInt32 = 64 * 1024
        /// Messages handed to libmosquitto at once, until the broker acknowledges them.
        public var maxInFlight = 16
        /// Events (not retained) waiting in the outbox at most; state is one per topic.
        public var maxQueuedEvents = 256
        public init(host: String, port: Int32, clientID: String) {
            self.host = host; self.port = port; self.clientID = clientID
        }
    }

    public enum Happening {
        case connected
        case disconnected(String)
        case message(topic: String, payload: [UInt8], retained: Bool)
        case oversized(topic: String, bytes: Int, retained: Bool)
    }

    /// Topics whose payloads may be larger than `maxPayload` (an image widget's pictures),
    /// and how large; the bridge answers it from the panel's widgets, so a reload counts.
    public var rawPayloadLimit: (String) -> Int? = { _ in nil }

    /// Replaced (not reused) after a connection is lost: see `discardQueues`.
    private var mosq: OpaquePointer!
    private let options: Options
    /// MQTT 5 until a broker refuses it; then 3.1.1 for this client's life.
    private var protocolVersion = Int32(MQTT_PROTOCOL_V5)
    /// The TCP connect that precedes an MQTT 5 connection attempt (see TCPProbe).
    private var probe: TCPProbe?
    private var outbox: MQTTOutbox
    /// Messages libmosquitto holds that the broker has not acknowledged yet.
    private var inFlight = 0
    private var happened: [Happening] = []
    /// Called once per turn with what happened during it (connects, messages, drops).
    public var onHappenings: ([Happening], Double) -> Void = { _, _ in }
    public var report: (String) -> Void = { _ in }
    public private(set) var isConnected = false
    /// A connection attempt is under way (TCP or CONNACK pending).
    private var connecting = false
    private var reconnectAt: Double?
    private var backoff: ReconnectBackoff
    private var nextMisc: Double = 0
    private var everStarted = false
    public private(set) var connectCount = 0
    /// When the broker was last heard from (any bytes read), and when the attempt under
    /// way began: a connection that stays silent is abandoned (see `watchdog`).
    private var lastInbound = 0.0
    private var attemptStartedAt = 0.0
    /// The last error libmosquitto logged (OpenSSL's reason for a failed handshake).
    private var libraryError: String?
    private var lastFailure: String?
    /// How often `mosquitto_loop_misc` runs: often enough that its PINGREQ (due one
    /// keepalive after the last packet) leaves well before the watchdog's 1.5× limit.
    private var miscInterval: Double { Swift.min(1, Double(options.keepalive) / 8) }
    private var silenceLimit: Double { 1.5 * Double(options.keepalive) }

    public init(options: Options) throws(MQTTError) {
        self.options = options
        backoff = ReconnectBackoff(first: options.firstBackoff, cap: options.maxBackoff)
        outbox = MQTTOutbox(maxEvents: options.maxQueuedEvents)
        if let why = knob_mosquitto_load() {
            throw MQTTError("MQTT needs libmosquitto (Debian: libmosquitto1): \(String(cString: why))")
        }
        _ = knob_mosquitto_lib_init()
        mosq = try makeHandle()
    }

    /// A configured libmosquitto handle: options, credentials, TLS, will and callbacks.
    private func makeHandle() throws(MQTTError) -> OpaquePointer {
        guard let mosq = knob_mosquitto_new(options.clientID, true, nil) else {
            throw MQTTError("cannot create an MQTT client (mosquitto_new: \(String(cString: strerror(errno))))")
        }
        do { try configure(mosq) } catch { knob_mosquitto_destroy(mosq); throw error }
        return mosq
    }

    private func configure(_ mosq: OpaquePointer) throws(MQTTError) {
        knob_mosquitto_user_data_set(mosq, Unmanaged.passUnretained(self).toOpaque())
        _ = knob_mosquitto_int_option(mosq, MOSQ_OPT_PROTOCOL_VERSION, protocolVersion)
        _ = knob_mosquitto_int_option(mosq, MOSQ_OPT_TCP_NODELAY, 1)
        if let user = options.username {
            try check(knob_mosquitto_username_pw_set(mosq, user, options.password), "credentials")
        }
        if let ca = options.caFile {
            try check(knob_mosquitto_tls_set(mosq, ca, nil, nil, nil, nil), "TLS with CA file '\(ca)'")
        }
        if let will = options.will {
            let bytes = Array(will.payload.utf8)
            try check(knob_mosquitto_will_set(mosq, will.topic, Int32(bytes.count), bytes, 1, true), "last will")
        }
        knob_mosquitto_connect_callback_set(mosq) { _, obj, rc in
            MQTTClient.from(obj).connectResult(rc)
        }
        knob_mosquitto_message_callback_set(mosq) { _, obj, message in
            guard let message else { return }
            MQTTClient.from(obj).received(message.pointee)
        }
        knob_mosquitto_publish_callback_set(mosq) { _, obj, _ in
            let client = MQTTClient.from(obj)
            client.inFlight = Swift.max(0, client.inFlight - 1)
        }
        knob_mosquitto_log_callback_set(mosq) { _, obj, level, text in
            guard level & Int32(MOSQ_LOG_ERR) != 0, let text else { return }
            MQTTClient.from(obj).libraryError = String(cString: text)
        }
    }

    deinit {
        knob_mosquitto_destroy(mosq)
    }

    private static func from(_ obj: UnsafeMutableRawPointer?) -> MQTTClient {
        Unmanaged<MQTTClient>.fromOpaque(obj!).takeUnretainedValue()
    }

    private func check(_ rc: Int32, _ what: String) throws(MQTTError) {
        if rc != MOSQ_ERR_SUCCESS.rawValue { throw MQTTError("MQTT \(what): \(Self.describe(rc))") }
    }

    package static func describe(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_ERRNO.rawValue { return String(cString: strerror(errno)) }
        let text = String(cString: knob_mosquitto_strerror(rc))
        return text.hasPrefix("Unknown") ? "\(text) (libmosquitto error \(rc))" : text
    }

    // MARK: connection

    /// First connection attempt; a broker that is down is retried with backoff.
    public func start(at time: Double) {
        everStarted = true
        attempt(at: time)
    }

    private func attempt(at time: Double) {
        reconnectAt = nil
        if protocolVersion == Int32(MQTT_PROTOCOL_V5) {
            attemptStartedAt = time
            lastInbound = time
            nextMisc = time + miscInterval
            let p = TCPProbe(host: options.host, port: options.port)
            if case .failed(let why) = p.state { return scheduleReconnect(at: time, because: why) }
            probe = p
            connecting = true
            if p.state == .answered { connectV5(at: time) }
            return
        }
        // Non-blocking TCP connect: the CONNECT packet goes out when the socket is writable.
        // (The host name is resolved synchronously: use an address or a local resolver.)
        let rc = configured ? knob_mosquitto_reconnect_async(mosq)
                            : knob_mosquitto_connect_async(mosq, options.host, options.port, options.keepalive)
        configured = true
        if rc == MOSQ_ERR_SUCCESS.rawValue {
            connecting = true
            attemptStartedAt = time
            lastInbound = time
            nextMisc = time + miscInterval
        } else {
            scheduleReconnect(at: time, because: explain(rc))
        }
    }
    private var configured = false

    /// The probe answered: connect for real with the Maximum Packet Size in CONNECT (a
    /// blocking TCP connect in libmosquitto, but to an address that just answered).
    private func connectV5(at time: Double) {
        probe = nil
        var properties: OpaquePointer? = nil
        defer { knob_mosquitto_property_free_all(&properties) }
        _ = knob_mosquitto_property_add_int32(&properties, Int32(MQTT_PROP_MAXIMUM_PACKET_SIZE.rawValue), options.maxPacketSize)
        let rc = knob_mosquitto_connect_bind_v5(mosq, options.host, options.port, options.keepalive, nil, properties)
        configured = true
        if rc == MOSQ_ERR_SUCCESS.rawValue {
            connecting = true
        } else {
            scheduleReconnect(at: time, because: explain(rc))
        }
    }

    /// Frees everything queued for a connection that is gone. libmosquitto keeps every
    /// unacknowledged QoS 1 message to resend after a reconnect, without a limit; the panel
    /// publishes all its retained state again on every connect, so the handle is replaced
    /// instead, which frees them, and the freed pages go back to the system.
    private func discardQueues() {
        outbox.removeAll()
        inFlight = 0
        probe = nil
        guard configured else { return }
        do {
            let fresh = try makeHandle()
            knob_mosquitto_destroy(mosq)
            mosq = fresh
            configured = false
        } catch {
            report("mqtt: \(error.description); the old connection's queue stays until the next reconnect")
        }
        FreedMemory.release()
    }

    private func scheduleReconnect(at time: Double, because reason: String) {
        libraryError = nil
        connecting = false
        isConnected = false
        discardQueues()
        let delay = backoff.next()
        reconnectAt = time + delay
        // The reason once; the same reason again is a short line (a wrong CA fails forever).
        let why = reason == lastFailure ? "still unavailable, same reason" : "unavailable (\(reason))"
        lastFailure = reason
        report("mqtt: \(options.host):\(options.port) \(why); retrying in \(JSONLineWriter.number(delay)) s")
    }

    private func connectResult(_ rc: Int32) {
        if rc == 0 {
            isConnected = true
            connecting = false
            backoff.reset()
            lastFailure = nil
            connectCount += 1
            happened.append(.connected)
        } else if protocolVersion == Int32(MQTT_PROTOCOL_V5)
                    && (rc == Int32(MQTT_RC_UNSUPPORTED_PROTOCOL_VERSION.rawValue) || rc == 1) {
            // A broker that speaks only 3.1.1 (MQTT 3's "unacceptable protocol version"):
            // use that from now on, without the Maximum Packet Size it cannot take.
            protocolVersion = Int32(MQTT_PROTOCOL_V311)
            report("mqtt: the broker does not speak MQTT 5; using 3.1.1 (a message is then read whole before its size is checked)")
        } else {
            // Refused by the broker (bad credentials, not authorised): libmosquitto closes.
            let why = rc >= 128 ? knob_mosquitto_reason_string(rc) : knob_mosquitto_connack_string(rc)
            happened.append(.disconnected("broker refused the connection: \(String(cString: why!))"))
        }
    }

    private func received(_ m: mosquitto_message) {
        let topic = String(cString: m.topic)
        let n = Int(m.payloadlen)
        if n > (rawPayloadLimit(topic).map { Swift.max($0, options.maxPayload) } ?? options.maxPayload) {
            happened.append(.oversized(topic: topic, bytes: n, retained: m.retain))
            return
        }
        var bytes = [UInt8](repeating: 0, count: n)
        if n > 0, let p = m.payload { bytes.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(start: p, count: n)) } }
        happened.append(.message(topic: topic, payload: bytes, retained: m.retain))
    }

    // MARK: publishing

    /// Queues a message (QoS 1) in the outbox; returns false when not connected (the owner
    /// republishes retained state on the next connect anyway). A retained message replaces
    /// the one of its topic still waiting.
    @discardableResult
    public func publish(_ topic: String, _ payload: String, retain: Bool) -> Bool {
        guard isConnected else { return false }
        outbox.add(.init(topic: topic, payload: Array(payload.utf8), retain: retain))
        pump(limit: options.maxInFlight)
        return true
    }

    /// Messages waiting in the outbox, and what it dropped (superseded state, old events).
    public var queued: (messages: Int, bytes: Int, superseded: Int, droppedEvents: Int) {
        (outbox.count, outbox.bytes, outbox.superseded, outbox.droppedEvents)
    }

    /// Hands libmosquitto messages from the outbox while fewer than `limit` are unacknowledged.
    private func pump(limit: Int) {
        while isConnected, inFlight < limit, let m = outbox.next() {
            let rc = knob_mosquitto_publish(mosq, nil, m.topic, Int32(m.payload.count), m.payload, 1, m.retain)
            if rc == MOSQ_ERR_SUCCESS.rawValue { inFlight += 1 }
        }
    }

    public func subscribe(_ pattern: String) {
        _ = knob_mosquitto_subscribe(mosq, nil, pattern, 1)
    }

    public func unsubscribe(_ pattern: String) {
        _ = knob_mosquitto_unsubscribe(mosq, nil, pattern)
    }

    /// Clean shutdown: publishes `payload` to the will topic (a clean disconnect suppresses
    /// the will) and flushes it, waiting at most `seconds`.
    public func close(finalStatus payload: String?, seconds: Double = 1) {
        guard isConnected else { return }
        if let payload, let will = options.will { publish(will.topic, payload, retain: true) }
        pump(limit: .max)   // what is still waiting goes too (bounded: one per topic, few events)
        var waited = 0.0
        while knob_mosquitto_want_write(mosq) && waited < seconds {
            var p = pollfd(fd: knob_mosquitto_socket(mosq), events: Int16(POLLOUT), revents: 0)
            _ = poll(&p, 1, 50)
            _ = knob_mosquitto_loop_write(mosq, 1)
            waited += 0.05
        }
        _ = knob_mosquitto_disconnect(mosq)
        isConnected = false
    }

    // MARK: PollSource

    public var pollRequests: [PollRequest] {
        if let probe { return probe.fd >= 0 ? [PollRequest(fd: probe.fd, events: Int16(POLLOUT))] : [] }
        let fd = knob_mosquitto_socket(mosq)
        guard fd >= 0, reconnectAt == nil else { return [] }
        var events = Int16(POLLIN)
        if knob_mosquitto_want_write(mosq) { events |= Int16(POLLOUT) }
        return [PollRequest(fd: fd, events: events)]
    }

    public var hasPendingWork: Bool { !happened.isEmpty }
    public var isFinished: Bool { false }

    public var deadline: Double? {
        if let reconnectAt { return reconnectAt }
        if probe != nil { return attemptStartedAt + Double(options.keepalive) }
        guard knob_mosquitto_socket(mosq) >= 0 else { return nil }
        if isConnected { return Swift.min(nextMisc, lastInbound + silenceLimit) }
        if connecting { return Swift.min(nextMisc, attemptStartedAt + Double(options.keepalive)) }
        return nextMisc
    }

    public func service(_ revents: [Int16], at time: Double) {
        if let due = reconnectAt {
            if time >= due { attempt(at: time) }
            deliver(at: time)
            return
        }
        if let probe {
            probe.check()
            switch probe.state {
            case .answered: connectV5(at: time)
            case .failed(let why): scheduleReconnect(at: time, because: why)
            case .pending:
                if time - attemptStartedAt >= Double(options.keepalive) {
                    scheduleReconnect(at: time, because: "no answer to the TCP connect within \(options.keepalive) s")
                }
            }
            deliver(at: time)
            return
        }
        let r = revents.first ?? 0
        var rc = Int32(MOSQ_ERR_SUCCESS.rawValue)
        if r & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            rc = knob_mosquitto_loop_read(mosq, 1)
            if rc == MOSQ_ERR_SUCCESS.rawValue { lastInbound = time }
        }
        if rc == MOSQ_ERR_SUCCESS.rawValue, r & Int16(POLLOUT) != 0 { rc = knob_mosquitto_loop_write(mosq, 1) }
        if rc == MOSQ_ERR_SUCCESS.rawValue, time >= nextMisc {
            // Keepalive pings and retries (libmosquitto sends PINGREQ one keepalive after
            // the last packet and gives up one more keepalive later; the watchdog is faster).
            rc = knob_mosquitto_loop_misc(mosq)
            nextMisc = time + miscInterval
        }
        if rc != MOSQ_ERR_SUCCESS.rawValue || (knob_mosquitto_socket(mosq) < 0 && everStarted) {
            let reason = rc == MOSQ_ERR_SUCCESS.rawValue ? "connection closed" : explain(rc)
            if isConnected { happened.append(.disconnected(reason)) }
            scheduleReconnect(at: time, because: reason)
        } else if let silence = watchdog(at: time) {
            if isConnected { happened.append(.disconnected(silence)) }
            abandonConnection()
            scheduleReconnect(at: time, because: silence)
        } else {
            pump(limit: options.maxInFlight)   // acknowledgements read above made room
        }
        deliver(at: time)
    }

    /// Why the connection counts as dead though the socket is open: nothing heard for 1.5×
    /// the keepalive (a healthy broker answers the PINGREQ sent after one keepalive), or no
    /// CONNACK within one keepalive. A network that drops packets without a reset looks
    /// exactly like this; TCP alone would notice only after many minutes.
    private func watchdog(at time: Double) -> String? {
        if isConnected, time - lastInbound >= silenceLimit {
            return "nothing heard from the broker for \(JSONLineWriter.number(time - lastInbound)) s (keepalive \(options.keepalive) s): connection given up"
        }
        if connecting, !isConnected, time - attemptStartedAt >= Double(options.keepalive) {
            return "no answer to CONNECT within \(options.keepalive) s"
        }
        return nil
    }

    /// Closes a connection that is open but dead: no DISCONNECT (it would not arrive, and
    /// the broker should publish our last will when it notices).
    private func abandonConnection() {
        let fd = knob_mosquitto_socket(mosq)
        if fd >= 0 {
            _ = shutdown(fd, Int32(SHUT_RDWR))
            _ = knob_mosquitto_loop_read(mosq, 1)   // reads end-of-file: libmosquitto closes its socket
        }
        isConnected = false
    }

    /// An error code with what it means here; a TLS failure names OpenSSL's reason.
    private func explain(_ rc: Int32) -> String {
        if rc == MOSQ_ERR_KEEPALIVE.rawValue {
            // libmosquitto's own keepalive check (it names it "Unknown error." in 2.0.11).
            return isConnected ? "no reply to PINGREQ within the keepalive (\(options.keepalive) s)"
                               : "no answer to CONNECT within \(options.keepalive) s"
        }
        guard rc == MOSQ_ERR_TLS.rawValue else { return Self.describe(rc) }
        let why = libraryError.map { ": " + $0 } ?? ""
        return "TLS handshake failed\(why) (is --mqtt-ca the CA that signed the broker's certificate, and does the certificate name '\(options.host)'?)"
    }

    private func deliver(at time: Double) {
        guard !happened.isEmpty else { return }
        let batch = happened
        happened = []
        onHappenings(batch, time)
    }
}

public struct MQTTError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}
