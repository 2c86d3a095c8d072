/// The page drawer's keys: SWRevealViewController 2.3.0's properties with its names and
/// defaults (reference document 003; its points are design pixels here), plus `menuButton`.
extension PanelSchema {
    static let revealLength = ValueRule.number(min: .atLeast(-8192), max: .atMost(8192))
    static let drawerLength = ValueRule.number(min: .atLeast(0), max: .atMost(8192))
    static let duration = ValueRule.number(min: .atLeast(0.01), max: .atMost(10))

    public static let menuButtonCorners = ["topLeft", "topRight", "bottomLeft", "bottomRight", "none"]

    public static let drawer = ObjectSchema(name: "drawer", properties: [
        PropertyRule("rearViewRevealWidth", revealLength, default: .number(260),
                     doc: "How much of the page menu (rear view) shows when open; negative: the panel width minus this, so the visible part of the page stays constant."),
        PropertyRule("rearViewRevealOverdraw", drawerLength, default: .number(60),
                     doc: "How far past the reveal width a drag may pull the page (at half the finger's speed)."),
        PropertyRule("rearViewRevealDisplacement", revealLength, default: .number(40),
                     doc: "How far the menu lags behind the page while it slides in."),
        PropertyRule("rightViewRevealWidth", revealLength, default: .number(260),
                     doc: "How much of the right view (the page with role right) shows when open; negative as for rearViewRevealWidth."),
        PropertyRule("rightViewRevealOverdraw", drawerLength, default: .number(60),
                     doc: "The overdraw on the right view's side."),
        PropertyRule("rightViewRevealDisplacement", revealLength, default: .number(40),
                     doc: "How far the right view lags behind the page while it slides in."),
        PropertyRule("bounceBackOnOverdraw", .bool, default: .bool(true),
                     doc: "A slow release in the menu's overdraw closes the drawer."),
        PropertyRule("bounceBackOnLeftOverdraw", .bool, default: .bool(true),
                     doc: "A slow release in the right view's overdraw closes it."),
        PropertyRule("stableDragOnOverdraw", .bool, default: .bool(false),
                     doc: "The menu's overdraw follows the finger 1:1 and a release there may rest at rightMost."),
        PropertyRule("stableDragOnLeftOverdraw", .bool, default: .bool(false),
                     doc: "The same on the right view's side (rests at leftSideMost)."),
        PropertyRule("presentFrontViewHierarchically", .bool, default: .bool(false),
                     doc: "Accepted for compatibility; a panel has no navigation bar to present the page below, so it has no effect."),
        PropertyRule("draggableBorderWidth", drawerLength, default: .number(0),
                     doc: "A pan on the closed drawer must start this close to an edge; 0 means anywhere."),
        PropertyRule("quickFlickVelocity", .number(min: .above(0), max: .atMost(1_000_000)), default: .number(250),
                     doc: "A release faster than this (design pixels per second) decides the direction; slower releases go to the nearest position."),
        PropertyRule("toggleAnimationDuration", duration, default: .number(0.25),
                     doc: "Seconds a toggle, tap or push leg takes (the spring always runs this long)."),
        PropertyRule("toggleAnimationType", .enumeration(["spring", "easeOut"]), default: .string("spring"),
                     doc: "spring: a damped spring (springDampingRatio); easeOut: Core Animation's ease-out curve."),
        PropertyRule("springDampingRatio", .number(min: .atLeast(0.1), max: .atMost(1)), default: .number(1),
                     doc: "1: critically damped, no overshoot; lower values overshoot and swing back."),
        PropertyRule("replaceViewAnimationDuration", duration, default: .number(0.25),
                     doc: "Accepted for compatibility; pages are replaced by pushes (toggleAnimationDuration) or instantly."),
        PropertyRule("frontViewShadowRadius", .number(min: .atLeast(0), max: .atMost(100)), default: .number(2.5),
                     doc: "Blur radius of the page's shadow on the menu, design pixels."),
        PropertyRule("frontViewShadowOffset", .tuple([TupleElement("dx", .shadowDistance), TupleElement("dy", .shadowDistance)]),
                     default: .array([.number(0), .number(2.5)]), doc: "Shadow offset [dx, dy] in design pixels (y down)."),
        PropertyRule("frontViewShadowOpacity", .number(min: .atLeast(0), max: .atMost(1)), default: .number(1),
                     doc: "Opacity of the page's shadow, 0…1."),
        PropertyRule("frontViewShadowColor", .color, default: .string("#000000"), doc: "Colour of the page's shadow."),
        PropertyRule("menuButton", .enumeration(menuButtonCorners), default: .string("topLeft"),
                     doc: "The page corner with the button that toggles the menu (knob-panel's own key); none hides it."),
    ])
}
