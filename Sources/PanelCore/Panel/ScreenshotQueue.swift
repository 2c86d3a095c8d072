import Graphics
import PanelLoop
import PanelProtocol
import PanelSystem

/// The `screenshot` command's writer. A screenshot shows the frame that has every earlier
/// command in it, so one asked for while a frame is due is held until that frame is painted.
/// With a worker (`run`) only the pixels are copied on the loop; the PNG is encoded and
/// written on the worker's thread, through a bounded queue (each job holds a frame's pixels).
/// The controller hands it the picture and where the reply goes: it calls nothing back.
package final class ScreenshotQueue {
    package struct Request {
        let path: String
        let requestID: String?
        let client: (any CommandClient)?
    }
    /// Where screenshots are encoded and written off the loop's thread; nil: here and now.
    package var worker: PNGWorker?
    private var held: [Request] = []

    /// Why a screenshot cannot be queued now (the worker's queue is full); nil when it can.
    package var busyRefusal: String? {
        guard let worker, worker.inFlight + held.count >= worker.capacity else { return nil }
        return "busy: \(worker.capacity) screenshots are being written; try again when one is done"
    }

    /// Keeps `request` until the frame that is due has been painted.
    package func hold(_ request: Request) { held.append(request) }

    /// The requests that waited for this frame (their clients wait for the replies).
    package func takeHeld() -> [Request] {
        defer { held = [] }
        return held
    }

    /// Writes `picture` (the picture shown now, or why there is none) for `request`, whose
    /// client's `replyDeferred` was called; `reply` sends the reply to that client.
    package func write(_ request: Request, picture: Result<CapturedImage, ImageFailure>, reply: @escaping (Reply) -> Void) {
        let (path, rid, client) = (request.path, request.requestID, request.client)
        // Stdin's own user may name a device (/dev/stdout); other clients only regular files.
        // Never a FIFO: opening one blocks until a reader comes.
        let special: OutputFile.SpecialFiles = (client?.writesAnywhere ?? true) ? .devices : .none
        func answer(_ outcome: PNGWorker.Outcome, width: Int, height: Int) {
            switch outcome {
            case .failed(let message):
                reply(Reply.failure(rid, "cannot write the screenshot: \(message)"))
            case .written, .data:
                var data = JSONLineWriter()
                data.add("path", path); data.add("width", width); data.add("height", height)
                reply(Reply.ok(rid, data: data))
            }
            client?.deferredReplySent()
        }
        let image: CapturedImage
        switch picture {
        case .success(let i): image = i
        case .failure(let f): return answer(.failed(f.message), width: 0, height: 0)
        }
        guard let worker else {
            do { try image.writePNG(to: path, special: special); answer(.written, width: image.width, height: image.height) }
            catch { answer(.failed(error.description), width: 0, height: 0) }
            return
        }
        let (w, h) = (image.width, image.height)
        let accepted = worker.submit(image, to: .file(path, special)) { answer($0, width: w, height: h) }
        if !accepted { answer(.failed("busy: \(worker.capacity) screenshots are being written"), width: 0, height: 0) }
    }

    /// No picture to write (no memory for it), with the error's text.
    package struct ImageFailure: Error { let message: String }
}
