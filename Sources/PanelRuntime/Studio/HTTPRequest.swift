/// One HTTP/1.1 request as the studio's server understands it: a method, a target split into
/// path and query, headers (names lower-cased, each at most once except cookies), a body.
struct HTTPRequest {
    var method: String
    var path: String
    var query: [String: String]
    var version: String
    var headers: [String: String]
    var body: [UInt8]

    func header(_ name: String) -> String? { headers[name] }

    /// HTTP/1.1 keeps the connection unless asked not to; HTTP/1.0 closes it.
    var keepAlive: Bool {
        let c = headers["connection"]?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !c.contains("close") : c.contains("keep-alive")
    }

    /// A cookie's value from the `Cookie` header.
    func cookie(_ name: String) -> String? {
        guard let line = headers["cookie"] else { return nil }
        for part in line.split(separator: ";") {
            let kv = part.trimmingSpaces.split(separator: "=", maxSplits: 1)
            if kv.count == 2, kv[0] == name { return String(kv[1]) }
        }
        return nil
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// The limits every request is held to (the control socket's rules: every buffer capped).
struct HTTPLimits {
    var requestLine = 8 * 1024
    var headerBytes = 16 * 1024
    var headerCount = 64
    var body = 1024 * 1024
}

/// Why a request was refused: the status and a one-line reason for the body.
struct HTTPFailure: Error {
    var status: Int
    var reason: String
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
