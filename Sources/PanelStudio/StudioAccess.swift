/// Who may use the studio, checked on every request before anything else runs.
///
/// - Bound to loopback: only this machine can connect, but any web page open in this
///   machine's browser can make the browser connect. So the `Host` header must name the
///   loopback address (a DNS-rebinding page arrives with its own host name), and every POST
///   must carry `X-Knob-Studio: 1`, a header another site's page cannot add without a CORS
///   preflight this server never grants (and its `Origin`, if sent, must be ours).
/// - Any other address: a token is required on every request (`--token-file`): the
///   `X-Knob-Studio-Token` header, `Authorization: Bearer TOKEN`, or the cookie set by a
///   first visit to `/?token=TOKEN` (which then redirects to drop the token from the address
///   bar and history). The POST rules above apply too.
package struct StudioAccess {
    package enum Decision {
        case allow
        /// The token came in the query: set the cookie and send the browser to `location`.
        case redirect(location: String, cookie: String)
        case deny(HTTPFailure)
    }

    package static let cookieName = "knob_studio"
    package static let postHeader = "x-knob-studio"

    package let token: String?
    package let loopbackOnly: Bool
    package let port: UInt16

    package func check(_ request: HTTPRequest) -> Decision {
        if loopbackOnly {
            guard let host = request.header("host"), allowsHost(host.lowercased()) else {
                return .deny(HTTPFailure(status: 403, reason: "Host must be a loopback address with the port (127.0.0.1:\(port), any 127.x.y.z:\(port), localhost:\(port)) (DNS rebinding protection)"))
            }
        }
        if request.method == "POST" {
            guard request.header(Self.postHeader) == "1" else {
                return .deny(HTTPFailure(status: 403, reason: "POST requests need the header X-Knob-Studio: 1"))
            }
            if let origin = request.header("origin"), let host = request.header("host"), origin != "http://" + host {
                return .deny(HTTPFailure(status: 403, reason: "cross-origin request refused"))
            }
        }
        guard let token else { return .allow }
        if let given = request.header("x-knob-studio-token") ?? bearer(request) ?? request.cookie(Self.cookieName),
           Self.equal(given, token) {
            return .allow
        }
        if request.method == "GET", let given = request.query["token"], Self.equal(given, token) {
            let cookie = "\(Self.cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
            return .redirect(location: request.path, cookie: cookie)
        }
        return .deny(HTTPFailure(status: 401, reason: "a token is required: open /?token=TOKEN once, or send X-Knob-Studio-Token"))
    }

    /// One rule with `ListenAddress.isLoopback`: every 127.0.0.0/8 address is this machine,
    /// so a Host naming any of them (or localhost) is no rebinding page, whichever one the
    /// studio listens on (`--listen 127.0.0.2` works without a token, as documented).
    private func allowsHost(_ host: String) -> Bool {
        var name = Substring(host)
        if name.hasSuffix(":\(port)") { name = name.dropLast(":\(port)".count) } else if port != 80 { return false }
        if name == "localhost" || name == "[::1]" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127"
            && parts.allSatisfy { $0.count <= 3 && UInt8($0) != nil && ($0 == "0" || !$0.hasPrefix("0")) }
    }

    private func bearer(_ request: HTTPRequest) -> String? {
        // RFC 7235: the scheme is case-insensitive ("bearer", "BEARER").
        guard let a = request.header("authorization"), a.count > 7, a.prefix(7).lowercased() == "bearer " else { return nil }
        return String(a.dropFirst(7)).trimmingSpaces
    }

    /// Compares in time independent of where the strings differ (no timing oracle).
    package static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        var diff = UInt8(x.count == y.count ? 0 : 1)
        for i in 0..<Swift.max(x.count, y.count) {
            diff |= (i < x.count ? x[i] : 0) ^ (i < y.count ? y[i] : 0)
        }
        return diff == 0
    }

    /// A token is printable ASCII without spaces or cookie separators, 16 to 256 bytes.
    package static func validToken(_ t: String) -> Bool {
        (16...256).contains(t.utf8.count) && t.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
}
