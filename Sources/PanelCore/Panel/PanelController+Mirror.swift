import ControlWidgets
import Graphics
import PanelLayout
import PanelProtocol

/// `run --output all`: the primary's panel on further screens, each at its own size. A mirror
/// is a controller of its own (its own scale, cached layers and frame, painted at its own
/// flips), kept in step by **replaying** what changes the models, at the same frame-clock
/// times: input as the primary delivered it (after the screen-power filter, aimed touches
/// resolved), the commands that change values, pages or the drawer, and reloads. Models work
/// in design pixels and animate as functions of time, so a mirror shows the same animation as
/// the primary (an animated `set`, a knob's return, a fling, the drawer sliding), each frame at
/// its own time. Copying the primary's values after each change (the first version) made a
/// mirror jump to the end of every animation: values carry no animation.
extension PanelController {
    /// Makes `mirror` (the same panel, built for another screen) follow this controller: it
    /// takes this one's values and page now, and from here on everything that changes them.
    /// Its replies and events go nowhere: this controller speaks for the panel.
    public func addMirror(_ mirror: PanelController, at time: Double) {
        precondition(mirror !== self && mirror.mirrors.isEmpty, "a mirror follows one primary and has no mirrors of its own")
        mirror.emit = { _ in }
        mirror.eventSink = nil
        mirror.reloader = nil
        mirrors.append(mirror)
        mirror.shareScreenPower(with: self)
        resync(mirror, at: time)
    }

    /// Input this controller delivered, for its mirrors (they skip the screen-power filter:
    /// the primary decided, and screen power is one state for every screen).
    package func mirror(_ event: InputEvent, at time: Double) {
        for m in mirrors { m.take(m.router.route(event, in: m.scene, time: time), at: time) }
    }

    /// A command this controller executed, for its mirrors, when it can change what they show
    /// (one that failed here fails there the same way, silently).
    package func mirror(_ command: PanelCommand, at time: Double) {
        guard !mirrors.isEmpty else { return }
        switch command.action {
        case .widget, .page, .drawer:
            for m in mirrors { m.execute(command, at: time, from: nil) }
        case .list, .get, .getPanel, .observe, .screenshot, .reload, .screen, .dump:
            break   // nothing to show, or handled apart (reload: `replacePanelWithMirrors`; screen: one state)
        }
    }

    /// A reload: the new layout on this screen and on every mirror, each keeping its values.
    /// A mirror that cannot build it (no memory for its layers) keeps the old layout and is
    /// told the values at rest (`resyncMirrorsAtRest`).
    public func replacePanelWithMirrors(_ panel: Panel, at time: Double) throws(GraphicsError) {
        try replacePanel(panel, at: time)
        for m in mirrors { try? m.replacePanel(panel, at: time) }
    }

    /// A safety net, asked for after changes: when nothing moves, every mirror must show this
    /// panel's values, page and drawer position; one that does not (a resize rebuilt it and
    /// dropped a touch in progress) takes them without animation. Returns how many did.
    @discardableResult
    public func resyncMirrorsAtRest(at time: Double) -> Int {
        guard !mirrors.isEmpty, !isMoving(at: time) else { return 0 }
        var resynced = 0
        let state = savedState()
        for m in mirrors where !m.isMoving(at: time) {
            if m.savedState() != state || m.scene.drawer?.reveal.finalPosition != scene.drawer?.reveal.finalPosition {
                resync(m, at: time)
                resynced += 1
            }
        }
        return resynced
    }

    private func resync(_ mirror: PanelController, at time: Double) {
        mirror.restore(savedState(), at: time)
        if let position = scene.drawer?.reveal.finalPosition, let drawer = mirror.scene.drawer, drawer.reveal.finalPosition != position {
            mirror.handle(drawerOutputs: drawer.setPosition(position, animated: false, at: time), at: time)
        }
    }

    /// Something animates (a widget on any page, the drawer) at `time`.
    package func isMoving(at time: Double) -> Bool {
        scene.allWidgets.contains { $0.isAnimating(at: time) } || (scene.drawer?.reveal.isBusy ?? false)
    }
}
