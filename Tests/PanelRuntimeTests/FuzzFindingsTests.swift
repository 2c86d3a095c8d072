import PanelLayout
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

/// Regression tests for what the fuzz targets (tests/fuzz) found. Their inputs are also in
/// the seed corpora (tests/fuzz/corpus/*/finding-*).
@Suite struct FuzzFindingsTests {
    /// A JSON escape `\n` in a key or type put a raw newline into the message, so one
    /// `FILE:LINE:COLUMN: error:` diagnostic became two lines (script and command targets).
    @Test func quotedUserTextNeverSplitsADiagnostic() throws {
        let lines = [
            #"{"t":1,"type":"comman\nd"}"#,                                        // unknown input type
            #"{"t":1,"type":"touch_up","i\nd":0}"#,                                // unknown key for a type
            #"{"t":1,"type":"key","key":"Ta\u2028b","state":"pressed"}"#,          // unknown key name
            #"{"t":1,"type":"button","button":"le\u0000ft","state":"pressed"}"#,  // unknown button
        ]
        for line in lines {
            guard case .failure(let e) = InputScript.parseLine(line, file: "s", line: 1) else {
                Issue.record("\(line) parsed"); continue
            }
            #expect(!e.description.contains(where: { $0.isNewline }), "\(e.description)")
            #expect(!e.description.unicodeScalars.contains { $0.value < 0x20 })
        }
        guard case .failure(let e) = PanelCommand.parse(#"{"command":"list","requte\nid":12}"#) else {
            Issue.record("parsed"); return
        }
        #expect(e.description == #"command:1:19: error: unknown key 'requte\u000Aid' for command 'list'"#)
        guard case .failure(let big) = PanelCommand.parse(#"{"command":"set","widget":"k","po\rs":1e10}"#) else {
            Issue.record("parsed"); return
        }
        #expect(big.description == #"command:1:39: error: 'po\u000Ds' must be a finite number within ±1e9"#)
        // And whatever a message quotes, the diagnostic line escapes it.
        #expect(LineError(file: "f", line: 1, column: 2, message: "a\nb").description == #"f:1:2: error: a\u000Ab"#)
    }

    @Test func excerptsEscapeControlsAndStayShort() {
        #expect(LineError.excerpt("a\tb\u{7F}\u{2029}") == #"a\u0009b\u007F\u2029"#)
        #expect(LineError.excerpt(String(repeating: "x", count: 81)) == String(repeating: "x", count: 80) + "…")
        #expect(LineError.excerpt("ok") == "ok")
    }
}
