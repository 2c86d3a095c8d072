import Graphics

/// Everything that decides how the generated knob image looks. Two equal artworks draw the
/// same pixels, so this is the key of the knob's image cache.
public struct KnobArtwork: Sendable, Hashable {
    /// What is drawn on the disc.
    public enum Face: Sendable, Hashable {
        /// Continuous mode: a pip near the rim, at the top when position is 0.
        case pip
        /// The disc alone: a turning pip knob draws its pip over this (KnobPainter.drawPip).
        case plain
        /// Discrete modes: one title per position, at the angle where that position sits,
        /// measured from the top, positive clockwise on screen (the reference's `actual`,
        /// already signed for `clockwise`). `zoomedIndex` is drawn at `zoomedPointSize`.
        case titles([String], angles: [Double], pointSize: Double, zoomedIndex: Int, zoomedPointSize: Double)
    }

    public var side: Double          // the square control's side, design pixels
    public var knobRadius: Double    // design pixels
    public var fill: Color
    public var titleColor: Color
    public var face: Face
    public var fontName: String
    public var scale: Double         // screen pixels per design pixel
    /// The pip as the reference's dot, or (flat style) a short radial line, which is never
    /// read as a bullet before the value beside it.
    public var linePointer = false

    public init(side: Double, knobRadius: Double, fill: Color, titleColor: Color, face: Face, fontName: String, scale: Double) {
        self.side = side; self.knobRadius = knobRadius; self.fill = fill; self.titleColor = titleColor
        self.face = face; self.fontName = fontName; self.scale = scale
    }

    /// Side of the cached image in screen pixels.
    public var pixelSide: Int { Swift.max(1, Int((side * scale).rounded(.up))) }
}
