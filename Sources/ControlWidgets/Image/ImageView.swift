import Graphics
import PanelSystem

/// A picture in a frame, from a file (`src`) or from an MQTT topic whose payload is the
/// picture itself (a doorbell snapshot), fitted (`contain`) or filled (`cover`) into it with
/// rounded corners; a placeholder (a picture glyph and a line of text on the theme's surface)
/// while there is none, while it is stale, and after damaged data. A picture is decoded when it
/// arrives (a JPEG reduced by the DCT towards the frame's size; from a topic, on the runtime's
/// decoding thread between `prepare` and `finish`), scaled once to the frame at the screen's
/// scale on its first frame, and from then on composited as a copy.
public final class ImageView: WidgetView {
    public let id: String
    public let frame: Rect
    public private(set) var model: ImageModel
    public let fit: ImageFit
    public let placeholderText: String
    public let cornerRadius: Double
    public let surfaceColor: Color
    public let mutedColor: Color
    public let fontName: String
    /// Whether pictures come from a topic (`get` says `stale` only for those).
    public let takesPayloads: Bool
    public var needsDisplay = true
    public var hasFocus = false
    public var acceptsFocus: Bool { false }

    /// The picture as decoded (maybe DCT-reduced), until it is scaled to the frame.
    private var decoded: ImageSurface?
    private var scaled: (scale: Double, image: ImageSurface, at: Rect)?
    /// The screen scale the last frame was drawn at: the next picture is decoded for it.
    private var lastScale = 1.0

    /// The largest payload taken from a topic: a 1080p snapshot is 0.2–0.5 MB.
    public static let maxPayloadBytes = 4 << 20

    public init(id: String, frame: Rect, fit: ImageFit, placeholderText: String, cornerRadius: Double,
                surfaceColor: Color, mutedColor: Color, fontName: String, takesPayloads: Bool) {
        self.id = id; self.frame = frame; self.fit = fit; self.placeholderText = placeholderText
        self.cornerRadius = cornerRadius; self.surfaceColor = surfaceColor; self.mutedColor = mutedColor
        self.fontName = fontName; self.takesPayloads = takesPayloads
        model = ImageModel()
    }

    public func paintBounds(_ mapping: ScreenMapping) -> Rect { mapping.toScreen(frame) }

    // MARK: pictures

    /// Takes picture bytes from `origin`: decoded now, or the placeholder and why not.
    /// Returns the reason when the data was damaged and this is the first such in a row.
    @discardableResult
    public func show(_ bytes: [UInt8], from origin: ImageModel.Origin) -> (shown: Bool, note: String?) {
        switch prepare(bytes, from: origin) {
        case .refused(let note): return (false, note)
        case .decode(let job): return finish(job, job.run(), from: origin)
        }
    }

    /// What taking `bytes` needs: the header is read and bounded here (cheap), the decode is
    /// the caller's to run, here or on another thread, and to hand back to `finish`.
    public enum Preparation: Sendable {
        case decode(PictureDecode)
        /// Damaged or too large: the placeholder is shown already; the note as for `show`.
        case refused(note: String?)
    }

    public func prepare(_ bytes: [UInt8], from origin: ImageModel.Origin) -> Preparation {
        do throws(GraphicsError) {
            let header = try Picture.header(bytes)
            let place = fit.placement(picture: (header.width, header.height), frame: (frame.width * lastScale, frame.height * lastScale))
            let need = (Int((Double(header.width) * place.scale).rounded(.up)), Int((Double(header.height) * place.scale).rounded(.up)))
            return .decode(PictureDecode(bytes: bytes, header: header, minimum: need))
        } catch {
            return .refused(note: damaged(error.reason, bytes: bytes.count))
        }
    }

    /// A decode of `prepare`'s is done: the picture is shown from now on, or the placeholder.
    @discardableResult
    public func finish(_ job: PictureDecode, _ decoded: DecodedPicture, from origin: ImageModel.Origin) -> (shown: Bool, note: String?) {
        switch decoded.result {
        case .success(let surface):
            needsDisplay = true
            scaled = nil
            self.decoded = surface
            model.accepted(job.header, bytes: job.bytes.count, from: origin)
            return (true, nil)
        case .failure(let error):
            return (false, damaged(error.reason, bytes: job.bytes.count))
        }
    }

    private func damaged(_ why: String, bytes: Int) -> String? {
        needsDisplay = true
        scaled = nil
        decoded = nil
        return model.damaged(why, bytes: bytes) ? why : nil
    }

    public var rawPayloadLimit: Int? { takesPayloads ? Self.maxPayloadBytes : nil }

    public func takeRawPayload(_ rawPayload: [UInt8], at time: Double) -> RawPayloadIntake {
        switch prepare(rawPayload, from: .mqtt) {
        case .decode(let job): return .decode(job)
        case .refused(let note): return .done(events: damageEvents(bytes: rawPayload.count, note: note), note: note)
        }
    }

    public func finishRawPayload(_ job: PictureDecode, _ decoded: DecodedPicture, at time: Double) -> (events: [WidgetEvent], note: String?) {
        let (shown, note) = finish(job, decoded, from: .mqtt)
        guard shown, let p = model.picture else { return (damageEvents(bytes: job.bytes.count, note: note), note) }
        var f = EventFields()
        f.add("width", p.width); f.add("height", p.height); f.add("format", p.format.rawValue); f.add("bytes", job.bytes.count)
        f.add("source", "mqtt")
        return ([WidgetEvent("pictureChanged", f.fields)], nil)
    }

    /// One `pictureDamaged` for the first damaged payload of a run (`note` set), none after.
    private func damageEvents(bytes: Int, note: String?) -> [WidgetEvent] {
        guard note != nil else { return [] }
        var f = EventFields()
        f.add("bytes", bytes); f.add("reason", model.damage ?? "damaged"); f.add("source", "mqtt")
        return [WidgetEvent("pictureDamaged", f.fields)]
    }

    public func showStale(_ stale: Bool) {
        model.setStale(stale)
        needsDisplay = true
    }

    // MARK: drawing

    public func draw(in ctx: DrawingContext, mapping: ScreenMapping, time: Double) {
        lastScale = mapping.scale
        let box = mapping.toScreen(frame)
        guard !model.showsPlaceholder, let image = scaledImage(mapping.scale) else { return drawPlaceholder(ctx, box: box, scale: mapping.scale) }
        let at = Point(x: (box.x + image.at.x).rounded(), y: (box.y + image.at.y).rounded())
        ctx.newPath()
        ctx.setSource(image.image, at: at, smooth: false)
        ctx.addRect(Rect(x: at.x, y: at.y, width: Double(image.image.width), height: Double(image.image.height)))
        ctx.fill()
    }

    /// The picture scaled to the frame at `scale`, made once per picture and scale.
    private func scaledImage(_ scale: Double) -> (image: ImageSurface, at: Rect)? {
        if let scaled, scaled.scale == scale { return (scaled.image, scaled.at) }
        guard let decoded, let header = model.picture else { return nil }
        let frameSize = (width: (frame.width * scale).rounded(), height: (frame.height * scale).rounded())
        let place = fit.placement(picture: (header.width, header.height), frame: frameSize)
        let v = place.visible
        guard let out = try? ImageSurface(width: Int(v.width), height: Int(v.height)) else { return nil }
        let ctx = DrawingContext(surface: out)
        ctx.addRoundedRect(Rect(x: 0, y: 0, width: v.width, height: v.height), radius: cornerRadius * scale)
        ctx.clip()
        ctx.translate(place.offset.x - v.x, place.offset.y - v.y)
        ctx.scale(Double(header.width) * place.scale / Double(decoded.width), Double(header.height) * place.scale / Double(decoded.height))
        ctx.setSource(decoded, at: Point(x: 0, y: 0), smooth: true)
        ctx.paint()
        scaled = (scale, out, v)
        return (out, v)
    }

    private func drawPlaceholder(_ ctx: DrawingContext, box: Rect, scale: Double) {
        ctx.newPath()
        ctx.setColor(surfaceColor)
        ctx.addRoundedRect(box, radius: cornerRadius * scale)
        ctx.fill()
        // A picture glyph: a frame, a sun and a hill, a third of the box's short side.
        let side = Swift.min(box.width, box.height) * 0.34
        let textRoom = placeholderText.isEmpty ? 0 : Swift.min(box.height * 0.2, 16 * scale)
        let g = Rect(x: box.x + (box.width - side) / 2, y: box.y + (box.height - side * 0.8 - textRoom) / 2, width: side, height: side * 0.8)
        ctx.setColor(mutedColor)
        ctx.setLineWidth(Swift.max(1, side * 0.06))
        ctx.addRoundedRect(g, radius: side * 0.08); ctx.stroke()
        ctx.addCircle(center: Point(x: g.x + g.width * 0.7, y: g.y + g.height * 0.32), radius: side * 0.08); ctx.fill()
        ctx.move(to: Point(x: g.x + g.width * 0.12, y: g.y + g.height * 0.85))
        ctx.line(to: Point(x: g.x + g.width * 0.4, y: g.y + g.height * 0.45))
        ctx.line(to: Point(x: g.x + g.width * 0.62, y: g.y + g.height * 0.72))
        ctx.line(to: Point(x: g.x + g.width * 0.74, y: g.y + g.height * 0.6))
        ctx.line(to: Point(x: g.x + g.width * 0.88, y: g.y + g.height * 0.85))
        ctx.closePath(); ctx.fill()
        guard textRoom > 0 else { return }
        let layout = TextLayout(text: placeholderText, family: fontName, pixelSize: textRoom * 0.8, bold: false, context: ctx)
        layout.fit(.ellipsis, width: box.width * 0.9, height: textRoom * 1.3, alignment: .center)
        ctx.setColor(mutedColor)
        layout.draw(at: Point(x: box.x + box.width * 0.05, y: g.y + g.height + textRoom * 0.35))
    }

    // MARK: the protocol

    public func isAnimating(at time: Double) -> Bool { false }
    public func advance(to time: Double) -> [WidgetEvent] { [] }
    public func hitTest(_ point: Point) -> Bool { false }
    public func handle(_ input: WidgetInput, at time: Double) -> [WidgetEvent] { [] }
    public var typeName: String { "image" }
    public var commandKeys: [String: Set<String>] { ImageDescriptor.commands.verbs }

    public func apply(_ command: WidgetCommand, at time: Double) throws(WidgetCommandError) -> [WidgetEvent] {
        throw WidgetCommandError("an image takes no commands; its picture comes from 'src' or its topic")
    }

    /// `{"event":"state","width":320,"height":240,"format":"jpeg","placeholder":false}`: the
    /// picture's own size (as its header says), and whether the placeholder is shown instead.
    public func snapshot() -> WidgetEvent? {
        var f = EventFields()
        if let p = model.picture { f.add("width", p.width); f.add("height", p.height); f.add("format", p.format.rawValue) }
        f.add("placeholder", model.showsPlaceholder)
        if let d = model.damage { f.add("damage", d) }
        if model.picture != nil || model.damage != nil { f.add("bytes", model.bytes) }
        return WidgetEvent("state", f.fields)
    }
}
