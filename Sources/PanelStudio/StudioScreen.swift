import PanelCore
import PanelLayout
import PanelProtocol

/// The studio's screen switcher: `POST /api/screen` with `{"size":[W,H],"rotation":DEG}`
/// shows the panel on another screen (a size, a way of mounting it) without touching the
/// file, as a monitor with another mode would (PanelController.resize: values and the page
/// are kept). Numbers are checked here, at the edge.
package enum StudioScreen {
    package static let sizes = 16...8192

    package static func change(_ body: String, on controller: PanelController, at time: Double) -> HTTPResponse {
        let root: JSONNode
        switch JSONReader.parse(body) {
        case .success(let n): root = n
        case .failure(let e): return .failure(400, "screen: \(e.message) at column \(e.location.column)")
        }
        guard let size = root.member("size")?.value.arrayValue?.compactMap(\.numberValue), size.count == 2,
              size.allSatisfy({ $0.rounded() == $0 && sizes.contains(Int($0)) }) else {
            return .failure(400, "screen: 'size' must be [width, height], whole pixels \(sizes.lowerBound) to \(sizes.upperBound)")
        }
        var degrees: Int?
        if let r = root.member("rotation")?.value {
            guard let d = r.numberValue, [0.0, 90, 180, 270].contains(d) else {
                return .failure(400, "screen: 'rotation' must be 0, 90, 180 or 270")
            }
            degrees = Int(d)
        }
        do { try controller.resize(screenWidth: Int(size[0]), screenHeight: Int(size[1]), rotationDegrees: degrees, at: time) } catch {
            return .failure(500, "screen: \(error)")
        }
        var w = JSONLineWriter()
        w.add("ok", true)
        w.add("screen", [Double(controller.rotation.physicalWidth), Double(controller.rotation.physicalHeight)])
        w.add("rotation", controller.rotation.degrees)
        return .json(w.line)
    }
}
