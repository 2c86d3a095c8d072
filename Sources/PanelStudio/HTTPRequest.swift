/// One HTTP/1.1 request as the studio's server understands it: a method, a target split into
/// path and query, headers (names lower-cased, each at most once except cookies), a body.
package struct HTTPRequest {
    package var method: String
    package var path: String
    package var query: [String: String]
    package var version: String
    package var headers: [String: String]
    package var body: [UInt8]

    package func header(_ name: String) -> String? { headers[name] }

    /// HTTP/1.1 keeps the connection unless asked not to; HTTP/1.0 closes it.
    package var keepAlive: Bool {
        let c = headers["connection"]?.lowercased() ?? ""
        return version == "HTTP/1.1" ? !c.contains("close") : c.contains("keep-alive")
    }

    /// A cookie's value from the `Cookie` header.
    package func cookie(_ name: String) -> String? {
        guard let line = headers["cookie"] else { return nil }
        for part in line.split(separator: ";") {
            let kv = part.trimmingSpaces.split(separator: "=", maxSplits: 1)
            if kv.count == 2, kv[0] == name { return String(kv[1]) }
        }
        return nil
    }

    package var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// The limits every request is held to (the control socket's rules: every buffer capped).
package struct HTTPLimits {
    package var requestLine = 8 * 1024
    package var headerBytes = 16 * 1024
    package var headerCount = 64
    package var body = 1024 * 1024
}

/// Why a request was refused: the status and a one-line reason for the body.
package struct HTTPFailure: Error {
    package var status: Int
    package var reason: String
}

extension StringProtocol {
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s.removeFirst() }
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return String(s)
    }
}
