import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench

/// The studio's HTTP reader and access rules, on bytes (the server end to end is in
/// tests/studio/).
struct StudioHTTPTests {
    func parse(_ text: String, limits: HTTPLimits = HTTPLimits()) -> HTTPRequestParser.Outcome {
        HTTPRequestParser.parse(Array(text.utf8), from: 0, limits: limits)
    }

    func status(_ text: String, limits: HTTPLimits = HTTPLimits()) -> Int? {
        if case .failure(let f) = parse(text, limits: limits) { return f.status }
        return nil
    }

    @Test func readsAWholeRequestWithItsBody() throws {
        let text = "POST /api/save?x=a%20b HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Length: 5\r\nX-Knob-Studio: 1\r\n\r\nhelloGET / HTTP/1.1\r\n"
        guard case let .request(r, consumed) = parse(text) else { Issue.record("not parsed"); return }
        #expect(r.method == "POST" && r.path == "/api/save" && r.query["x"] == "a b")
        #expect(r.bodyText == "hello")
        #expect(r.header("x-knob-studio") == "1")
        // 93 bytes of head and body; the pipelined next request stays in the buffer.
        #expect(consumed == text.utf8.count - "GET / HTTP/1.1\r\n".utf8.count)
    }

    /// The http fuzz target's first find: a query pair without a name (`/?=`, `/?a&=x`)
    /// indexed an empty split and crashed the server, before any token check.
    @Test func aQueryPairWithoutANameIsRead() {
        for (target, want) in [("/?=", ["": ""]), ("/?=x&a=1", ["": "x", "a": "1"]), ("/?a=&=&b", ["a": "", "": "", "b": ""])] {
            guard case let .request(r, _) = parse("GET \(target) HTTP/1.1\r\nHost: a\r\n\r\n") else { Issue.record("\(target) not parsed"); continue }
            #expect(r.path == "/" && r.query == want, "\(target)")
        }
    }

    @Test func waitsForMoreBytes() {
        if case .incomplete = parse("GET / HTTP/1.1\r\nHost: a\r\n") {} else { Issue.record("head not complete yet") }
        if case .incomplete = parse("POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 9\r\n\r\nabc") {} else { Issue.record("body not complete yet") }
    }

    @Test func malformedRequestsAreRefusedWithTheirStatus() {
        #expect(status("GET / HTTP/1.1\nHost: a\n\n") == 400)                                  // bare LF
        #expect(status("GET  / HTTP/1.1\r\nHost: a\r\n\r\n") == 400)                           // empty part
        #expect(status("GET / HTTP/2.0\r\nHost: a\r\n\r\n") == 505)
        #expect(status("GET / HTTP/1.1\r\n\r\n") == 400)                                       // no Host
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n") == 400)                 // two Hosts
        #expect(status("GET / HTTP/1.1\r\nHost : a\r\n\r\n") == 400)                           // space before colon
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\n folded\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\n\r\n") == 411)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n") == 400)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n") == 501)
        #expect(status("DELETE / HTTP/1.1\r\nHost: a\r\n\r\n") == 405)
        #expect(status("GET http://x/ HTTP/1.1\r\nHost: a\r\n\r\n") == 400)
    }

    @Test func limitsAreEnforcedBeforeTheWholeRequestArrives() {
        var small = HTTPLimits()
        small.requestLine = 64; small.headerBytes = 128; small.body = 10
        #expect(status("GET /" + String(repeating: "a", count: 100), limits: small) == 414)
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nX: " + String(repeating: "b", count: 300), limits: small) == 431)
        #expect(status("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 11\r\n\r\n", limits: small) == 413)
        small.headerCount = 2
        #expect(status("GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\n\r\n", limits: small) == 431)
    }

    func request(_ method: String = "GET", path: String = "/", query: [String: String] = [:], headers: [String: String]) -> HTTPRequest {
        HTTPRequest(method: method, path: path, query: query, version: "HTTP/1.1", headers: headers, body: [])
    }

    @Test func loopbackChecksTheHostAgainstDNSRebinding() {
        let access = StudioAccess(token: nil, loopbackOnly: true, port: 8080)
        if case .allow = access.check(request(headers: ["host": "127.0.0.1:8080"])) {} else { Issue.record("own host refused") }
        if case .allow = access.check(request(headers: ["host": "localhost:8080"])) {} else { Issue.record("localhost refused") }
        if case .deny(let f) = access.check(request(headers: ["host": "evil.example:8080"])) { #expect(f.status == 403) } else { Issue.record("rebinding host allowed") }
        // A POST from another site's page: no X-Knob-Studio header (it would need a preflight).
        if case .deny(let f) = access.check(request("POST", headers: ["host": "127.0.0.1:8080"])) { #expect(f.status == 403) } else { Issue.record("plain POST allowed") }
        if case .deny = access.check(request("POST", headers: ["host": "127.0.0.1:8080", "x-knob-studio": "1", "origin": "http://evil.example"])) {} else { Issue.record("foreign origin allowed") }
        if case .allow = access.check(request("POST", headers: ["host": "127.0.0.1:8080", "x-knob-studio": "1", "origin": "http://127.0.0.1:8080"])) {} else { Issue.record("own POST refused") }
    }

    /// `--listen 127.0.0.2` needs no token (127.0.0.0/8 is loopback), so its Host must pass
    /// too; the other port, a non-loopback literal and look-alikes are still refused.
    @Test func everyLoopbackAddressIsOneRule() {
        let access = StudioAccess(token: nil, loopbackOnly: true, port: 8080)
        for host in ["127.0.0.2:8080", "127.1.2.3:8080", "[::1]:8080", "LOCALHOST:8080"] {
            if case .allow = access.check(request(headers: ["host": host])) {} else { Issue.record("\(host) refused") }
        }
        for host in ["127.0.0.2:8081", "128.0.0.1:8080", "127.0.0.1.evil.example:8080", "127.0.0:8080", "127.0.0.256:8080", "127.0.0.01:8080", "127.0.0.2"] {
            if case .deny(let f) = access.check(request(headers: ["host": host])) { #expect(f.status == 403) } else { Issue.record("\(host) allowed") }
        }
        #expect(ListenAddress("127.0.0.2:8080")?.isLoopback == true)
    }

    @Test func theBearerSchemeIsCaseInsensitive() {
        let token = "0123456789abcdef-token"
        let access = StudioAccess(token: token, loopbackOnly: false, port: 8080)
        for scheme in ["Bearer", "bearer", "BEARER"] {
            if case .allow = access.check(request(headers: ["host": "panel:8080", "authorization": scheme + " " + token])) {} else { Issue.record("\(scheme) refused") }
        }
        if case .deny = access.check(request(headers: ["host": "panel:8080", "authorization": "Basic " + token])) {} else { Issue.record("Basic allowed") }
    }

    @Test func aTokenIsNeededOnEveryRequestAndAFirstVisitSetsTheCookie() {
        let token = "0123456789abcdef-token"
        let access = StudioAccess(token: token, loopbackOnly: false, port: 8080)
        if case .deny(let f) = access.check(request(headers: ["host": "panel:8080"])) { #expect(f.status == 401) } else { Issue.record("no token allowed") }
        if case .deny = access.check(request(headers: ["host": "panel:8080", "x-knob-studio-token": "0123456789abcdef-tokeX"])) {} else { Issue.record("wrong token allowed") }
        if case .allow = access.check(request(headers: ["host": "panel:8080", "authorization": "Bearer " + token])) {} else { Issue.record("bearer refused") }
        if case .allow = access.check(request(headers: ["host": "panel:8080", "cookie": "a=b; knob_studio=" + token])) {} else { Issue.record("cookie refused") }
        guard case let .redirect(location, cookie) = access.check(request(query: ["token": token], headers: ["host": "panel:8080"])) else {
            Issue.record("first visit not redirected"); return
        }
        #expect(location == "/")
        #expect(cookie.hasPrefix("knob_studio=" + token + ";") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
        #expect(StudioAccess.validToken(token) && !StudioAccess.validToken("short") && !StudioAccess.validToken("has space in it 1234"))
    }

    @Test func base64MatchesRFC4648() {
        // RFC 4648 §10 test vectors.
        #expect(["", "f", "fo", "foo", "foob", "fooba", "foobar"].map { Base64.encode(Array($0.utf8)) }
                == ["", "Zg==", "Zm8=", "Zm9v", "Zm9vYg==", "Zm9vYmE=", "Zm9vYmFy"])
    }

    @Test func listenAddresses() {
        #expect(ListenAddress("127.0.0.1:8080")?.isLoopback == true)
        #expect(ListenAddress("localhost:9000")?.port == 9000)
        #expect(ListenAddress(":0")?.host == "127.0.0.1")
        #expect(ListenAddress("0.0.0.0:8080")?.isLoopback == false)
        #expect(ListenAddress("example.com:80") == nil && ListenAddress("1.2.3.4:99999") == nil)
    }
}
