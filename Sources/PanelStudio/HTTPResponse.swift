import PanelProtocol
/// A response of the studio's server. Every response carries the same security headers: the
/// page must not be framed by another site (clickjacking: `X-Frame-Options` and CSP
/// `frame-ancestors`), may load nothing from anywhere else (`default-src 'self'`), and is
/// never cached (frames and files change under it).
package struct HTTPResponse {
    package var status: Int
    package var contentType: String
    package var body: [UInt8]
    package var extraHeaders: [(String, String)] = []
    /// Close the connection after this response (errors, HTTP/1.0).
    package var close = false

    package init(status: Int, contentType: String, body: [UInt8], extraHeaders: [(String, String)] = []) {
        self.status = status; self.contentType = contentType; self.body = body; self.extraHeaders = extraHeaders
    }

    package init(status: Int, contentType: String, text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    package static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, contentType: "application/json; charset=utf-8", text: text)
    }

    /// An error: `{"ok":false,"error":REASON}`, and the connection closes.
    package static func failure(_ status: Int, _ reason: String) -> HTTPResponse {
        var w = JSONLineWriter()
        w.add("ok", false); w.add("status", status); w.add("error", reason)
        var r = json(w.line, status: status)
        r.close = status >= 400 && status != 404 && status != 422
        return r
    }

    package static let securityHeaders: [(String, String)] = [
        ("X-Frame-Options", "DENY"),
        ("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Cache-Control", "no-store"),
    ]

    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 303: return "See Other"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Status"
        }
    }

    /// The head (status line and headers); `streaming` leaves out the length (Server-Sent Events).
    package func head(streaming: Bool = false, keepAlive: Bool) -> [UInt8] {
        var s = "HTTP/1.1 \(status) \(Self.reason(status))\r\nContent-Type: \(contentType)\r\n"
        if !streaming { s += "Content-Length: \(body.count)\r\n" }
        for (k, v) in Self.securityHeaders + extraHeaders { s += "\(k): \(v)\r\n" }
        s += keepAlive && !close ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        s += "\r\n"
        return Array(s.utf8)
    }
}
