import Glibc
import Testing
import PanelLayout
@testable import PanelRuntime

/// Saved state and reload against real files in /tmp.
@Suite struct StateAndReloadTests {
    func write(_ text: String, to path: String) {
        _ = FileReplacer.replace(path, with: Array(text.utf8))
    }

    func read(_ path: String) -> String? {
        guard let f = fopen(path, "r") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 4096)
        while true { let n = fread(&buf, 1, buf.count, f); if n <= 0 { break }; out += buf[0..<n] }
        return String(decoding: out, as: UTF8.self)
    }

    @Test func savedStateRoundTripsAndRejectsDamage() throws {
        let c = try IPCTest.controller()
        c.execute(commandLine: #"{"command":"set","widget":"k","position":123.5}"#, at: 0)
        let state = c.savedState()
        #expect(state.json == #"{"version":1,"panel":"p","page":"a","widgets":[{"id":"k","type":"knob","fields":{"position":123.5,"positionIndex":-1}},{"id":"j","type":"knob","fields":{"position":0,"positionIndex":-1}}]}"#)
        #expect(try SavedState.parse(state.json).get() == state)
        // Truncated at every length: always an error, never a crash or a half state.
        let text = Array(state.json.utf8)
        for cut in stride(from: 0, to: text.count, by: 7) {
            if case .success = SavedState.parse(String(decoding: text[..<cut], as: UTF8.self)) { Issue.record("accepted a cut at \(cut)") }
        }
        // A huge number costs its widget the saved value, not the other widgets theirs.
        let partly = try SavedState.parse(#"{"version":1,"panel":"p","widgets":[{"id":"k","type":"knob","fields":{"position":1e300}},{"id":"j","type":"knob","fields":{"position":12}}]}"#).get()
        #expect(partly.widgets.map(\.id) == ["j"])
        #expect(partly.skipped.count == 1)
        #expect(partly.skipped.first?.line == 1)
        #expect(partly.skipped.first?.column == 82)
        #expect(partly.skipped.first?.message.contains("'k': 'position' must be a finite number") == true)
    }

    /// Values go back into widgets whose id and type match, through `set` (a knob takes one
    /// of position/positionIndex/value, so the restore retries field by field).
    @Test func restoreMatchesIdAndType() throws {
        let c = try IPCTest.controller()
        let saved = SavedState(panel: "p", page: "a", widgets: [
            WidgetValue(id: "k", type: "knob", fields: [("position", .number(45)), ("positionIndex", .number(-1))]),
            WidgetValue(id: "j", type: "slider", fields: [("value", .number(3))]),
            WidgetValue(id: "gone", type: "knob", fields: [("position", .number(9))]),
        ])
        #expect(c.restore(saved, at: 0) == ["k"])
        #expect(c.savedState().widgets[0].fields[0].value == .number(45))
        #expect(c.savedState().widgets[1].fields[0].value == .number(0))
    }

    @Test func stateStoreDebouncesAndReportsDamageOnce() throws {
        let path = IPCTest.temporaryPath("state.json")
        defer { unlink(path) }
        let c = try IPCTest.controller()
        var reports: [String] = []
        let store = StateStore(path: path, controller: c, minInterval: 0.25, report: { reports.append($0) })
        #expect(store.restore(at: 0).isEmpty && reports.isEmpty)       // no file yet: a first start
        #expect(store.deadline == nil)
        store.markDirty()
        store.service([], at: 1)
        #expect(store.writes == 1)
        store.markDirty()
        #expect(store.deadline == 1.25)      // at most one write per 0.25 s
        store.service([], at: 1.1)
        #expect(store.writes == 1)
        store.service([], at: 1.25)
        #expect(store.writes == 2 && store.deadline == nil)
        #expect(read(path)?.hasPrefix(#"{"version":1,"panel":"p""#) == true)
        write("{\"version\":1,\"pan", to: path)
        #expect(store.restore(at: 0).isEmpty)
        #expect(reports.count == 1 && reports[0].contains("is damaged"))
    }

    @Test func reloadSwapsValidFilesAndKeepsBadOnesOut() throws {
        let path = IPCTest.temporaryPath("panel.json")
        defer { unlink(path) }
        write(IPCTest.panelText, to: path)
        let c = try PanelController(panel: try PanelLoader.load(path: path).get(), screenWidth: 200, screenHeight: 200)
        var events: [String] = []
        c.emit = { events.append($0) }
        var stderr: [String] = []
        let reloader = PanelReloader(path: path, controller: c, report: { stderr.append($0) })
        c.reloadHandler = { reloader.reload(at: $0) }
        c.execute(commandLine: #"{"command":"set","widget":"k","position":77}"#, at: 0)
        // A new label n appears; k keeps its id and type, so it keeps its value.
        write(IPCTest.panelText.replacing(#"{"id":"j","type":"knob","mode":"continuous","frame":[100,0,100,100]}"#,
                                                     with: #"{"id":"j","type":"knob","mode":"continuous","frame":[100,0,100,100]},{"id":"n","type":"label","text":"new","frame":[0,100,100,30]}"#), to: path)
        events.removeAll()
        c.execute(commandLine: #"{"command":"reload","request_id":1}"#, at: 1)
        #expect(events.first == #"{"request_id":1,"ok":true,"data":{"panel":"p"}}"#)
        #expect(events.contains(#"{"t":1,"event":"reloaded","panel":"p"}"#))
        #expect(c.scene.widget(id: "n") != nil)
        let kept = c.savedState().widgets.first { $0.id == "k" }?.fields.first?.value.number ?? 0
        #expect(abs(kept - 77) < 1e-9)      // (degrees → radians → degrees: not bit-exact)
        write("{ \"panel\": \"p\",\n  \"size\": [200, 200], \"pages\": 3 }", to: path)
        events.removeAll()
        c.execute(commandLine: #"{"command":"reload","request_id":2}"#, at: 2)
        #expect(events.first?.hasPrefix(#"{"request_id":2,"ok":false,"error":"the layout file has errors; the panel is unchanged","errors":[""#) == true)
        #expect(events.first?.contains(":2:") == true)
        #expect(events.contains { $0.hasPrefix(#"{"t":2,"event":"reloadFailed","errors":["#) })
        #expect(c.scene.widget(id: "n") != nil)       // untouched
        #expect(stderr.count == 2 && stderr[1].contains(":2:"))
    }

    /// The studio saves (replace + reload) and its rename wakes the watcher too: the watcher
    /// must see that the file is the one already read, and still see a later edit by anyone.
    @Test func reloaderTellsAnEditFromTheFileItLastRead() throws {
        let path = IPCTest.temporaryPath("panel.json")
        defer { unlink(path) }
        write(IPCTest.panelText, to: path)
        let c = try PanelController(panel: try PanelLoader.load(path: path).get(), screenWidth: 200, screenHeight: 200)
        let reloader = PanelReloader(path: path, controller: c, report: { _ in })
        #expect(reloader.fileChangedSinceReload)            // nothing read by the reloader yet
        write(IPCTest.panelText + " ", to: path)            // a save: replaced (new inode) ...
        #expect(reloader.reload(at: 1).isEmpty)             // ... and reloaded at once
        #expect(!reloader.fileChangedSinceReload)           // the watcher's echo of that save
        write(IPCTest.panelText + "  ", to: path)           // another editor replaces it
        #expect(reloader.fileChangedSinceReload)
        #expect(reloader.reload(at: 2).isEmpty)
        #expect(!reloader.fileChangedSinceReload)
        // A rewrite in place (same inode): the size changes here; the times would anyway.
        let f = fopen(path, "a")
        fputs("\n", f); fclose(f)
        #expect(reloader.fileChangedSinceReload)
        unlink(path)                                         // gone: a change (the reload reports it)
        #expect(reloader.fileChangedSinceReload)
        #expect(reloader.reloads == 2)
    }

    @Test func fileReplacerLeavesNoTemporaryAndReplacesSymlinksNotTargets() throws {
        let dir = IPCTest.temporaryPath("dir")
        mkdir(dir, 0o755)
        defer { _ = unlink("\(dir)/target"); _ = unlink("\(dir)/link"); rmdir(dir) }
        write("old", to: "\(dir)/target")
        symlink("\(dir)/target", "\(dir)/link")
        write("new", to: "\(dir)/link")
        #expect(read("\(dir)/target") == "old")        // the symlink itself was replaced
        #expect(read("\(dir)/link") == "new")
        var st = stat()
        #expect(lstat("\(dir)/link", &st) == 0 && st.st_mode & S_IFMT == S_IFREG)
        guard let d = opendir(dir) else { Issue.record("opendir"); return }
        var names: [String] = []
        while let e = readdir(d) { names.append(withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }) }
        closedir(d)
        #expect(Set(names) == [".", "..", "target", "link"])
    }
}
