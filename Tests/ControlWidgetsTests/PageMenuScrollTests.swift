import Graphics
import Testing
@testable import ControlWidgets

/// The page menu's rows and scrolling, the menu touch's tap/scroll decision, and the
/// drawer's space (the screen in design units).
@Suite struct PageMenuScrollTests {
    /// 20 rows under a 72 header: 72 + 20·64 = 1352 high; on a 480-high screen it scrolls
    /// 0…872. Unscrolled, y 168 is row 1 (136…200) and y 479 row 6 (456…520, partly shown);
    /// scrolled to 872, y 320 is row 17 (72 + 1088 − 872 = 288…352) and y 0 row 12
    /// (72 + 768 − 872 = −32…32).
    @Test func rowsAndClamping() {
        var m = PageMenuLayout(width: 260, height: 480, count: 20)
        #expect(m.contentHeight == 1352 && m.maxScrollOffset == 872)
        #expect(m.row(at: Point(x: 100, y: 168)) == 1)
        #expect(m.row(at: Point(x: 100, y: 479)) == 6)
        #expect(m.row(at: Point(x: 100, y: 480)) == nil)   // below the screen
        #expect(m.row(at: Point(x: 100, y: 50)) == nil)    // the header
        #expect(m.row(at: Point(x: 260, y: 168)) == nil && m.row(at: Point(x: -1, y: 168)) == nil)
        #expect(m.visibleRows == 0..<7)
        m.scroll(to: 5000)
        #expect(m.scrollOffset == 872)
        #expect(m.row(at: Point(x: 100, y: 320)) == 17)
        #expect(m.row(at: Point(x: 100, y: 0)) == 12)
        #expect(m.rowRect(17).y == 288 && m.headerY == -872)
        #expect(m.visibleRows == 12..<20)
        m.scroll(to: -30)
        #expect(m.scrollOffset == 0)
        m.scroll(to: .nan)
        #expect(m.scrollOffset == 0)
        // Three rows fit on the screen: no scrolling.
        var short = PageMenuLayout(width: 260, height: 480, count: 3)
        short.scroll(to: 100)
        #expect(short.maxScrollOffset == 0 && short.scrollOffset == 0 && short.visibleRows == 0..<3)
        #expect(short.row(at: Point(x: 10, y: 300)) == nil)   // below the last row (72 + 192 = 264)
    }

    /// Within 5 pixels (the drawer's tap slop) a touch is a tap on its row; past it, mostly
    /// vertical scrolls from the touch-down (startScroll − dy, the slop included); mostly
    /// sideways is neither, for good.
    @Test func tapOrScroll() {
        var tap = MenuTouchRecognizer(down: Point(x: 100, y: 200), row: 2, scroll: 50)
        #expect(tap.move(to: Point(x: 104, y: 196)) == .none)
        #expect(tap.lift() == .tap(row: 2))
        var scroll = MenuTouchRecognizer(down: Point(x: 100, y: 200), row: 2, scroll: 50)
        #expect(scroll.move(to: Point(x: 103, y: 194)) == .scroll(to: 56))
        #expect(scroll.isScrolling)
        #expect(scroll.move(to: Point(x: 180, y: 300)) == .scroll(to: -50))   // once scrolling, x does not matter
        #expect(scroll.lift() == .none)
        var sideways = MenuTouchRecognizer(down: Point(x: 100, y: 200), row: 2, scroll: 0)
        #expect(sideways.move(to: Point(x: 110, y: 204)) == .none)
        #expect(sideways.move(to: Point(x: 110, y: 300)) == .none)
        #expect(sideways.lift() == .none)
    }

    /// 800×800 on 1280×800 (scale 1, bars of 240 left and right): the screen is 1280 design
    /// units wide and design x −140 is 100 from its left edge. 800×480 on 1280×600 (scale
    /// 1.25, bars of 140): 1024 × 480 design units, origin 112.
    @Test func drawerSpace() {
        let pillar = DrawerSpace(mapping: ScreenMapping(scale: 1, offsetX: 240, offsetY: 0), screenWidth: 1280, screenHeight: 800)
        #expect(pillar == DrawerSpace(originX: 240, originY: 0, width: 1280, height: 800))
        #expect(pillar.fromDesign(Point(x: -140, y: 168)) == Point(x: 100, y: 168))
        #expect(pillar.toDesign(Point(x: 100, y: 168)) == Point(x: -140, y: 168))
        let scaled = DrawerSpace(mapping: ScreenMapping(scale: 1.25, offsetX: 140, offsetY: 0), screenWidth: 1280, screenHeight: 600)
        #expect(scaled == DrawerSpace(originX: 112, originY: 0, width: 1024, height: 480))
        let letter = DrawerSpace(mapping: ScreenMapping(scale: 1, offsetX: 0, offsetY: 100), screenWidth: 800, screenHeight: 1000)
        #expect(letter.fromDesign(Point(x: 100, y: 68)) == Point(x: 100, y: 168))
    }
}
