/// What the drawer tells the runtime: the reference's delegate calls, plus the moment of a
/// push at which the front page must be replaced.
public enum DrawerOutput: Sendable, Equatable {
    /// `revealController:willMoveToPosition:`: an animation towards a new position starts.
    case willMove(FrontViewPosition)
    /// `revealController:didMoveToPosition:`: the animation ended there.
    case didMove(FrontViewPosition)
    /// `panGestureMovedToLocation:progress:overProgress:` (the runtime sends one per frame).
    case pan(progress: Double, overProgress: Double)
    /// A push reached its replacement step: show page `page` as the front from now on.
    case replaceFront(page: Int)
}

/// The reveal controller's behaviour (SWRevealViewController) as a pure model: the front's
/// position, drags with the reference's resistance and release rules, and a queue of
/// animations run one after another (a push is three steps: slide out, replace, slide back).
/// Like the reference, requests that arrive while something runs wait their turn, and a drag
/// cannot start while the queue is busy. Every call carries the frame clock's time.
public struct RevealController: Sendable {
    public private(set) var geometry: RevealGeometry
    /// The position the front rests in, or is on its way to (the reference's `frontViewPosition`).
    public private(set) var position: FrontViewPosition = .left

    enum Step: Sendable, Equatable {
        case move(FrontViewPosition, duration: Double)
        case replace(page: Int)
    }

    private var queue: [Step] = []
    private var animation: RevealAnimation?
    /// The position whose didMove is due when the running animation ends.
    private var arriving: FrontViewPosition?
    /// While a finger drags the front: the position it started from and the front's x.
    private var drag: (from: FrontViewPosition, x: Double)?
    /// The front's x at rest (after an instant move or an animation).
    private var restingX = 0.0

    public init(geometry: RevealGeometry) { self.geometry = geometry }

    public var settings: DrawerSettings { geometry.settings }

    // MARK: state

    /// The front's left edge at `time`, design pixels.
    public func frontLocation(at time: Double) -> Double {
        if let drag { return drag.x }
        if let animation { return animation.location(at: time) }
        return restingX
    }

    /// True while an animation or a drag moves the front, or steps wait in the queue.
    public var isBusy: Bool { drag != nil || animation != nil || !queue.isEmpty }
    public var isDragging: Bool { drag != nil }
    /// The end of the running animation, if any.
    public var animationEnd: Double? { animation?.end }

    /// The position after every queued step has run.
    public var finalPosition: FrontViewPosition {
        for step in queue.reversed() { if case .move(let p, _) = step { return adjusted(p) } }
        return position
    }

    // MARK: requests (revealToggle, setFrontViewPosition, pushFrontViewController, tap)

    /// `setFrontViewPosition:animated:` (toggleAnimationDuration when animated).
    public mutating func setPosition(_ p: FrontViewPosition, animated: Bool, at time: Double) -> [DrawerOutput] {
        queue.append(.move(p, duration: animated ? settings.toggleAnimationDuration : 0))
        return advance(to: time)
    }

    /// `revealToggle:`: closed or right view showing → menu; menu showing → closed.
    public mutating func toggle(animated: Bool, at time: Double) -> [DrawerOutput] {
        setPosition(finalPosition <= .left ? .right : .left, animated: animated, at: time)
    }

    /// `rightRevealToggle:`: the mirror image of `toggle`.
    public mutating func rightToggle(animated: Bool, at time: Double) -> [DrawerOutput] {
        setPosition(finalPosition >= .left ? .leftSide : .left, animated: animated, at: time)
    }

    /// `pushFrontViewController:animated:`: from an open drawer the front slides out to the
    /// most position (0.8 × the toggle duration when it is one step away), is replaced, and
    /// slides back to `left`; from `left` it is replaced where it is. Pushing the page
    /// already shown just closes the drawer.
    public mutating func push(page: Int, isShown: Bool, animated: Bool, at time: Double) -> [DrawerOutput] {
        if isShown { return setPosition(.left, animated: animated, at: time) }
        let now = finalPosition
        let pre: FrontViewPosition = now > .left ? .rightMost : now < .left ? .leftSideMost : .left
        if animated {
            let d = settings.toggleAnimationDuration
            let steps = abs(now.rawValue - pre.rawValue)
            let first = steps == 0 ? 0 : steps == 1 ? d * 0.8 : d
            queue += [.move(pre, duration: first), .replace(page: page), .move(.left, duration: d)]
        } else {
            queue += [.replace(page: page), .move(.left, duration: 0)]
        }
        return advance(to: time)
    }

    /// A tap on the exposed part of the front closes the drawer (the reference's tap
    /// recognizer, which does nothing while closed, removed, or busy).
    public mutating func tapFront(at time: Double) -> [DrawerOutput] {
        guard !isBusy, position != .left, !position.removesFront else { return [] }
        return setPosition(.left, animated: true, at: time)
    }

    // MARK: dragging

    /// Whether a pan starting at design x `x` may move the drawer now: not while anything
    /// runs, and on a closed drawer only within `draggableBorderWidth` of an edge that has a
    /// view to reveal (0 = anywhere).
    public func panMayBegin(atX x: Double) -> Bool {
        guard !isBusy else { return false }
        let border = settings.draggableBorderWidth
        guard position == .left, border > 0 else { return true }
        return (geometry.hasRear && x <= border) || (geometry.hasRight && x >= geometry.viewWidth - border)
    }

    public mutating func beginDrag(at time: Double) {
        guard !isBusy else { return }
        drag = (position, restingX)
    }

    /// The finger is `translation` design pixels right of where it went down.
    public mutating func drag(translation: Double, at time: Double) -> [DrawerOutput] {
        guard let d = drag else { return [] }
        var x = geometry.location(of: d.from) + translation
        if x < 0 && !geometry.hasRight { x = 0 }
        if x > 0 && !geometry.hasRear { x = 0 }
        let adjusted = geometry.adjustedDragLocation(x, startedAt: d.from)
        drag = (d.from, adjusted)
        let p = geometry.progress(at: adjusted)
        return [.pan(progress: p.progress, overProgress: p.overProgress)]
    }

    /// The finger lifted moving at `velocity` design pixels per second (positive = right).
    public mutating func endDrag(velocity: Double, at time: Double) -> [DrawerOutput] {
        guard let d = drag else { return [] }
        let (destination, duration) = RevealReleaseRule.destination(location: d.x, velocity: velocity, geometry: geometry)
        drag = nil
        restingX = d.x
        queue.insert(.move(destination, duration: duration), at: 0)
        return advance(to: time)
    }

    /// A cancelled touch: the front goes back where the drag started.
    public mutating func cancelDrag(at time: Double) -> [DrawerOutput] {
        guard let d = drag else { return [] }
        drag = nil
        restingX = d.x
        queue.insert(.move(d.from, duration: settings.toggleAnimationDuration), at: 0)
        return advance(to: time)
    }

    // MARK: time

    /// Runs the queue up to `time`: ends animations that are over (didMove), starts the next
    /// steps at the moment the previous one ended, so a late frame does not stretch a push.
    public mutating func advance(to time: Double) -> [DrawerOutput] {
        var out: [DrawerOutput] = []
        var clock = time
        while drag == nil {
            if let a = animation {
                guard a.end <= time else { break }
                animation = nil
                restingX = a.to
                clock = a.end
                if let p = arriving { out.append(.didMove(p)); arriving = nil }
                continue
            }
            guard !queue.isEmpty else { break }
            switch queue.removeFirst() {
            case .replace(let page):
                out.append(.replaceFront(page: page))
            case let .move(requested, duration):
                let p = adjusted(requested)
                let changing = p != position
                if changing { out.append(.willMove(p)) }
                position = p
                let from = restingX, to = geometry.location(of: p)
                if duration > 0 && from != to {
                    animation = RevealAnimation.make(from: from, to: to, start: clock, tripDuration: duration, settings: settings)
                    arriving = changing ? p : nil
                } else {
                    restingX = to
                    if changing { out.append(.didMove(p)) }
                }
            }
        }
        return out
    }

    /// A position towards a side without a view stays closed (the reference's deployment rule).
    func adjusted(_ p: FrontViewPosition) -> FrontViewPosition {
        if (p < .left && !geometry.hasRight) || (p > .left && !geometry.hasRear) { return .left }
        return p
    }
}
