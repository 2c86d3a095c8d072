import PanelLayout
import PanelProtocol

/// `screen.idlePage` on show: the page it stands in for (what a touch brings back), when it
/// came, and which of its drift places it is at.
package struct IdlePageState {
    /// The page in use before the idle page came; nil while the idle page is not shown.
    package var pageBefore: Int?
    package var since = 0.0
    package var place = 0

    /// The drift places, in units of `pixelShift`: the centre, then round it clockwise, so
    /// no pixel stays lit in the same place for more than one period in nine.
    static let places: [(x: Double, y: Double)] = [(0, 0), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]

    package func offset(pixelShift: Double) -> (x: Double, y: Double) {
        let p = Self.places[place % Self.places.count]
        return (p.x * pixelShift, p.y * pixelShift)
    }
}

extension PanelController {
    /// The page the panel is using: the page on show, or under the idle page the one a touch
    /// brings back (what `list` and the state file report).
    package var pageInUse: Int { screenRuntime.idle.pageBefore ?? scene.pageIndex }

    /// Whether the idle page is on show (idle, and dimmed or off after it).
    public var showsIdlePage: Bool { screenRuntime.idle.pageBefore != nil }

    /// Follows a screen change: idle shows the idle page, on brings back the page in use.
    package func idlePageFollows(_ change: ScreenChange) {
        switch change.state {
        case .idle where screenRuntime.idle.pageBefore == nil:
            guard let id = screenSettings.idlePage, let index = scene.pageIndex(id: id) else { return }
            take(router.cancelTouches(notOn: [], time: change.time), at: change.time)
            router.resetFocus()
            // An open drawer closes at once (nobody is looking): the idle page is shown whole,
            // and the page a touch brings back comes without its menu.
            if let drawer = scene.drawer, !drawer.isClosed(at: change.time) {
                handle(drawerOutputs: drawer.setPosition(.left, animated: false, at: change.time), at: change.time)
            }
            screenRuntime.idle = IdlePageState(pageBefore: scene.pageIndex, since: change.time, place: 0)
            scene.showPage(index, menuButton: false)
            scene.shift(by: (0, 0))
            damage.addAll()
        case .on:
            guard let before = screenRuntime.idle.pageBefore else { return }
            screenRuntime.idle = IdlePageState()
            scene.shift(by: (0, 0))
            scene.showPage(before)
            damage.addAll()
        default:
            break
        }
    }

    /// When the idle page moves to its next place (nil: not shown, or no drift).
    package var nextIdleShift: Double? {
        let idle = screenRuntime.idle
        guard idle.pageBefore != nil, screenSettings.pixelShift > 0 else { return nil }
        return idle.since + Double(idle.place + 1) * ScreenSettings.shiftPeriod
    }

    /// Moves the idle page to the place it has at `time`.
    package func advanceIdleShift(to time: Double) {
        guard let due = nextIdleShift, due <= time + 1e-9 else { return }
        let place = Int(((time - screenRuntime.idle.since) / ScreenSettings.shiftPeriod + 1e-9).rounded(.down))
        screenRuntime.idle.place = place
        scene.shift(by: screenRuntime.idle.offset(pixelShift: screenSettings.pixelShift))
        damage.addAll()
    }

    /// A `page` command while the idle page shows: that page is what a touch brings back.
    package func choosePageUnderIdle(_ index: Int, at time: Double) -> Bool {
        guard screenRuntime.idle.pageBefore != nil else { return false }
        guard index != screenRuntime.idle.pageBefore else { return true }
        screenRuntime.idle.pageBefore = index
        emitPanelEvent("pageChanged", time: time) { $0.add("page", scene.panel.pages[index].id) }
        onPageShown?()
        return true
    }
}
