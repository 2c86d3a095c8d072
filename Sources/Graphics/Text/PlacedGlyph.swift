/// One glyph where shaping or kerning put it: its id in its font, `cluster` (the index of the
/// first character it shows in the paragraph), its advance and its offset from the pen. The
/// units are the holder's: font units with y up from HarfBuzz, pixels in a paragraph.
struct PlacedGlyph {
    var id: UInt32
    var cluster: Int
    var advance: Double
    var dx: Double
    var dy: Double
}
