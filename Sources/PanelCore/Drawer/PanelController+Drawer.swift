import ControlWidgets
import Graphics
import PanelLayout
import PanelProtocol

/// The page drawer's frame bookkeeping in the controller.
package struct DrawerFrameState {
    /// The last frame was composited from the drawer's layers.
    package var layered = false
    /// The page the last directly painted frame showed (nil after a layered frame).
    package var directPage: Int?
    /// The latest pan progress not yet sent: `drawerPan` goes out at most once per frame.
    package var pendingPan: (progress: Double, overProgress: Double)?
    /// The front's x at the last frame, to tell whether it moved.
    package var lastFrontX: Double?
    /// The menu's scroll offset at the last frame, to tell whether it scrolled.
    package var lastMenuScroll = 0.0
}

/// Pages and the page drawer: its touches, drawer events, and the `page` and `drawer`
/// commands.
extension PanelController {
    /// A touch the router gave the drawer (it owns touches on its edge, menu and exposed
    /// front): its outputs become events, a tapped menu row pushes that page.
    package func drawerTouch(_ input: WidgetInput, at time: Double) {
        guard let drawer = scene.drawer else { return }
        for action in drawer.touch(input, at: time) {
            switch action {
            case .output(let o): handle(drawerOutputs: [o], at: time)
            case .push(let page):
                handle(drawerOutputs: drawer.push(page: page, isShown: page == scene.pageIndex, animated: true, at: time), at: time)
            }
        }
    }

    /// Turns the drawer's outputs into events and page changes.
    package func handle(drawerOutputs outputs: [DrawerOutput], at time: Double) {
        for output in outputs {
            switch output {
            case .pan(let progress, let overProgress):
                drawerFrames.pendingPan = (progress, overProgress)
            case .willMove(let p):
                flushDrawerPan(at: time)
                emitPanelEvent("drawerWillMove", time: time) { $0.add("position", p.name) }
            case .didMove(let p):
                emitPanelEvent("drawerDidMove", time: time) { $0.add("position", p.name) }
            case .replaceFront(let page):
                replaceFront(with: page, at: time)
            }
        }
    }

    /// Sends the pan progress of this frame, if the drawer was dragged since the last one.
    package func flushDrawerPan(at time: Double) {
        guard let pan = drawerFrames.pendingPan else { return }
        drawerFrames.pendingPan = nil
        emitPanelEvent("drawerPan", time: time) {
            $0.add("progress", pan.progress)
            $0.add("overProgress", pan.overProgress)
        }
    }

    package func replaceFront(with page: Int, at time: Double) {
        guard page != scene.pageIndex else { return }
        take(router.cancelTouches(notOn: scene.rightWidgets, time: time), at: time)
        router.resetFocus()
        scene.showPage(page)
        damage.addAll()
        emitPanelEvent("pageChanged", time: time) { $0.add("page", scene.panel.pages[page].id) }
        onPageShown?()
    }

    /// A frame is due while the drawer moves, changes between painted and layered, or a
    /// revealed right view's widget changed.
    package func drawerWantsFrame(at time: Double) -> Bool {
        guard let drawer = scene.drawer else { return false }
        if drawerFrames.pendingPan != nil { return true }
        let layered = !drawer.isClosed(at: time)
        if layered != drawerFrames.layered { return true }
        guard layered else { return false }
        let x = drawer.frontX(at: time)
        if x != drawerFrames.lastFrontX || (drawer.reveal.isBusy && !drawer.reveal.isDragging) { return true }
        if drawer.menuLayout.scrollOffset != drawerFrames.lastMenuScroll { return true }
        return scene.rightWidgets.contains { $0.needsDisplay || $0.isAnimating(at: time) }
    }

    // MARK: commands

    /// `{"command":"page","page":ID}`: the drawer's push (or an instant switch).
    package func showPage(_ id: String, animated: Bool, time: Double, requestID rid: String?, reply: (Reply) -> Void) {
        guard let index = scene.pageIndex(id: id) else {
            let ids = scene.menuPageIndices.map { scene.panel.pages[$0].id }
            return reply(Reply.failure(rid, "no page '\(LineError.excerpt(id))'\(Suggestion.hint(for: id, in: ids)) (pages: \(ids.joined(separator: ", ")))"))
        }
        guard scene.panel.pages[index].role == .page else {
            return reply(Reply.failure(rid, "page '\(id)' is the drawer's right view; reveal it with {\"command\":\"drawer\",\"position\":\"leftSide\"}"))
        }
        var data = JSONLineWriter()
        data.add("page", id)
        reply(Reply.ok(rid, data: data))
        if choosePageUnderIdle(index, at: time) { return }
        if let drawer = scene.drawer {
            handle(drawerOutputs: drawer.push(page: index, isShown: index == scene.pageIndex, animated: animated, at: time), at: time)
        }
    }

    /// `{"command":"drawer","position":P}` (a position name, or `toggle`).
    package func moveDrawer(_ position: String, animated: Bool, time: Double, requestID rid: String?, reply: (Reply) -> Void) {
        guard let drawer = scene.drawer else {
            return reply(Reply.failure(rid, "this panel has no drawer (it has one page and no 'drawer' object)"))
        }
        let outputs: [DrawerOutput]
        if position == "toggle" {
            outputs = drawer.toggle(animated: animated, at: time)
        } else if let p = FrontViewPosition(name: position) {
            if p < .left && drawer.rightPage == nil {
                return reply(Reply.failure(rid, "this panel has no right view (a page with \"role\": \"right\") for position '\(position)'"))
            }
            outputs = drawer.setPosition(p, animated: animated, at: time)
        } else {
            return reply(Reply.failure(rid, "unknown position '\(LineError.excerpt(position))'"))
        }
        var data = JSONLineWriter()
        data.add("position", drawer.reveal.finalPosition.name)
        reply(Reply.ok(rid, data: data))
        handle(drawerOutputs: outputs, at: time)
    }

    /// The pages in a `list` reply: the menu's pages, the right view, the drawer's position.
    package func addPages(to data: inout JSONLineWriter) {
        data.add("pages", EventValue.strings(scene.menuPageIndices.map { scene.panel.pages[$0].id }))
        if let right = scene.rightPageIndex { data.add("rightView", scene.panel.pages[right].id) }
        if let drawer = scene.drawer { data.add("drawer", drawer.reveal.position.name) }
    }

    /// A panel event: `t`, `event`, then its fields (no `widget`: the drawer is the panel's).
    package func emitPanelEvent(_ name: String, time: Double, _ fields: (inout EventFields) -> Void) {
        var f = EventFields()
        fields(&f)
        publishPanelEvent(name, at: time, f.fields)
    }
}
