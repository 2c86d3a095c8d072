import Testing
@testable import PanelLayout

@Test func letterboxOntoA4To3Screen() {
    // min(1024/1280, 768/800) = min(0.8, 0.96) = 0.8; placed 1024×640, (768 - 640)/2 = 64
    let box = Letterbox(designWidth: 1280, designHeight: 800, screenWidth: 1024, screenHeight: 768)
    #expect(box.scale == 0.8)
    #expect(box.offsetX == 0)
    #expect(box.offsetY == 64)
    #expect(box.toScreen(x: 1280, y: 800) == (1024, 704))
    #expect(box.toDesign(x: 512, y: 384) == (640, 400))
    #expect(box.toScreen(LayoutRect(x: 80, y: 80, width: 200, height: 200)) == LayoutRect(x: 64, y: 128, width: 160, height: 160))
    #expect(!box.containsScreenPoint(x: 10, y: 10))
    #expect(box.containsScreenPoint(x: 10, y: 70))
}

@Test func pillarboxOntoAWideScreen() {
    // min(1920/1280, 1080/800) = min(1.5, 1.35) = 1.35; placed 1728×1080, (1920 - 1728)/2 = 96
    let box = Letterbox(designWidth: 1280, designHeight: 800, screenWidth: 1920, screenHeight: 1080)
    #expect(box.scale == 1.35)
    #expect(abs(box.offsetX - 96) < 1e-9)
    #expect(box.offsetY == 0)
}

@Test func sameSizeIsIdentity() {
    let box = Letterbox(designWidth: 1280, designHeight: 800, screenWidth: 1280, screenHeight: 800)
    #expect(box.scale == 1 && box.offsetX == 0 && box.offsetY == 0)
}

@Test func rotatedDesignOnAPortraitScreen() {
    // The 1280×800 design turned 90° clockwise fills an 800×1280 screen exactly.
    let box = Letterbox(designWidth: 1280, designHeight: 800, screenWidth: 800, screenHeight: 1280, rotation: 90)
    #expect(box.scale == 1 && box.offsetX == 0 && box.offsetY == 0)
    #expect(box.toScreen(x: 0, y: 0) == (800, 0)) // design top-left → screen top-right
    #expect(box.toScreen(x: 1280, y: 0) == (800, 1280))
    for rotation in [0, 90, 180, 270] {
        let b = Letterbox(designWidth: 1280, designHeight: 800, screenWidth: 1024, screenHeight: 600, rotation: rotation)
        let s = b.toScreen(x: 100, y: 250)
        let d = b.toDesign(x: s.x, y: s.y)
        #expect(abs(d.x - 100) < 1e-9 && abs(d.y - 250) < 1e-9, "rotation \(rotation)")
    }
}

@Test func degenerateSizesDoNotTrap() {
    let box = Letterbox(designWidth: 0, designHeight: 0, screenWidth: 0, screenHeight: 0)
    #expect(box.scale == 1)
}
