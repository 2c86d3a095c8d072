/// A strict reader of HTTP/1.1 requests from bytes as they arrive (non-blocking sockets give
/// them in any pieces). Strict on purpose: lines end in CRLF, one Host, a Content-Length of
/// digits only, no Transfer-Encoding (no chunked bodies: nothing here needs them), no header
/// folding, only visible ASCII in the target. Anything else is a 4xx/5xx, never a guess, so a
/// proxy in front and this server cannot disagree about where a request ends.
package enum HTTPRequestParser {
    package enum Outcome {
        /// Not enough bytes yet.
        case incomplete
        /// A whole request, and how many bytes of the buffer it used.
        case request(HTTPRequest, consumed: Int)
        case failure(HTTPFailure)
    }

    package static let methods: Set<String> = ["GET", "HEAD", "POST"]

    /// Reads one request from `buffer[start...]`.
    package static func parse(_ buffer: [UInt8], from start: Int, limits: HTTPLimits) -> Outcome {
        let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        // Find the end of the head (CRLF CRLF) within the limit.
        var i = start
        var headEnd: Int?
        var lineStart = start
        var firstLineEnd: Int?
        let scanLimit = Swift.min(buffer.count, start + limits.headerBytes + limits.requestLine)
        while i < scanLimit {
            if buffer[i] == lf {
                guard i > start, buffer[i - 1] == cr else { return .failure(HTTPFailure(status: 400, reason: "lines must end in CRLF")) }
                if firstLineEnd == nil {
                    firstLineEnd = i
                } else if i - 1 == lineStart {
                    headEnd = i + 1
                    break
                }
                lineStart = i + 1
            }
            if firstLineEnd == nil && i - start >= limits.requestLine {
                return .failure(HTTPFailure(status: 414, reason: "request line longer than \(limits.requestLine) bytes"))
            }
            i += 1
        }
        guard let headEnd, let firstLineEnd else {
            if firstLineEnd == nil && buffer.count - start > limits.requestLine {
                return .failure(HTTPFailure(status: 414, reason: "request line longer than \(limits.requestLine) bytes"))
            }
            if buffer.count - start >= limits.headerBytes + limits.requestLine || (firstLineEnd.map { buffer.count - $0 > limits.headerBytes } ?? false) {
                return .failure(HTTPFailure(status: 431, reason: "headers longer than \(limits.headerBytes) bytes"))
            }
            return .incomplete
        }
        if headEnd - firstLineEnd > limits.headerBytes {
            return .failure(HTTPFailure(status: 431, reason: "headers longer than \(limits.headerBytes) bytes"))
        }
        // Request line: METHOD SP TARGET SP VERSION
        let requestLine = buffer[start..<(firstLineEnd - 1)]
        let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            return .failure(HTTPFailure(status: 400, reason: "malformed request line"))
        }
        let method = String(decoding: parts[0], as: UTF8.self)
        let target = parts[1]
        let version = String(decoding: parts[2], as: UTF8.self)
        guard method.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
            return .failure(HTTPFailure(status: 400, reason: "malformed method"))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(HTTPFailure(status: version.hasPrefix("HTTP/") ? 505 : 400, reason: "only HTTP/1.1 and HTTP/1.0"))
        }
        guard target.first == UInt8(ascii: "/"), target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(HTTPFailure(status: 400, reason: "the target must be a path of visible ASCII characters"))
        }
        // Headers.
        var headers: [String: String] = [:]
        var count = 0
        var p = firstLineEnd + 1
        while p < headEnd - 2 {
            var e = p
            while buffer[e] != lf { e += 1 }
            let line = buffer[p..<(e - 1)]
            p = e + 1
            count += 1
            if count > limits.headerCount { return .failure(HTTPFailure(status: 431, reason: "more than \(limits.headerCount) headers")) }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                return .failure(HTTPFailure(status: 400, reason: "malformed header line"))
            }
            let nameBytes = line[line.startIndex..<colon]
            guard nameBytes.allSatisfy(isTokenByte) else {
                // Also refuses whitespace before the colon and folded continuation lines.
                return .failure(HTTPFailure(status: 400, reason: "malformed header name"))
            }
            let valueBytes = line[(colon + 1)...]
            guard valueBytes.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
                return .failure(HTTPFailure(status: 400, reason: "control characters in a header value"))
            }
            let name = String(decoding: nameBytes, as: UTF8.self).lowercased()
            let value = String(decoding: valueBytes, as: UTF8.self).trimmingSpaces
            if let old = headers[name] {
                guard name == "cookie" else { return .failure(HTTPFailure(status: 400, reason: "header '\(name)' given twice")) }
                headers[name] = old + "; " + value
            } else {
                headers[name] = value
            }
        }
        if version == "HTTP/1.1" && headers["host"] == nil { return .failure(HTTPFailure(status: 400, reason: "no Host header")) }
        if headers["transfer-encoding"] != nil { return .failure(HTTPFailure(status: 501, reason: "Transfer-Encoding is not supported; send Content-Length")) }
        var length = 0
        if let cl = headers["content-length"] {
            guard !cl.isEmpty, cl.utf8.count <= 12, cl.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let n = Int(cl) else {
                return .failure(HTTPFailure(status: 400, reason: "malformed Content-Length"))
            }
            length = n
        } else if method == "POST" {
            return .failure(HTTPFailure(status: 411, reason: "POST needs a Content-Length"))
        }
        guard methods.contains(method) else { return .failure(HTTPFailure(status: 405, reason: "method \(method) not allowed (GET, HEAD, POST)")) }
        if length > limits.body { return .failure(HTTPFailure(status: 413, reason: "body larger than \(limits.body) bytes")) }
        guard buffer.count - headEnd >= length else { return .incomplete }
        let (path, query) = splitTarget(String(decoding: target, as: UTF8.self))
        let request = HTTPRequest(method: method, path: path, query: query, version: version, headers: headers,
                                  body: Array(buffer[headEnd..<(headEnd + length)]))
        return .request(request, consumed: headEnd + length - start)
    }

    /// RFC 9110 token characters.
    package static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return true
        default: return "!#$%&'*+-.^_`|~".utf8.contains(b)
        }
    }

    package static func splitTarget(_ target: String) -> (String, [String: String]) {
        guard let q = target.firstIndex(of: "?") else { return (target, [:]) }
        var query: [String: String] = [:]
        for pair in target[target.index(after: q)...].split(separator: "&") {
            // Empty parts kept: a pair "=" or "=v" has an empty name (omitting it left no
            // element at all, and `/?=` crashed the server before any authentication).
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            query[percentDecode(kv[0])] = kv.count == 2 ? percentDecode(kv[1]) : ""
        }
        return (String(target[..<q]), query)
    }

    package static func percentDecode<S: StringProtocol>(_ s: S) -> String {
        var out: [UInt8] = []
        var it = Array(s.utf8)[...]
        while let b = it.popFirst() {
            if b == UInt8(ascii: "%"), it.count >= 2, let v = UInt8(String(decoding: it.prefix(2), as: UTF8.self), radix: 16) {
                out.append(v); it = it.dropFirst(2)
            } else if b == UInt8(ascii: "+") {
                out.append(UInt8(ascii: " "))
            } else {
                out.append(b)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
