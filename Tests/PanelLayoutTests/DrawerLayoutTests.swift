import Testing
@testable import PanelLayout

/// The `drawer` object, page `title`/`icon`/`role`, and the drawer's existence rule.
@Suite struct DrawerLayoutTests {
    @Test func drawerSettingsAndRolesLoad() throws {
        let p = try #require(panel("""
        {"panel": "D", "size": [800, 480],
         "drawer": {"rearViewRevealWidth": -500, "toggleAnimationType": "easeOut", "frontViewShadowOffset": [1, 3], "menuButton": "topRight"},
         "pages": [{"id": "a", "title": "Alpha"}, {"id": "s", "role": "right"}, {"id": "b"}]}
        """))
        #expect(p.hasDrawer)
        let d = try #require(p.drawer)
        #expect(d.number("rearViewRevealWidth") == -500)
        #expect(d.number("rearViewRevealOverdraw") == 60)             // the reference's default
        #expect(d.string("toggleAnimationType") == "easeOut")
        #expect(d.numbers("frontViewShadowOffset") == [1, 3])
        #expect(d.bool("bounceBackOnOverdraw") == true)
        #expect(p.pages.map(\.role) == [.page, .right, .page])
        #expect(p.pages.map(\.title) == ["Alpha", "s", "b"])
    }

    /// One page and no `drawer`: no drawer (single-page panels look as before).
    @Test func singlePageHasNoDrawer() throws {
        let p = try #require(panel(#"{"panel": "D", "size": [800, 480], "pages": [{"id": "a"}]}"#))
        #expect(!p.hasDrawer)
    }

    @Test func drawerErrors() {
        let d = diagnostics("""
        {"panel": "D", "size": [800, 480], "drawer": {"springDampingRatio": 0, "bounceBack": true},
        "pages": [{"id": "s", "role": "right"}, {"id": "t", "role": "right"}]}
        """).map(\.description)
        #expect(d.contains { $0.contains("t.json:1:69: error: 'springDampingRatio'") })
        #expect(d.contains { $0.contains("unknown key 'bounceBack' in drawer") })
        #expect(d.contains { $0.contains("2:41: error: page 't': only one page may have role 'right'") })
        #expect(d.contains { $0.contains("has role 'right': the panel needs at least one page with role 'page'") })
    }
}
