import Glibc
import Testing
import PanelLayout
import PanelTesting
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
import ControlWidgets

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

    /// Issue 23, item 3: the file holds every widget of every page and the page shown. A `set`
    /// on page b used to rewrite it with page b's widgets only, and a page change alone was
    /// never saved (at exit the file still named the page of the last value change).
    @Test func everyPageAndThePageShownAreSavedAndRestored() throws {
        let path = IPCTest.temporaryPath("pages-state.json")
        defer { unlink(path) }
        let panel = try PanelLoader(kinds: WidgetCatalog.kinds).parse(DrawerScriptTests.panel(), file: "d.json").get()
        let c = try PanelController(panel: panel, screenWidth: 800, screenHeight: 480)
        let services = try PanelServices(controller: c, options: .init(), write: { _ in })
        services.enableState(path: path, at: 0, report: { Issue.record("\($0)") })
        c.execute(commandLine: #"{"command":"set","widget":"k","position":40}"#, at: 0.1)
        c.execute(commandLine: #"{"command":"page","page":"b","animated":false}"#, at: 0.2)
        c.execute(commandLine: #"{"command":"set","widget":"red","position":-70}"#, at: 0.3)
        services.state!.service([], at: 1)
        let written = try SavedState.parse(read(path) ?? "").get()
        #expect(written.page == "b")
        #expect(written.widgets.map(\.id) == ["k", "red", "rk"])     // labels have no value
        #expect(written.widgets.first { $0.id == "k" }?.fields.first?.value == .number(40))
        #expect(written.widgets.first { $0.id == "red" }?.fields.first?.value == .number(-70))
        // Only the page changes, then the panel exits: the page shown at exit is saved.
        c.execute(commandLine: #"{"command":"page","page":"a","animated":false}"#, at: 2)
        services.shutdown(at: 2.1)
        #expect(try SavedState.parse(read(path) ?? "").get().page == "a")

        // A restart restores every page's values and the page.
        let again = try PanelController(panel: panel, screenWidth: 800, screenHeight: 480)
        let store = StateStore(path: path, controller: again, report: { Issue.record("\($0)") })
        #expect(Set(store.restore(at: 0)) == ["k", "red", "rk"])
        #expect(again.scene.panel.pages[again.scene.pageIndex].id == "a")
        #expect(again.savedState() == (try SavedState.parse(read(path) ?? "").get()))

        // A file of the previous version (the shown page's widgets only) still restores those.
        write(#"{"version":1,"panel":"D","page":"b","widgets":[{"id":"red","type":"knob","fields":{"position":33,"positionIndex":-1}}]}"#, to: path)
        let old = try PanelController(panel: panel, screenWidth: 800, screenHeight: 480)
        #expect(StateStore(path: path, controller: old, report: { Issue.record("\($0)") }).restore(at: 0) == ["red"])
        #expect(old.scene.panel.pages[old.scene.pageIndex].id == "b")
        #expect(old.savedState().widgets.map { $0.fields.first!.value } == [.number(0), .number(33), .number(0)])
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
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).load(path: path).get(), screenWidth: 200, screenHeight: 200)
        var events: [String] = []
        c.emit = { events.append($0) }
        var stderr: [String] = []
        let reloader = PanelReloader(path: path, controller: c, report: { stderr.append($0) })
        c.reloader = reloader
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
        let c = try PanelController(panel: try PanelLoader(kinds: WidgetCatalog.kinds).load(path: path).get(), screenWidth: 200, screenHeight: 200)
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
