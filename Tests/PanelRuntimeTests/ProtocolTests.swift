import Testing
import ControlWidgets
import PanelLayout
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

@Suite struct ProtocolTests {
    @Test func numbersAreWrittenShortAndStable() {
        #expect(JSONLineWriter.number(12.5) == "12.5")
        #expect(JSONLineWriter.number(-0.0000001) == "0")
        #expect(JSONLineWriter.number(90) == "90")
        #expect(JSONLineWriter.number(-45.25) == "-45.25")
        #expect(JSONLineWriter.number(1.0 / 3) == "0.333333")
        #expect(JSONLineWriter.number(0.05) == "0.05")
        #expect(JSONLineWriter.number(.nan) == "null")
        #expect(JSONLineWriter.quote("a\"b\\c\n音") == #""a\"b\\c\n音""#)
    }

    @Test func inputScriptParsesTheWholeVocabulary() throws {
        let text = """
        {"t":0.10,"type":"touch_down","id":0,"x":180,"y":80}
        {"t":0.15,"type":"touch_motion","id":0,"x":250,"y":110}
        {"t":0.30,"type":"touch_up","id":0}
        # comments and blank lines are skipped

        {"t":0.40,"type":"pointer_motion","x":300,"y":200}
        {"t":0.41,"type":"button","button":"left","state":"pressed"}
        {"t":0.50,"type":"wheel","delta":-1}
        {"t":0.60,"type":"key","key":"Right","state":"pressed"}
        """
        let inputs = try InputScript.parse(text, file: "s.jsonl").get()
        #expect(inputs.count == 7)
        #expect(inputs[0] == TimedInput(time: 0.1, event: .touchDown(id: 0, x: 180, y: 80)))
        #expect(inputs[4] == TimedInput(time: 0.41, event: .button(.left, pressed: true)))
        #expect(inputs[6] == TimedInput(time: 0.6, event: .key("Right", pressed: true)))
    }

    /// Each bad line is reported at its line and the column of the offending value.
    @Test func inputScriptErrorsHavePositions() {
        let cases: [(String, Int, String)] = [
            (#"{"t":0.1,"type":"touch_dwn","id":0,"x":1,"y":2}"#, 17, "unknown input type"),
            (#"{"t":"soon","type":"wheel","delta":1}"#, 6, "'t' must be a number"),
            (#"{"t":0.1,"type":"wheel"}"#, 1, "missing 'delta'"),
            (#"{"t":0.1,"type":"key","key":"F13","state":"pressed"}"#, 29, "unknown key"),
            (#"{"t":0.1,"type":"wheel","delta":1,"speed":2}"#, 35, "unknown key 'speed'"),
            (#"{"t":0.1,"type":"wheel","delta":1"#, 34, "expected"),
            (#"[1,2]"#, 1, "expected an object"),
            (#"{"t":0.1,"type":"wheel","delta":1,"x":5}"#, 35, "unknown key 'x' for 'wheel'"),
            (#"{"t":0.1,"type":"wheel","delta":1,"delta":2}"#, 35, "duplicate key 'delta'"),
        ]
        for (line, column, fragment) in cases {
            switch InputScript.parse("\n" + line, file: "s.jsonl") {
            case .success: Issue.record("accepted: \(line)")
            case .failure(let e):
                #expect(e.errors.count == 1)
                #expect(e.errors[0].line == 2, "\(line)")
                #expect(e.errors[0].column == column, "\(line): \(e.errors[0])")
                #expect(e.errors[0].message.contains(fragment), "\(line): \(e.errors[0].message)")
            }
        }
        if case .failure(let e) = InputScript.parse("{\"t\":1,\"type\":\"wheel\",\"delta\":1}\n{\"t\":0.5,\"type\":\"wheel\",\"delta\":1}", file: "s") {
            #expect(e.errors[0].message.contains("earlier"))
        } else { Issue.record("time going backwards was accepted") }
    }

    /// Windows line endings: "\r\n" is one Character in Swift, so splitting must use scalars.
    @Test func crlfScriptsParseLineByLine() throws {
        let inputs = try InputScript.parse("{\"t\":0.1,\"type\":\"wheel\",\"delta\":1}\r\n{\"t\":0.2,\"type\":\"wheel\",\"delta\":2}\r\n", file: "w.jsonl").get()
        #expect(inputs == [TimedInput(time: 0.1, event: .wheel(delta: 1)), TimedInput(time: 0.2, event: .wheel(delta: 2))])
        if case .failure(let e) = InputScript.parse("{\"t\":0.1,\"type\":\"touch_up\",\"id\":-1}", file: "w") {
            #expect(e.errors[0].message.contains("whole number from 0"))
        } else { Issue.record("negative touch id accepted") }
    }

    @Test func commandsParse() throws {
        let set = try PanelCommand.parse(#"{"command":"set","widget":"volume","position":270,"animated":true,"request_id":7}"#).get()
        guard case let .widget(w, c) = set.action else { Issue.record("not a widget command"); return }
        #expect(w == "volume" && c.verb == "set" && c.number("position") == 270 && c.animated)
        #expect(set.requestID == "7")
        #expect(try PanelCommand.parse(#"{"command":"get","widget":"v","request_id":"a\"b"}"#).get()
                == PanelCommand(.get(widget: "v"), requestID: #""a\"b""#))
        for bad in [#"{"command":"set"}"#, #"{"command":"set","widget":"v","position":1e308}"#,
                    #"{"command":"set","widget":"v","position":[1]}"#, #"{"command":"get","widget":"v","x":1}"#,
                    #"{"command":"sett","widget":"v"}"#, #"{"command":"set","widget":"v","a":1,"a":2}"#,
                    #"{"widget":"v"}"#, "[]", ""] {
            if case .success = PanelCommand.parse(bad) { Issue.record("accepted \(bad)") }
        }
        if case .failure(let e) = PanelCommand.parse(#"{"command":"sett","widget":"v"}"#) {
            #expect(e.message.contains("did you mean 'set'"))
        }
    }

    /// The widget checks the keys and values of its type: replies are error lines that echo
    /// the request id, and a good request with an id gets an `ok` line.
    @Test func widgetCommandsAreCheckedByType() throws {
        let text = #"{"panel":"p","size":[200,200],"pages":[{"id":"a","widgets":[{"id":"k","type":"knob","frame":[0,0,200,200]}]}]}"#
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).parse(text, file: "p.json").get(), screenWidth: 200, screenHeight: 200)
        var lines: [String] = []
        c.emit = { lines.append($0) }
        for (cmd, want) in [(#"{"command":"set","widget":"k","position":"x","request_id":1}"#, #""request_id":1,"ok":false,"error":"'position' must be a number""#),
                            (#"{"command":"set","widget":"k","position":1,"value":2}"#, "give only one of"),
                            (#"{"command":"set","widget":"k"}"#, "nothing to set"),
                            (#"{"command":"set","widget":"k","positon":3}"#, "did you mean 'position'"),
                            (#"{"command":"dial","widget":"k","number":3}"#, "has no command 'dial'"),
                            (#"{"command":"set","widget":"kk","position":3}"#, "did you mean 'k'"),
                            // A number beyond Double's range still lets the id be echoed (docs/protocol.md).
                            (#"{"command":"get","request_id":7,"x":1e999}"#, #"{"request_id":7,"ok":false,"error":"#),
                            (#"{"command":"set","widget":"k","position":-1e400,"request_id":"big"}"#, #"{"request_id":"big","ok":false"#),
                            (#"{"command":"set","widget":"k","position":90,"request_id":"r"}"#, #""request_id":"r","ok":true"#)] {
            lines.removeAll()
            c.execute(commandLine: cmd, at: 0)
            #expect(lines.first?.contains(want) == true, "\(cmd) -> \(lines)")
        }
        #expect(lines.last?.contains(#""event":"valueChanged","position":90"#) == true)
    }

    /// A script line may carry any command; it runs at its time.
    @Test func scriptCommandLines() throws {
        let inputs = try InputScript.parse(#"{"t":1.5,"type":"command","command":{"command":"set","widget":"k","position":90}}"#, file: "s").get()
        #expect(inputs == [TimedInput(time: 1.5, event: .command(PanelCommand(.widget(id: "k", WidgetCommand("set", ["position": .number(90)])))))])
        if case .failure(let e) = InputScript.parse(#"{"t":1,"type":"command","command":{"command":"nope"}}"#, file: "s") {
            #expect(e.errors[0].description.hasPrefix("s:1:46: error: unknown command 'nope'"))
        } else { Issue.record("bad command accepted") }
    }

    @Test func damageRegionMergesOverlapsAndKeepsFarApartRects() {
        var d = DamageRegion(width: 100, height: 100)
        d.add(.init(x: 0, y: 0, width: 10, height: 10))
        d.add(.init(x: 5, y: 5, width: 10, height: 10))
        #expect(d.rects == [.init(x: 0, y: 0, width: 15, height: 15)])
        d.add(.init(x: 80, y: 80, width: 10, height: 10))
        #expect(d.rects.count == 2)
        d.add(.init(x: 95, y: 95, width: 20, height: 20))   // clipped to the screen, not touching (80,80)
        #expect(d.rects.contains(.init(x: 95, y: 95, width: 5, height: 5)))
        #expect(d.rects.count == 3)
        d.add(.init(x: -10, y: -10, width: 5, height: 5))   // entirely outside
        #expect(d.rects.count == 3)
        d.add(.init(x: 85, y: 85, width: 12, height: 12))   // overlaps both: all three merge
        #expect(d.rects.contains(.init(x: 80, y: 80, width: 20, height: 20)))
        #expect(d.rects.count == 2)
    }
}
