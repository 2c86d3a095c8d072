import Graphics
import PanelLayout
import Testing
@testable import PanelSystem
@testable import PanelLoop
@testable import PanelProtocol
@testable import PanelCore
@testable import PanelInput
@testable import PanelDisplay
@testable import PanelHost
@testable import PanelMQTT
@testable import PanelStudio
@testable import PanelBench
import ControlWidgets

@Suite struct PanelOrientationTests {
    /// The kernel's enum names (drm_panel_orientation_enum_list) and the correction plymouth
    /// and mutter apply: "Left Side Up" is corrected by a quarter turn counter-clockwise, which
    /// is 270° in ScreenRotation's clockwise convention; "Right Side Up" by a quarter clockwise.
    @Test func mapsEachKernelNameToTheCorrectingRotation() {
        #expect(PanelOrientation(kmsName: "Normal")?.correctionDegrees == 0)
        #expect(PanelOrientation(kmsName: "Upside Down")?.correctionDegrees == 180)
        #expect(PanelOrientation(kmsName: "Left Side Up")?.correctionDegrees == 270)
        #expect(PanelOrientation(kmsName: "Right Side Up")?.correctionDegrees == 90)
        #expect(PanelOrientation(kmsName: "left side up") == nil)
        #expect(PanelOrientation(kmsName: "") == nil)
    }

    /// A Left-Side-Up panel: the panel's own left edge is at the top of the case. The design's
    /// top edge must land on the scanout's left column (x = 0), and its top-left corner at the
    /// scanout's bottom-left, so the picture reads upright in the case.
    @Test func leftSideUpPutsTheDesignsTopOnThePanelsLeftEdge() {
        let r = ScreenRotation(degrees: PanelOrientation.leftSideUp.correctionDegrees, physicalWidth: 800, physicalHeight: 1280)
        #expect(r.logicalWidth == 1280 && r.logicalHeight == 800)   // a landscape design on a portrait panel
        #expect(r.toPhysical(Point(x: 0, y: 0)) == Point(x: 0, y: 1280))
        #expect(r.toPhysical(Point(x: 1280, y: 0)) == Point(x: 0, y: 0))
        // A touch (panel coordinates) comes back to the same design point.
        #expect(r.toLogical(Point(x: 100, y: 300)) == Point(x: 1280 - 300, y: 100))
    }

    /// The layout's own rotation wins when the file says one (even 0); else the connector's.
    @Test func layoutRotationOverridesThePanelOrientation() {
        let c = ConnectorInfo(id: 1, name: "DSI-1", isConnected: true, modes: [], crtcCandidates: [2], panelOrientation: .rightSideUp)
        #expect(c.rotation(layout: 0, layoutIsExplicit: false) == 90)
        #expect(c.rotation(layout: 0, layoutIsExplicit: true) == 0)
        #expect(c.rotation(layout: 180, layoutIsExplicit: true) == 180)
        let external = ConnectorInfo(id: 2, name: "HDMI-A-1", isConnected: true, modes: [], crtcCandidates: [2])
        #expect(external.rotation(layout: 0, layoutIsExplicit: false) == 0)
    }

    @Test func theLoaderTellsAnExplicitRotationFromTheDefault() throws {
        func panel(_ extra: String) throws -> Panel {
            try PanelLoader(kinds: WidgetCatalog.kinds).parse("{ \"panel\": \"P\", \"size\": [100, 100]\(extra), \"pages\": [ { \"id\": \"p\", \"widgets\": [] } ] }", file: "p.json").get()
        }
        #expect(try panel("").rotationIsExplicit == false)
        #expect(try panel(", \"rotation\": 0").rotationIsExplicit == true)
        #expect(try panel(", \"rotation\": 90").rotation == 90)
    }
}
