import Glibc
import Graphics
import PanelLayout
import Testing
@testable import PanelSystem
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelStudio
import ControlWidgets

/// The server side of the studio's design tools: the editor's library files by name only,
/// the screen switcher's bounds, golden names.
@Suite struct StudioDesignTests {
    /// Only the listed files are served; anything else (traversal, another file of the same
    /// package, a listed name with a suffix) is 404 without touching the disk.
    @Test func servesOnlyTheListedLibraryFiles() throws {
        let dir = "/tmp/knob-studio-lib-\(getpid())"
        let names = StudioLibrary.scripts + StudioLibrary.styles + ["mode/xml/xml.js"]
        var dirs: [String] = []
        for name in names {
            var sub = dir
            mkdir(sub, 0o755)
            for part in name.split(separator: "/").dropLast() {
                sub += "/" + part
                if mkdir(sub, 0o755) == 0 { dirs.append(sub) }
            }
            if case .failure(let e) = FileReplacer.replace(dir + "/" + name, with: Array("/* \(name) */".utf8)) { Issue.record("\(e)") }
        }
        defer {
            for name in names { unlink(dir + "/" + name) }
            for d in dirs.reversed() { rmdir(d) }
            rmdir(dir)
        }
        var lib = StudioLibrary(root: dir + "/")
        #expect(lib.isInstalled)
        let js = lib.response(for: "/lib/codemirror/lib/codemirror.js")
        #expect(js.status == 200 && js.contentType.hasPrefix("text/javascript") && js.body == Array("/* lib/codemirror.js */".utf8))
        #expect(lib.response(for: "/lib/codemirror/addon/hint/show-hint.css").contentType.hasPrefix("text/css"))
        for bad in ["/lib/codemirror/mode/xml/xml.js", "/lib/codemirror/../../../etc/passwd", "/lib/codemirror/lib/../lib/codemirror.js",
                    "/lib/codemirror//lib/codemirror.js", "/lib/codemirror/lib/codemirror.js/", "/lib/codemirror/", "/lib/codemirror/%2e%2e/x"] {
            #expect(lib.response(for: bad).status == 404, "\(bad)")
        }
        #expect(!StudioLibrary(root: dir + "/missing/").isInstalled)
    }

    @Test func goldenNamesAreNamesNotPaths() {
        #expect(StudioGolden.isValidName("turned-knob_2"))
        for bad in ["", "../x", "a/b", "a.png", String(repeating: "x", count: 65), "naïve", "a b"] {
            #expect(!StudioGolden.isValidName(bad), "\(bad)")
        }
    }

    /// The screen switcher takes whole sizes 16-8192 and quarter turns, and turns the picture.
    @Test func screenSwitcherChecksItsNumbersAndTurnsThePicture() throws {
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse("{ \"panel\": \"P\", \"size\": [600, 300], \"pages\": [ { \"id\": \"p\", \"widgets\": [] } ] }", file: "p.json").get()
        let c = try PanelController(panel: panel, screenWidth: 600, screenHeight: 300)
        for bad in ["{\"size\":[800]}", "{\"size\":[800,480.5]}", "{\"size\":[15,480]}", "{\"size\":[800,8193]}",
                    "{\"size\":[800,480],\"rotation\":45}", "{\"size\":[800,480],\"rotation\":\"90\"}", "[]", "x"] {
            #expect(StudioScreen.change(bad, on: c, at: 0).status == 400, "\(bad)")
        }
        #expect(c.rotation.physicalWidth == 600)
        #expect(StudioScreen.change("{\"size\":[800,480],\"rotation\":90}", on: c, at: 0).status == 200)
        #expect(c.rotation.degrees == 90 && c.rotation.physicalWidth == 800 && c.rotation.logicalWidth == 480)
        let frame = try c.physicalFrame()
        #expect(frame.width == 800 && frame.height == 480)
        #expect(StudioScreen.change("{\"size\":[600,300]}", on: c, at: 0).status == 200)
        #expect(c.rotation.degrees == 90, "no rotation given: kept")
    }
}
