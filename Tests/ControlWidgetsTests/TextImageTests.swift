import Graphics
import Testing
@testable import ControlWidgets

/// A label or clock whose text changes redraws into the same image and damages only where the
/// old or the new text has ink: the picture must be the one a fresh widget draws, and every
/// pixel that changed must lie in the damage.
@Suite struct TextImageTests {
    static let texts = ["12.34 kW", "9.99 kW", "—", "", "1000.00 kW", "Wg jy", "12.34 kW", "1.0"]
    static let mapping = ScreenMapping(scale: 1.5, offsetX: 7, offsetY: 3)
    static let screen = (width: 720, height: 200)

    private func label(_ text: String, alignment: TextLayout.Alignment, icon: WidgetIcon?) -> LabelView {
        LabelView(id: "l", frame: Rect(x: 20, y: 10, width: 440, height: 80), text: text, fontName: "DejaVu Sans",
                  fontSize: 48, color: Color(red: 1, green: 0.9, blue: 0.3), alignment: alignment, bold: true, icon: icon)
    }

    private func render(_ view: any WidgetView, clip: [Rect]? = nil, onto base: ImageSurface? = nil) throws -> ImageSurface {
        let s = try ImageSurface(width: Self.screen.width, height: Self.screen.height)
        let ctx = DrawingContext(surface: s)
        if let base { ctx.setSource(base, at: .zero, smooth: false); ctx.paint() }
        if let clip {
            for r in clip { ctx.addRect(r) }
            ctx.clip()
            ctx.clear()
        }
        view.draw(in: ctx, mapping: Self.mapping, time: 0)
        return s
    }

    private func pixels(_ s: ImageSurface) -> [UInt32] {
        s.withPixelBytes { base, stride in
            (0..<s.height).flatMap { y in (0..<s.width).map { x in base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self) } }
        }
    }

    /// Each text in turn: the damage covers every changed pixel, is smaller than the frame
    /// for a short text, and repainting only the damage gives the fresh label's picture.
    @Test(arguments: [TextLayout.Alignment.left, .center, .right])
    func aNewTextDamagesItsInkAndDrawsLikeAFreshLabel(_ alignment: TextLayout.Alignment) throws {
        for icon in [nil, try WidgetIcon.make("mdi:flash")] {
            let live = label(Self.texts[0], alignment: alignment, icon: icon)
            let bounds = live.paintBounds(Self.mapping)
            #expect(live.damage(Self.mapping, at: 0) == [bounds], "a new image repaints the frame")
            var shown = try render(live)
            for text in Self.texts.dropFirst() {
                live.setText(text)
                let damage = live.damage(Self.mapping, at: 0)
                let fresh = pixels(try render(label(text, alignment: alignment, icon: icon)))
                let before = pixels(shown)
                let boxes = damage.map(PixelRect.init(covering:))
                let outside = fresh.indices.filter { i in
                    let x = i % Self.screen.width, y = i / Self.screen.width
                    return fresh[i] != before[i] && !boxes.contains { x >= $0.x && x < $0.maxX && y >= $0.y && y < $0.maxY }
                }
                #expect(outside.isEmpty, "\(alignment) '\(text)': \(outside.count) pixels changed outside \(boxes), the first at \(outside.first.map { ($0 % Self.screen.width, $0 / Self.screen.width) } as Any)")
                if text.count < 6 { #expect(boxes.allSatisfy { $0.area < PixelRect(covering: bounds).area }, "'\(text)' damaged \(boxes)") }
                shown = try render(live, clip: damage, onto: shown)
                let repainted = pixels(shown)
                #expect(repainted == fresh, "\(alignment) '\(text)': \(zip(repainted, fresh).filter { $0 != $1 }.count) pixels differ from a fresh label")
            }
        }
    }

    /// Nothing new to show (the runtime asked for a repaint: a stale look): the whole frame.
    @Test func aRepaintWithTheSameTextDamagesTheFrame() {
        let v = label("21.5 °C", alignment: .center, icon: nil)
        _ = v.damage(Self.mapping, at: 0)
        #expect(v.damage(Self.mapping, at: 0) == [v.paintBounds(Self.mapping)])
    }
}
