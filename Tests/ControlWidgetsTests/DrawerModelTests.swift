import Testing
@testable import ControlWidgets

/// The page drawer's model against SWRevealViewController 2.3.0 (reference document 003):
/// defaults reveal width 260, overdraw 60, displacement 40, quickFlickVelocity 250,
/// bounceBackOnOverdraw true, stableDragOnOverdraw false, toggleAnimationDuration 0.25.
@Suite struct DrawerModelTests {
    static func geometry(_ change: (inout DrawerSettings) -> Void = { _ in }, hasRight: Bool = true) -> RevealGeometry {
        var s = DrawerSettings()
        change(&s)
        return RevealGeometry(settings: s, viewWidth: 1280, hasRear: true, hasRight: hasRight)
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    /// Positions rest at 0, ±260 (reveal width), ±320 (reveal width + overdraw); the removed
    /// positions rest with the most positions. A negative reveal width is the view width
    /// minus it: 1280 − 1000 = 280.
    @Test func restingLocations() {
        let g = Self.geometry()
        let expected: [FrontViewPosition: Double] = [.leftSideMostRemoved: -320, .leftSideMost: -320, .leftSide: -260,
                                                     .left: 0, .right: 260, .rightMost: 320, .rightMostRemoved: 320]
        for (p, x) in expected { #expect(g.location(of: p) == x, "\(p.name)") }
        #expect(Self.geometry { $0.rearViewRevealWidth = -1000 }.location(of: .right) == 280)
        #expect(FrontViewPosition(name: "leftSideMost") == .leftSideMost && FrontViewPosition.right.mirrored == .leftSide)
    }

    struct Release: Sendable, CustomTestStringConvertible {
        var x, velocity: Double; var bounceBack, stableDrag: Bool; var position: FrontViewPosition; var duration: Double
        var testDescription: String { "x \(x) v \(velocity) → \(position.name)" }
    }

    /// The release-rule table from the reference's end-of-pan code. Flick durations are
    /// |distance left ÷ velocity|; a slow release takes toggleAnimationDuration (0.25 s).
    static let releaseTable: [Release] = [
        Release(x: 100.0, velocity: 300.0, bounceBack: true, stableDrag: false, position: .right, duration: 160.0 / 300),   // flick open: (260−100)/300
        Release(x: 200.0, velocity: -300.0, bounceBack: true, stableDrag: false, position: .left, duration: 200.0 / 300),   // flick closed: 200/300
        Release(x: 100.0, velocity: 250.0, bounceBack: true, stableDrag: false, position: .left, duration: 0.25),   // 250 is not faster than 250: nearest, 100 ≤ 130
        Release(x: 100.0, velocity: 0.0, bounceBack: true, stableDrag: false, position: .left, duration: 0.25),   // short of half-way
        Release(x: 140.0, velocity: 0.0, bounceBack: true, stableDrag: false, position: .right, duration: 0.25),   // past half-way (130)
        Release(x: 130.0, velocity: 0.0, bounceBack: true, stableDrag: false, position: .left, duration: 0.25),   // exactly half-way stays closed
        Release(x: 280.0, velocity: 0.0, bounceBack: true, stableDrag: false, position: .left, duration: 0.25),   // in the overdraw: bounce back
        Release(x: 280.0, velocity: 300.0, bounceBack: true, stableDrag: false, position: .right, duration: 20.0 / 300),   // flick in the overdraw: right, |260−280|/300
        Release(x: 280.0, velocity: 0.0, bounceBack: false, stableDrag: false, position: .right, duration: 0.25),   // no bounce back, no stable drag
        Release(x: 280.0, velocity: 0.0, bounceBack: false, stableDrag: true, position: .right, duration: 0.25),   // stable drag, short of 260+30
        Release(x: 300.0, velocity: 0.0, bounceBack: false, stableDrag: true, position: .rightMost, duration: 0.25),   // stable drag, past 290
        Release(x: 280.0, velocity: 300.0, bounceBack: false, stableDrag: true, position: .rightMost, duration: 40.0 / 300),   // flick: (320−280)/300
        Release(x: -140.0, velocity: 0.0, bounceBack: true, stableDrag: false, position: .leftSide, duration: 0.25),   // mirrored: right view past half-way
        Release(x: -100.0, velocity: -300.0, bounceBack: true, stableDrag: false, position: .leftSide, duration: 160.0 / 300),   // mirrored flick open
        Release(x: -200.0, velocity: 300.0, bounceBack: true, stableDrag: false, position: .left, duration: 200.0 / 300),   // mirrored flick closed
    ]

    @Test(arguments: releaseTable)
    func releaseRule(_ row: Release) {
        let (x, v, bounce, stable, position, duration) = (row.x, row.velocity, row.bounceBack, row.stableDrag, row.position, row.duration)
        let g = Self.geometry {
            $0.bounceBackOnOverdraw = bounce; $0.stableDragOnOverdraw = stable
            $0.bounceBackOnLeftOverdraw = bounce; $0.stableDragOnLeftOverdraw = stable
        }
        let result = RevealReleaseRule.destination(location: x, velocity: v, geometry: g)
        #expect(result.position == position)
        #expect(Self.close(result.duration, duration))
    }

    /// Resistance: 1:1 to 260, then half the finger's movement until 320 (finger at 380),
    /// then held. With stableDrag (or from rightMost) the overdraw is 1:1 up to 320.
    @Test func dragResistance() {
        let g = Self.geometry()
        #expect(g.adjustedDragLocation(200, startedAt: .left) == 200)
        #expect(g.adjustedDragLocation(300, startedAt: .left) == 280)       // 260 + 40/2
        #expect(g.adjustedDragLocation(380, startedAt: .left) == 320)       // 260 + 120/2
        #expect(g.adjustedDragLocation(500, startedAt: .left) == 320)
        #expect(g.adjustedDragLocation(-300, startedAt: .left) == -280)     // mirrored
        #expect(Self.geometry { $0.stableDragOnOverdraw = true }.adjustedDragLocation(300, startedAt: .left) == 300)
        #expect(g.adjustedDragLocation(300, startedAt: .rightMost) == 300)
        #expect(g.adjustedDragLocation(400, startedAt: .rightMost) == 320)
    }

    /// progress = x / 260; overProgress = (x − 260) / 60 (negative inside the reveal width).
    @Test func progressAndOverProgress() {
        let rows: [(x: Double, progress: Double, over: Double)] = [
            (0, 0, -260.0 / 60), (130, 0.5, -130.0 / 60), (260, 1, 0), (290, 290.0 / 260, 0.5),
            (320, 320.0 / 260, 1), (-130, 0.5, -130.0 / 60), (-320, 320.0 / 260, 1),
        ]
        for row in rows {
            let p = Self.geometry().progress(at: row.x)
            #expect(Self.close(p.progress, row.progress), "x \(row.x)")
            #expect(Self.close(p.overProgress, row.over), "x \(row.x)")
        }
    }

    /// The rear view lags: −40 closed, −20 half-way, 0 from the reveal width on; the right
    /// view sits 40 further right while closed, 0 once revealed.
    @Test func displacement() {
        let g = Self.geometry()
        #expect(g.rearViewX(frontX: 0) == -40)
        #expect(g.rearViewX(frontX: 130) == -20)
        #expect(g.rearViewX(frontX: 260) == 0)
        #expect(g.rearViewX(frontX: 320) == 0)
        #expect(g.rightViewShift(frontX: 0) == 40)
        #expect(g.rightViewShift(frontX: -130) == 20)
        #expect(g.rightViewShift(frontX: -300) == 0)
        #expect(g.rearViewWidth == 320)
    }

    /// Samples of a 0 → 260 trip at 60 Hz: damping 1 never passes 260 and never goes back;
    /// damping 0.5 overshoots (first peak ≈ e^(−πζ/√(1−ζ²)) ≈ 16 % past the target).
    @Test func springDampingOneDoesNotOvershootLowerDampingDoes() {
        func samples(_ damping: Double) -> [Double] {
            var s = DrawerSettings()
            s.springDampingRatio = damping
            let a = RevealAnimation.make(from: 0, to: 260, start: 1, tripDuration: 0.25, settings: s)
            return (0...20).map { a.location(at: 1 + Double($0) / 60) }
        }
        let critical = samples(1)
        #expect(critical.allSatisfy { $0 <= 260 })
        #expect(zip(critical, critical.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(critical.last == 260)
        let bouncy = samples(0.5)
        let peak = bouncy.max()!
        #expect(peak > 260 * 1.1 && peak < 260 * 1.2)
        #expect(bouncy.last == 260)
    }

    /// Ease-out: starts at `from`, ends at `to` after the trip's own duration, monotone, and
    /// ahead of linear at half time (y(0.5) of the Bézier (0,0)(0,0)(0.58,1)(1,1) ≈ 0.69).
    @Test func easeOutCurve() {
        var s = DrawerSettings()
        s.toggleAnimationType = .easeOut
        let a = RevealAnimation.make(from: 260, to: 0, start: 0, tripDuration: 0.4, settings: s)
        #expect(a.duration == 0.4)
        #expect(a.location(at: 0) == 260 && a.location(at: 0.4) == 0)
        let f = RevealAnimation.easeOut(0.5)
        #expect(f > 0.65 && f < 0.72)
        let xs = (0...24).map { a.location(at: Double($0) / 60) }
        #expect(zip(xs, xs.dropFirst()).allSatisfy { $0 >= $1 })
    }

    /// revealToggle: willMove at once, didMove when the 0.25 s spring ends; toggling again closes.
    @Test func toggleSendsWillAndDidMove() {
        var c = RevealController(geometry: Self.geometry())
        #expect(c.toggle(animated: true, at: 1) == [.willMove(.right)])
        #expect(c.frontLocation(at: 1) == 0)
        #expect(c.advance(to: 1.2) == [])
        #expect(c.frontLocation(at: 1.2) > 200 && c.frontLocation(at: 1.2) < 260)
        #expect(c.advance(to: 1.25) == [.didMove(.right)])
        #expect(c.frontLocation(at: 1.3) == 260 && !c.isBusy)
        #expect(c.toggle(animated: false, at: 2) == [.willMove(.left), .didMove(.left)])
    }

    /// pushFrontViewController from the open menu: out to rightMost, replace, back to left;
    /// each leg runs the spring's 0.25 s and starts when the previous ended.
    @Test func pushFromOpenMenu() {
        var c = RevealController(geometry: Self.geometry())
        _ = c.setPosition(.right, animated: false, at: 0)
        #expect(c.push(page: 2, isShown: false, animated: true, at: 1) == [.willMove(.rightMost)])
        #expect(c.advance(to: 1.26) == [.didMove(.rightMost), .replaceFront(page: 2), .willMove(.left)])
        // The second leg started at 1.25, not at 1.26.
        #expect(c.frontLocation(at: 1.25 + 0.25) == 0)
        #expect(c.advance(to: 1.5) == [.didMove(.left)])
        // From the closed drawer the page is replaced in place (pre-replacement position = left).
        #expect(c.push(page: 1, isShown: false, animated: true, at: 2) == [.replaceFront(page: 1)])
        // Pushing the page on show just closes.
        _ = c.setPosition(.right, animated: false, at: 3)
        #expect(c.push(page: 1, isShown: true, animated: false, at: 4) == [.willMove(.left), .didMove(.left)])
    }

    /// A drag past half-way and released slowly opens; the pan reports progress; a tap on
    /// the open front closes; requests wait while the queue is busy.
    @Test func dragReleaseAndTap() {
        var c = RevealController(geometry: Self.geometry())
        #expect(c.panMayBegin(atX: 600))
        c.beginDrag(at: 0)
        #expect(c.drag(translation: 195, at: 0.1) == [.pan(progress: 0.75, overProgress: -65.0 / 60)])
        #expect(c.frontLocation(at: 0.1) == 195)
        #expect(c.endDrag(velocity: 0, at: 0.2) == [.willMove(.right)])
        #expect(c.frontLocation(at: 0.2) == 195)
        #expect(!c.panMayBegin(atX: 600))
        #expect(c.tapFront(at: 0.3) == [])                  // busy: ignored
        #expect(c.advance(to: 0.45) == [.didMove(.right)])
        #expect(c.tapFront(at: 1) == [.willMove(.left)])
        // A short drag released back where it started sends no will/didMove.
        _ = c.advance(to: 2)
        c.beginDrag(at: 3)
        _ = c.drag(translation: 50, at: 3.1)
        #expect(c.endDrag(velocity: 0, at: 3.2) == [])
        #expect(c.advance(to: 3.5) == [] && c.frontLocation(at: 3.5) == 0)
    }

    /// draggableBorderWidth limits where a pan may start on the closed drawer only.
    @Test func draggableBorder() {
        let c = RevealController(geometry: Self.geometry({ $0.draggableBorderWidth = 40 }, hasRight: false))
        #expect(c.panMayBegin(atX: 30))
        #expect(!c.panMayBegin(atX: 600))
        #expect(!c.panMayBegin(atX: 1270))                   // no right view to reveal
    }

    /// The recognizer: 5 px mostly sideways starts a pan; velocity over the last 0.1 s.
    @Test func panRecognizer() {
        var r = DrawerPanRecognizer(down: .init(x: 100, y: 100), at: 0)
        #expect(r.move(to: .init(x: 104, y: 101), at: 0.02) == .none)
        #expect(r.move(to: .init(x: 110, y: 102), at: 0.04) == .began(translation: 10))
        #expect(r.move(to: .init(x: 150, y: 102), at: 0.06) == .moved(translation: 50))
        #expect(r.move(to: .init(x: 200, y: 102), at: 0.14) == .moved(translation: 100))
        // From the sample at 0.04 (the newest ≥ 0.1 s before 0.14): 90 px in 0.1 s.
        #expect(r.lift(at: 0.15) == .ended(velocity: 900))
        var v = DrawerPanRecognizer(down: .init(x: 100, y: 100), at: 0)
        #expect(v.move(to: .init(x: 102, y: 120), at: 0.05) == .none)
        #expect(v.move(to: .init(x: 160, y: 120), at: 0.1) == .none)   // failed: vertical first
        #expect(v.lift(at: 0.2) == .none)
        var t = DrawerPanRecognizer(down: .init(x: 100, y: 100), at: 0)
        #expect(t.lift(at: 0.1) == .tap)
    }
}
