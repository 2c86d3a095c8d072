import PanelLayout

/// One screen-power state for every screen a panel process drives (`run --output all`,
/// `--output NAME=PANEL`, issue 12): the screens dim and switch off together, and input on any
/// of them wakes them all.
///
/// Why one state and not one per screen: the screens of one card belong to one appliance, and
/// the protocol has one screen state (`{"command":"screen"}`, the `screen` event, `get`): a
/// per-screen state would need a connector in each of them. A user working one screen of a
/// two-screen console also expects the other not to go dark under their eyes. The primary's
/// rules (its layout's `screen` object, `--dim-after`, `--off-after`) are the group's; another
/// panel's `screen` object is not used.
///
/// The group is state only: the controller whose input, timer or command changed the state
/// applies the change to every member (`PanelController.applyScreenChanges`).
///
/// Each member keeps its own picture (darkened or black frame where its output cannot dim or
/// blank) and its own hook to the hardware (the backlight and DPMS of its connector).
package final class ScreenPowerGroup {
    package var power = ScreenPower(settings: ScreenSettings())
    /// The controllers showing this state; the first (the primary) announces changes and
    /// sets the rules. Weak: each member holds the group.
    private var members: [Member] = []
    private struct Member { weak var controller: PanelController? }

    package var controllers: [PanelController] { members.compactMap(\.controller) }
    package var leader: PanelController? { controllers.first }

    package func add(_ controller: PanelController) {
        guard !controllers.contains(where: { $0 === controller }) else { return }
        members.append(Member(controller: controller))
    }

    package func remove(_ controller: PanelController) {
        members.removeAll { $0.controller == nil || $0.controller === controller }
    }

    /// The member's number, which keeps the touch ids of different screens' devices apart
    /// (each device numbers its touches from 0).
    package func index(of controller: PanelController) -> Int {
        controllers.firstIndex { $0 === controller } ?? 0
    }
}
